// Agnai memory book ⇄ World Info. Import follows SillyTavern's Agnai importer (template entries, uid = index);
// what SillyTavern ignores is kept in originalData and restored on export.
//
// | Agnai entry  | World Info (import)                  | export from World Info                 |
// |--------------|--------------------------------------|----------------------------------------|
// | name         | comment; addMemo = !!name            | comment (missing ⇒ '')                 |
// | entry        | content                              | content (missing ⇒ '')                 |
// | keywords     | key                                  | key (missing ⇒ [])                     |
// | weight       | order                                | order (missing ⇒ 0)                    |
// | priority     | ignored by SillyTavern (stored)      | order (missing ⇒ 0)                    |
// | enabled      | disable = !enabled                   | !disable                               |
// | unknown keys | stored in originalData               | restored                               |
// | book: kind, name, description, userId, unknown: stored; export writes kind 'memory', name, description '' |
// | (none)       | keysecondary = [], selective = false; the rest template defaults                  |

import type { WorldInfoBook } from '../model.ts';
import { readEntryList, importedEntryBase, writeEntryList } from './entry-list.ts';
import { record } from './report.ts';
import type { Kind } from './kinds.ts';
import type { LossReport } from './types.ts';
import type { JsonObject } from './values.ts';

const ENTRY_KINDS: Record<string, Kind> = {
  name: 'string',
  entry: 'string',
  keywords: 'string[]',
  priority: 'number',
  weight: 'number',
  enabled: 'boolean',
};

export function readAgnaiBook(doc: JsonObject, report: LossReport): WorldInfoBook {
  return readEntryList(doc, 'entries', ENTRY_KINDS, report, (src, to) => {
    const name = src.take('name', 'mapped', to('comment'), 'addMemo = !!name');
    const base = importedEntryBase(src, to, report, 'Agnai');
    return {
      ...base,
      key: src.take('keywords', 'mapped', to('key')) as string[],
      comment: name as string,
      content: src.take('entry', 'mapped', to('content')) as string,
      order: src.take('weight', 'mapped', to('order')) as number,
      addMemo: Boolean(name),
    };
  });
}

export function writeAgnaiBook(book: WorldInfoBook, report: LossReport, name: string | undefined): JsonObject {
  const entries = writeEntryList(book, report, 'entries', (src, to) => {
    const order = src.take('order', 'mapped', to('weight'), 'also written as priority') ?? 0;
    record(report, 'defaulted', null, to('priority'), 'from order');
    return {
      name: src.take('comment', 'mapped', to('name')) ?? '',
      entry: src.take('content', 'mapped', to('entry')) ?? '',
      keywords: src.take('key', 'mapped', to('keywords')) ?? [],
      priority: order,
      weight: order,
      enabled: !src.take('disable', 'mapped', to('enabled'), 'negated'),
    };
  });
  return { kind: 'memory', name: name ?? '', description: '', entries };
}
