// V3 lorebook (`{spec: 'lorebook_v3', data: Lorebook}`, or a V3 card's `data.character_book`). SillyTavern reads a
// V3 book with the same mapping as V2 (character-book.ts), so this module adds only what differs:
// - decorators (`@@name value` lines at the top of `content`) stay in the content, where SillyTavern's scan
//   parses them; it honours only `@@activate` and `@@dont_activate`, so every other decorator is reported;
// - export wraps the book in `{spec: 'lorebook_v3', data}` and sets the required `use_regex` per entry
//   (true only when every primary key is a `/pattern/flags` regex);
// - with `decorators`, export also states SillyTavern's placement the CCv3 way for V3-native readers:
//   | World Info                 | decorator line prepended to content           |
//   | position 4, depth, role    | `@@depth N`, `@@role system|user|assistant`    |
//   | scanDepth (a number)       | `@@scan_depth N`                              |
//   SillyTavern strips unknown decorator lines when it scans, so it inserts the same text, but the stored
//   content changes (World Info → V3 → World Info is then not lossless). Skipped when the content has no text
//   line (SillyTavern would insert the decorators verbatim) or already has that decorator.

import type { WorldInfoBook, WorldInfoEntry } from '../model.ts';
import { readCharacterBook, writeCharacterBook } from './character-book.ts';
import { childPath, ROOT } from './json-path.ts';
import { record, warn } from './report.ts';
import type { LossReport } from './types.ts';
import { isObject } from './values.ts';
import type { JsonObject } from './values.ts';

const ST_DECORATORS = new Set(['activate', 'dont_activate']);

/** Names of the decorator lines at the top of `content` (`@@depth 4` ⇒ `depth`; fallbacks `@@@x` included). */
export function leadingDecorators(content: string): string[] {
  const names: string[] = [];
  for (const line of content.split('\n')) {
    const match = /^@@@?([^\s@]\S*)/.exec(line);
    if (!match?.[1]) break;
    names.push(match[1]);
  }
  return names;
}

export function readV3Book(
  book: JsonObject,
  path: string,
  report: LossReport,
  stored: (inputPath: string) => string,
): WorldInfoBook {
  const result = readCharacterBook(book, path, report, stored);
  const entries = Array.isArray(book.entries) ? book.entries : [];
  entries.forEach((entry, index) => {
    if (!isObject(entry) || typeof entry.content !== 'string') return;
    for (const name of leadingDecorators(entry.content)) {
      if (ST_DECORATORS.has(name)) continue;
      warn(
        report,
        childPath(childPath(childPath(path, 'entries'), index), 'content'),
        `decorator @@${name} is kept in the content; SillyTavern ignores it (it knows only @@activate and @@dont_activate)`,
      );
    }
  });
  return result;
}

const ROLES = ['system', 'user', 'assistant'];

interface Decorator {
  /** The World Info field it states. */
  field: string;
  name: string;
  value: string | number;
}

/** The decorators that state an entry's SillyTavern placement. */
function placementDecorators(entry: WorldInfoEntry): Decorator[] {
  const decorators: Decorator[] = [];
  if (entry.position === 4) {
    decorators.push({ field: 'depth', name: 'depth', value: entry.depth ?? 4 });
    const role = typeof entry.role === 'number' ? ROLES[entry.role] : undefined;
    if (role) decorators.push({ field: 'role', name: 'role', value: role });
  }
  if (typeof entry.scanDepth === 'number')
    decorators.push({ field: 'scanDepth', name: 'scan_depth', value: entry.scanDepth });
  return decorators;
}

function addDecorators(
  entry: WorldInfoEntry,
  out: JsonObject,
  path: string,
  outPath: string,
  report: LossReport,
): void {
  const content = typeof out.content === 'string' ? out.content : '';
  const existing = new Set(leadingDecorators(content));
  const added = placementDecorators(entry).filter((decorator) => !existing.has(decorator.name));
  if (added.length === 0) return;
  if (!content.split('\n').some((line) => line.trim() !== '' && !line.startsWith('@@'))) {
    warn(
      report,
      childPath(path, 'content'),
      'no decorators added: the content has no text line (with only decorator lines, SillyTavern inserts them verbatim)',
    );
    return;
  }
  out.content = [...added.map(({ name, value }) => `@@${name} ${value}`), content].join('\n');
  for (const { field, name } of added)
    record(report, 'mapped', childPath(path, field), childPath(outPath, 'content'), `also as @@${name}`);
}

export function writeV3Book(
  book: WorldInfoBook,
  report: LossReport,
  name: string | undefined,
  decorators: boolean,
): JsonObject {
  const data = writeCharacterBook(book, report, name, childPath(ROOT, 'data'));
  if (decorators) {
    const entries = data.entries as JsonObject[];
    Object.entries(book.entries).forEach(([key, entry], index) => {
      addDecorators(
        entry,
        entries[index]!,
        childPath(childPath(ROOT, 'entries'), key),
        childPath(childPath(childPath(ROOT, 'data'), 'entries'), index),
        report,
      );
    });
  }
  return { spec: 'lorebook_v3', data };
}
