// NovelAI `.lorebook` ⇄ World Info. Import follows SillyTavern's NovelAI importer (template entries, uid = index),
// so the book activates as it would after importing it there; everything SillyTavern ignores is kept in
// originalData and restored on export.
//
// | NovelAI entry                        | World Info (import)                  | export from World Info             |
// |--------------------------------------|--------------------------------------|------------------------------------|
// | text                                 | content                              | content (missing ⇒ '')             |
// | keys                                 | key                                  | key                                |
// | displayName                          | comment (|| ''); addMemo = non-blank | comment                            |
// | enabled                              | disable = !enabled                   | !disable                           |
// | contextConfig.budgetPriority         | order (missing ⇒ 0)                  | order (missing ⇒ 400)              |
// | forceActivation                      | ignored by SillyTavern (stored)      | constant                           |
// | contextConfig.{prefix, suffix, tokenBudget, reservedTokens, trimDirection, insertionType,                 |
// |   maximumTrimType, insertionPosition}, searchRange, keyRelative, nonStoryActivatable, category,            |
// |   loreBiasGroups, id, lastUpdatedAt, unknown keys: stored in originalData; NovelAI defaults on export     |
// | book: lorebookVersion, settings, categories: stored; export writes version 5 with empty settings         |
// | (none)                               | keysecondary = [], selective = false; the rest template defaults |

import type { WorldInfoBook } from '../model.ts';
import { readEntryList, importedEntryBase, writeEntryList } from './entry-list.ts';
import { childPath, inOriginalData } from './json-path.ts';
import { record, sourceFields, warn } from './report.ts';
import type { Kind } from './kinds.ts';
import type { LossReport } from './types.ts';
import { compact, isObject } from './values.ts';
import type { JsonObject } from './values.ts';

/** NovelAI's defaults for a new lore entry's context settings. */
const NOVELAI_CONTEXT_DEFAULTS: JsonObject = {
  prefix: '',
  suffix: '\n',
  tokenBudget: 1,
  reservedTokens: 0,
  budgetPriority: 400,
  trimDirection: 'trimBottom',
  insertionType: 'newline',
  maximumTrimType: 'sentence',
  insertionPosition: -1,
};

const ENTRY_KINDS: Record<string, Kind> = {
  text: 'string',
  keys: 'string[]',
  displayName: 'string',
  enabled: 'boolean',
  contextConfig: 'object',
};

export function readNovelAiBook(doc: JsonObject, report: LossReport): WorldInfoBook {
  return readEntryList(doc, 'entries', ENTRY_KINDS, report, (src, to) => {
    const displayName = src.take('displayName', 'mapped', to('comment'), 'addMemo = non-blank displayName');
    const base = importedEntryBase(src, to, report, 'NovelAI');
    if (src.get('forceActivation') === true) {
      warn(
        report,
        childPath(src.path, 'forceActivation'),
        "SillyTavern's import does not make the entry constant; set constant to keep NovelAI's behaviour",
      );
    }
    const context = src.get('contextConfig');
    let order: unknown;
    if (isObject(context)) {
      const config = sourceFields(context, childPath(src.path, 'contextConfig'), report);
      order = config.take('budgetPriority', 'mapped', to('order'));
      config.rest(
        'stored',
        (key) => childPath(childPath(inOriginalData(src.path), 'contextConfig'), key),
        'NovelAI context setting; kept in originalData for export',
      );
      src.take('contextConfig', 'mapped', null, 'its fields are reported one by one');
    }
    if (order === undefined || order === null)
      record(report, 'defaulted', null, to('order'), 'missing budgetPriority ⇒ 0');
    return {
      ...base,
      key: src.take('keys', 'mapped', to('key')) as string[],
      comment: (displayName || '') as string,
      content: src.take('text', 'mapped', to('content')) as string,
      order: (order ?? 0) as number,
      addMemo: typeof displayName === 'string' && displayName.trim() !== '',
    };
  });
}

export function writeNovelAiBook(book: WorldInfoBook, report: LossReport): JsonObject {
  const entries = writeEntryList(book, report, 'entries', (src, to) => {
    const order = src.take('order', 'mapped', childPath(to('contextConfig'), 'budgetPriority'));
    return compact({
      text: src.take('content', 'mapped', to('text')) ?? '',
      contextConfig: { ...NOVELAI_CONTEXT_DEFAULTS, ...(order === undefined ? {} : { budgetPriority: order }) },
      displayName: src.take('comment', 'mapped', to('displayName')),
      keys: src.take('key', 'mapped', to('keys')) ?? [],
      searchRange: 1000,
      enabled: !src.take('disable', 'mapped', to('enabled'), 'negated'),
      forceActivation: Boolean(
        src.take('constant', 'mapped', to('forceActivation'), "SillyTavern's NovelAI import ignores it"),
      ),
      keyRelative: false,
      nonStoryActivatable: false,
      category: '',
      loreBiasGroups: [],
    });
  });
  return { lorebookVersion: 5, entries, settings: { orderByKeyLocations: false }, categories: [] };
}
