// RisuAI lorebook export (`{type: 'risu', ver, data: [...]}`) ⇄ World Info. Import follows SillyTavern's Risu
// importer (template entries, uid = index); what SillyTavern ignores is kept in originalData for export.
//
// | Risu entry        | World Info (import)                                  | export from World Info           |
// |-------------------|------------------------------------------------------|----------------------------------|
// | key "a, b"        | key: split on ',' and trimmed                        | key joined with ', '             |
// | secondkey         | keysecondary: split and trimmed ('' ⇒ [])            | keysecondary joined              |
// | comment, content  | comment, content                                     | comment, content                 |
// | alwaysActive      | constant                                             | constant                         |
// | selective         | selective                                            | selective                        |
// | insertorder       | order                                                | order (missing ⇒ 100)            |
// | activationPercent | probability (?? 100) and useProbability (?? true)    | probability when useProbability  |
// | mode, useRegex, bookVersion, loreCache, folder, id, unknown: stored in originalData; export mode 'normal' |
// | (none)            | disable = false, addMemo = true, position = 0; the rest template defaults           |
// Risu has no disabled entries: exporting a disabled entry drops it (reported).

import type { WorldInfoBook, WorldInfoEntry } from '../model.ts';
import { BookFormatError } from './errors.ts';
import { readEntryList, writeEntryList } from './entry-list.ts';
import { childPath } from './json-path.ts';
import { record, warn } from './report.ts';
import type { Kind } from './kinds.ts';
import type { LossReport } from './types.ts';
import { compact, describe } from './values.ts';
import type { JsonObject } from './values.ts';

function splitKeys(value: unknown, path: string): string[] {
  if (typeof value !== 'string')
    throw new BookFormatError(path, `expected comma-separated keys (a string), got ${describe(value)}`);
  return value.split(',').map((key) => key.trim());
}

const ENTRY_KINDS: Record<string, Kind> = {
  comment: 'string',
  content: 'string',
  insertorder: 'number',
  alwaysActive: 'boolean',
  selective: 'boolean',
};

export function readRisuBook(doc: JsonObject, report: LossReport): WorldInfoBook {
  return readEntryList(doc, 'data', ENTRY_KINDS, report, (src, to) => {
    const key = splitKeys(src.take('key', 'mapped', to('key'), "split on ',' and trimmed"), childPath(src.path, 'key'));
    const secondkey = src.take('secondkey', 'mapped', to('keysecondary'), "split on ',' and trimmed");
    const percent = src.take('activationPercent', 'mapped', to('probability'), 'also sets useProbability');
    if (percent === undefined || percent === null)
      record(report, 'defaulted', null, to('probability'), 'missing ⇒ 100');
    if (percent === 0)
      warn(
        report,
        childPath(src.path, 'activationPercent'),
        "0%: SillyTavern's import sets useProbability to 0 too, so the entry never rolls and always fires",
      );
    if (src.get('useRegex') === true)
      warn(
        report,
        childPath(src.path, 'useRegex'),
        'keys are regexes in Risu; SillyTavern treats keys without /…/ as plain text',
      );
    if (src.get('mode') === 'folder')
      warn(report, childPath(src.path, 'mode'), 'a Risu folder header; SillyTavern imports it as an entry');
    for (const [field, value] of [
      ['disable', false],
      ['addMemo', true],
      ['position', 0],
    ] as const) {
      record(report, 'defaulted', null, to(field), `${JSON.stringify(value)} (SillyTavern's Risu import)`);
    }
    return {
      key,
      keysecondary: secondkey ? splitKeys(secondkey, childPath(src.path, 'secondkey')) : [],
      comment: src.take('comment', 'mapped', to('comment')) as string,
      content: src.take('content', 'mapped', to('content')) as string,
      constant: src.take('alwaysActive', 'mapped', to('constant')) as boolean,
      selective: src.take('selective', 'mapped', to('selective')) as boolean,
      order: src.take('insertorder', 'mapped', to('order')) as number,
      position: 0,
      disable: false,
      addMemo: true,
      probability: (percent ?? 100) as number,
      useProbability: (percent ?? true) as boolean,
    };
  });
}

function joinKeys(keys: unknown, path: string, report: LossReport): string {
  const list = Array.isArray(keys) ? keys.map(String) : [];
  if (list.some((key) => key.includes(','))) warn(report, path, 'a key contains a comma: Risu will split it');
  return list.join(', ');
}

/** Risu has no disabled entries, so only these are exported (loose `== true`, as SillyTavern tests `disable`). */
export function isRisuExportable(entry: WorldInfoEntry): boolean {
  return entry.disable != true;
}

export function writeRisuBook(book: WorldInfoBook, report: LossReport): JsonObject {
  const data = writeEntryList(book, report, 'data', (src, to, entry) => {
    if (!isRisuExportable(entry)) {
      src.rest('dropped', () => null, 'Risu has no disabled entries: the disabled entry is not exported');
      return undefined;
    }
    src.take('disable', 'dropped', null, 'Risu has no disabled entries (this one is enabled)');
    const useProbability = src.take(
      'useProbability',
      'mapped',
      to('activationPercent'),
      'probability applies only when set',
    );
    const probability = src.take('probability', 'mapped', to('activationPercent'));
    return compact({
      key: joinKeys(src.take('key', 'mapped', to('key'), "joined with ', '"), childPath(src.path, 'key'), report),
      secondkey: joinKeys(
        src.take('keysecondary', 'mapped', to('secondkey'), "joined with ', '"),
        childPath(src.path, 'keysecondary'),
        report,
      ),
      insertorder: src.take('order', 'mapped', to('insertorder')) ?? 100,
      comment: src.take('comment', 'mapped', to('comment')) ?? '',
      content: src.take('content', 'mapped', to('content')) ?? '',
      mode: 'normal',
      alwaysActive: Boolean(src.take('constant', 'mapped', to('alwaysActive'))),
      selective: Boolean(src.take('selective', 'mapped', to('selective'))),
      useRegex: false,
      activationPercent: useProbability ? probability : undefined,
    });
  });
  return { type: 'risu', ver: 1, data };
}
