/**
 * Near misses of an entry that did not fire: where one of its keys almost matched the scanned text — blocked by
 * whole-word matching ("wolf" inside "wolfish"), by case ("Wolf" ≠ "wolf") — and which secondary keys were
 * missing when the primary key did match. Called only for entries that did not fire, when the author asks why;
 * the scan itself never runs this.
 */
import type { EntryExplanation, ScanSettings, WorldInfoEntry } from './model.ts';

/** A place in the scanned text: the message (0 = the first of the chat) and the character offset in it. */
export interface TextPosition {
  message: number;
  offset: number;
}

export type NearMiss =
  | ({ kind: 'whole-word'; key: string; word: string } & TextPosition)
  | ({ kind: 'case'; key: string; found: string } & TextPosition)
  | ({ kind: 'secondary-missing'; key: string; missing: string[] } & TextPosition);

/** Enough for a long chat, never so many that a common key floods the list. */
const MAX_PER_KEY = 3;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

const isWordChar = (c: string | undefined): boolean => c !== undefined && WORD_CHAR.test(c);

/** The whole word around [start, end): "wolfish" around "wolf". */
function wordAround(text: string, start: number, end: number): string {
  let s = start;
  let e = end;
  while (s > 0 && isWordChar(text[s - 1])) s--;
  while (e < text.length && isWordChar(text[e])) e++;
  return text.slice(s, e);
}

/** Every index of `needle` in `haystack` (both already case-folded as wanted). */
function* indexes(haystack: string, needle: string): Generator<number> {
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) yield at;
}

/** A regex key (`/…/flags`) is matched as written; near misses are about plain keys. */
const isRegexKey = (key: string): boolean => /^\/.+\/[a-z]*$/s.test(key);

function keyNearMisses(key: string, messages: readonly string[], caseSensitive: boolean, wholeWords: boolean) {
  const out: NearMiss[] = [];
  const needle = key.toLowerCase();
  // SillyTavern applies whole-word matching to single-word keys only.
  const checkWords = wholeWords && !/\s/.test(key.trim());
  for (const [message, text] of messages.entries()) {
    const folded = text.toLowerCase();
    for (const offset of indexes(folded, needle)) {
      if (out.length >= MAX_PER_KEY) return out;
      const found = text.slice(offset, offset + key.length);
      const sameCase = found === key;
      const bounded = !isWordChar(text[offset - 1]) && !isWordChar(text[offset + key.length]);
      if (caseSensitive && !sameCase) out.push({ kind: 'case', key, found, message, offset });
      else if (checkWords && !bounded)
        out.push({ kind: 'whole-word', key, word: wordAround(text, offset, offset + key.length), message, offset });
    }
  }
  return out;
}

/** Where `key` first matches as the scan would (same case rule, whole words aside). */
function firstHit(key: string, messages: readonly string[], caseSensitive: boolean): TextPosition | null {
  for (const [message, text] of messages.entries()) {
    const offset = caseSensitive ? text.indexOf(key) : text.toLowerCase().indexOf(key.toLowerCase());
    if (offset >= 0) return { message, offset };
  }
  return null;
}

/**
 * `messages` are the scanned messages in chat order, as the scan saw them; `explanation` is the entry's verdict.
 * The entry's own case and whole-word options win over the book's settings, as in the scan.
 */
export function nearMisses(
  entry: WorldInfoEntry,
  explanation: EntryExplanation | undefined,
  messages: readonly string[],
  settings: Pick<ScanSettings, 'caseSensitive' | 'matchWholeWords'>,
): NearMiss[] {
  const caseSensitive = entry.caseSensitive ?? settings.caseSensitive;
  const wholeWords = entry.matchWholeWords ?? settings.matchWholeWords;
  const reason = explanation?.reason;
  if (reason?.code === 'secondary-failed') {
    const key = reason.match.key;
    const position = firstHit(reason.match.expanded || key, messages, caseSensitive);
    // AND ANY / AND ALL fail on secondary keys that are absent (the NOT logics fail on present ones, said already).
    const missing = reason.secondary.logic === 0 || reason.secondary.logic === 3 ? reason.secondary.unmatched : [];
    return position && missing.length ? [{ kind: 'secondary-missing', key, missing, ...position }] : [];
  }
  if (reason !== undefined && reason.code !== 'no-key-match') return [];
  return (entry.key ?? [])
    .filter((k) => k.trim() !== '' && !isRegexKey(k))
    .flatMap((k) => keyNearMisses(k, messages, caseSensitive, wholeWords));
}
