// V3 lorebook (`{spec: 'lorebook_v3', data: Lorebook}`, or a V3 card's `data.character_book`). SillyTavern reads a
// V3 book with the same mapping as V2 (character-book.ts), so this module adds only what differs:
// - decorators (`@@name value` lines at the top of `content`) stay in the content, where SillyTavern's scan
//   parses them; it honours only `@@activate` and `@@dont_activate`, so every other decorator is reported;
// - export wraps the book in `{spec: 'lorebook_v3', data}` and sets the required `use_regex` per entry
//   (true only when every primary key is a `/pattern/flags` regex).

import type { WorldInfoBook } from '../model.ts';
import { readCharacterBook, writeCharacterBook } from './character-book.ts';
import { childPath, ROOT } from './json-path.ts';
import { warn } from './report.ts';
import type { LossReport } from './types.ts';
import { isRecord } from './values.ts';
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

export function readV3Book(book: JsonObject, path: string, report: LossReport, stored: (inputPath: string) => string): WorldInfoBook {
  const result = readCharacterBook(book, path, report, stored);
  const entries = Array.isArray(book.entries) ? book.entries : [];
  entries.forEach((entry, index) => {
    if (!isRecord(entry) || typeof entry.content !== 'string') return;
    for (const name of leadingDecorators(entry.content)) {
      if (ST_DECORATORS.has(name)) continue;
      warn(report, childPath(childPath(childPath(path, 'entries'), index), 'content'),
        `decorator @@${name} is kept in the content; SillyTavern ignores it (it knows only @@activate and @@dont_activate)`);
    }
  });
  return result;
}

export function writeV3Book(book: WorldInfoBook, report: LossReport, name: string | undefined): JsonObject {
  return { spec: 'lorebook_v3', data: writeCharacterBook(book, report, name, childPath(ROOT, 'data')) };
}
