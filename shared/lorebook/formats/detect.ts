// Format detection. Explicit markers first (`spec`, `kind`, `type`, `lorebookVersion`), then the entry shape.
// Cards are accepted: their book is `data.character_book`.

import { BookFormatError } from './errors.ts';
import { childPath, ROOT } from './json-path.ts';
import type { BookFormat } from './types.ts';
import { describe, expectRecord, isObject } from './values.ts';
import type { JsonObject } from './values.ts';

export interface LocatedBook {
  format: BookFormat;
  /** The book object (for a card, its `data.character_book`). */
  book: JsonObject;
  /** JSON path of `book` in the input. */
  path: string;
  /** What an import keeps as `originalData`: the book, or the whole `lorebook_v3` wrapper. */
  original: JsonObject;
}

const CARD_SPECS: Record<string, BookFormat> = { chara_card_v2: 'v2', chara_card_v3: 'v3' };

export function detectBookFormat(json: unknown): BookFormat {
  return locateBook(json).format;
}

export function locateBook(json: unknown): LocatedBook {
  const doc = expectRecord(json, ROOT, 'a lorebook');
  if (doc.spec !== undefined) return locateBySpec(doc);
  if (doc.kind === 'memory') return located('agnai', doc);
  if (doc.type === 'risu') return located('risu', doc);
  if (doc.lorebookVersion !== undefined) return located('novelai', doc);
  const entriesPath = childPath(ROOT, 'entries');
  if (isObject(doc.entries)) return located('st', doc);
  if (Array.isArray(doc.entries)) return located(formatOfEntries(doc.entries, entriesPath), doc);
  if (doc.entries !== undefined)
    throw new BookFormatError(
      entriesPath,
      `expected entries (an array or an object keyed by uid), got ${describe(doc.entries)}`,
    );
  if (typeof doc.name === 'string' && typeof doc.first_mes === 'string') {
    throw new BookFormatError(ROOT, 'a V1 character card: V1 cards carry no lorebook');
  }
  throw new BookFormatError(
    entriesPath,
    'missing: not a lorebook (no entries, and no spec, kind, type or lorebookVersion marker)',
  );
}

function located(format: BookFormat, book: JsonObject, path = ROOT, original = book): LocatedBook {
  return { format, book, path, original };
}

function locateBySpec(doc: JsonObject): LocatedBook {
  const specPath = childPath(ROOT, 'spec');
  const dataPath = childPath(ROOT, 'data');
  if (doc.spec === 'lorebook_v3') return located('v3', expectRecord(doc.data, dataPath, 'the lorebook'), dataPath, doc);
  const format = typeof doc.spec === 'string' && Object.hasOwn(CARD_SPECS, doc.spec) ? CARD_SPECS[doc.spec] : undefined;
  if (!format)
    throw new BookFormatError(
      specPath,
      `unknown spec ${JSON.stringify(doc.spec)} (expected lorebook_v3, chara_card_v2 or chara_card_v3)`,
    );
  const data = expectRecord(doc.data, dataPath, 'the card data');
  const bookPath = childPath(dataPath, 'character_book');
  if (data.character_book === undefined || data.character_book === null) {
    throw new BookFormatError(bookPath, `missing: this ${doc.spec} card has no lorebook`);
  }
  return located(format, expectRecord(data.character_book, bookPath, 'a character_book'), bookPath);
}

/** Bare entry lists: NovelAI has `text`, Agnai `entry`/`keywords`, World Info `uid`/`key`, a character_book `keys`. */
function formatOfEntries(entries: unknown[], path: string): BookFormat {
  const first = entries.find(isObject);
  if (!first) {
    if (entries.length === 0) return 'v2';
    throw new BookFormatError(childPath(path, 0), `expected an entry (an object), got ${describe(entries[0])}`);
  }
  if ('text' in first || 'displayName' in first) return 'novelai';
  if ('entry' in first || 'keywords' in first) return 'agnai';
  if (!('keys' in first) && ('uid' in first || 'key' in first)) return 'st';
  return 'v2';
}
