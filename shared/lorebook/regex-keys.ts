/**
 * Every regex key of a set of books (primary and secondary, macros expanded as the scan expands them), tied to its
 * entry: what a lint, a time-out message or a probe names when a regex key misbehaves.
 */
import { parseRegexKey } from './keys.ts';
import { expandMacros } from './macros.ts';
import type { WorldInfoBook } from './model.ts';

export interface RegexKeyRef {
  book: string;
  uid: number;
  comment: string;
  /** The key as written in the entry. */
  key: string;
  re: RegExp;
}

export function* regexKeys(
  books: Readonly<Record<string, WorldInfoBook>>,
  names: { user: string; char: string },
): Generator<RegexKeyRef> {
  for (const [book, doc] of Object.entries(books)) {
    for (const entry of Object.values(doc?.entries ?? {})) {
      if (!entry || typeof entry !== 'object') continue;
      const keys = [entry.key, entry.keysecondary].flatMap((list) => (Array.isArray(list) ? list : []));
      for (const key of keys) {
        const re = parseRegexKey(expandMacros(String(key), names).trim());
        if (re)
          yield {
            book,
            uid: entry.uid,
            comment: typeof entry.comment === 'string' ? entry.comment : '',
            key: String(key),
            re,
          };
      }
    }
  }
}

/** The key whose compiled regex is `source` (flags decide between equal sources), or undefined. */
export function findRegexKey(
  books: Readonly<Record<string, WorldInfoBook>>,
  names: { user: string; char: string },
  source: string,
  flags: string,
): RegexKeyRef | undefined {
  let sameSource: RegexKeyRef | undefined;
  for (const ref of regexKeys(books, names)) {
    if (ref.re.source !== source) continue;
    if (ref.re.flags === flags) return ref;
    sameSource ??= ref;
  }
  return sameSource;
}

/** How messages name an entry: `Book.uid (comment)`. */
export function entryLabel(ref: Pick<RegexKeyRef, 'book' | 'uid' | 'comment'>): string {
  return `${ref.book}.${ref.uid}${ref.comment ? ` (${ref.comment})` : ''}`;
}
