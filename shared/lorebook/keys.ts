// Key compilation and matching (docs/world-info.md#keys). A key is compiled once per book revision and scan context;
// matching then needs no RegExp construction: plain keys are substring or word-boundary searches on a buffer lowered
// once, answered from the view's key-index hits when the view has them.
import type { QuirkName } from './model.ts';
import { resumable } from './regex-growth.ts';
import { requiredAlternatives, requiredLiteral } from './regex-literal.ts';
import type { BufferView } from './scan-buffer.ts';

export type CompiledKey =
  | { readonly kind: 'never'; readonly source: string }
  | RegexKey
  | ({
      readonly kind: 'substring';
      readonly source: string;
      readonly text: string;
      readonly caseSensitive: boolean;
      /** Whole words were asked for, but the key has several words. */
      readonly multiWord: boolean;
    } & IndexedText)
  | ({
      readonly kind: 'word';
      readonly source: string;
      readonly text: string;
      readonly caseSensitive: boolean;
    } & IndexedText);

export interface RegexKey extends IndexedText {
  readonly kind: 'regex';
  readonly source: string;
  readonly re: RegExp;
  /** `re` as text (`/pattern/flags`), as a match reports it. */
  readonly expanded: string;
  /**
   * Text every match contains (see regex-literal.ts), or null: as written when `caseSensitive`, else lowercased (found
   * in the lowered text).
   */
  readonly literal: string | null;
  /** The pattern has no `i` flag: its literal is matched in the text as is. */
  readonly caseSensitive: boolean;
  /** Without a literal: lowercased texts one of which every match contains, or null. */
  readonly alternatives: readonly string[] | null;
  /** Every match starts with `literal`: a search can begin at its first occurrence. */
  readonly leading: boolean;
  /** The first match carries over when the buffer grows (see regex-growth.ts). */
  readonly resumable: boolean;
  /** `re` with the `g` flag, for searching from an offset; made on first use. */
  search: RegExp | null;
  /** `re` with the `y` flag (and without `g`), for trying one offset; made on first use. */
  tryAt: RegExp | null;
  /** The last search of a resumable key: in a text of that lineage (see BufferView), up to `scanned`, found `at`. */
  searched: { lineage: object; scanned: number; at: number } | null;
}

/**
 * Where a key index keeps the key's text (the regex literal for regex keys): the pattern set that last looked it up
 * and the id found there (-1: absent), so a scan finds a key's hits without hashing its text again.
 */
export interface IndexedText {
  indexSet: object | null;
  indexId: number;
}

/** A key whose text (or literal) a key index may cover. */
export type TextKey = Exclude<CompiledKey, { kind: 'never' }>;

/** A key matched as text. */
export type PlainKey = Extract<CompiledKey, { kind: 'substring' | 'word' }>;

export interface PlainKeyOptions {
  caseSensitive: boolean;
  wholeWords: boolean;
}

/** `/pattern/flags` → RegExp, or null when SillyTavern would treat the key as plain text. */
export function parseRegexKey(text: string): RegExp | null {
  if (text.charCodeAt(0) !== 47) return null; // "/"
  const m = /^\/([\w\W]+?)\/([gimsuy]*)$/.exec(text);
  if (!m) return null;
  let pattern = m[1] as string;
  if (/(^|[^\\])\//.test(pattern)) return null;
  pattern = pattern.replace('\\/', '/');
  try {
    return new RegExp(pattern, m[2]);
  } catch {
    return null;
  }
}

/**
 * Compiles a key exactly as it is matched. `text` is the key after macro expansion; `trim` mirrors the activation
 * path (expanded keys are trimmed and an empty one never matches), which group scoring skips.
 */
export function compileKey(source: string, text: string, options: PlainKeyOptions, trim: boolean): CompiledKey {
  if (trim) {
    if (!text) return { kind: 'never', source };
    text = text.trim();
  }
  const re = parseRegexKey(text);
  if (re) {
    const literal = requiredLiteral(re);
    return {
      kind: 'regex',
      source,
      re,
      expanded: re.toString(),
      literal: (re.ignoreCase ? literal?.text : literal?.asWritten) ?? null,
      caseSensitive: !re.ignoreCase,
      alternatives: literal ? null : requiredAlternatives(re),
      // A sticky key matches only at offset 0 (SillyTavern's lastIndex is 0): never searched from elsewhere.
      leading: !!literal?.leading && !re.sticky,
      resumable: resumable(re),
      search: null,
      tryAt: null,
      searched: null,
      indexSet: null,
      indexId: -1,
    };
  }
  const { caseSensitive } = options;
  const needle = caseSensitive ? text : text.toLowerCase();
  // Several words when splitting on whitespace gives several parts, i.e. when there is any whitespace at all.
  const multiWord = /\s/.test(needle);
  if (!options.wholeWords || multiWord)
    return {
      kind: 'substring',
      source,
      text: needle,
      caseSensitive,
      multiWord: options.wholeWords && multiWord,
      indexSet: null,
      indexId: -1,
    };
  return { kind: 'word', source, text: needle, caseSensitive, indexSet: null, indexId: -1 };
}

/** Offset of the first hit (in `view.text` coordinates for regex keys, in the searched haystack's otherwise), or -1. */
export function findKey(key: CompiledKey, view: BufferView): number {
  switch (key.kind) {
    case 'never':
      return -1;
    case 'regex':
      return findRegex(key, view);
    case 'substring':
      return view.keyOccurrence(key, false);
    case 'word':
      return view.keyOccurrence(key, true);
  }
}

export function matchesKey(key: CompiledKey, view: BufferView): boolean {
  return findKey(key, view) >= 0;
}

/**
 * The first match of a regex key, as a fresh RegExp finds it (SillyTavern builds one per test, so `g`/`y` never carry
 * lastIndex over). Outside the reference scan, searching only where a match can start: when the literal leads every
 * match (offsets agree when lowering kept the length: only U+0130 grows), only at its occurrences, and only in the
 * appended text when the last search of this lineage found nothing (see regex-growth.ts).
 */
function findRegex(key: RegexKey, view: BufferView): number {
  let from = 0;
  let leading = false;
  const { text } = view;
  if (key.literal !== null || key.alternatives !== null) {
    const at = view.keyOccurrence(key, false);
    if (at < 0) return -1;
    if (key.leading && (key.caseSensitive || view.lower().length === text.length)) {
      from = at;
      leading = true;
    }
  }
  if (view.reference) {
    key.re.lastIndex = 0;
    return key.re.exec(text)?.index ?? -1;
  }
  const last = key.searched;
  if (last && last.lineage === view.lineage && last.scanned <= text.length) {
    if (last.at >= 0 || last.scanned === text.length) return last.at;
    from = Math.max(from, last.scanned);
  }
  let at: number;
  if (leading) at = searchLeading(key, view, from);
  else if (from === 0) {
    key.re.lastIndex = 0;
    at = key.re.exec(text)?.index ?? -1;
  } else {
    const search = (key.search ??= new RegExp(key.re.source, key.re.global ? key.re.flags : `${key.re.flags}g`));
    search.lastIndex = from;
    at = search.exec(text)?.index ?? -1;
  }
  if (key.resumable) key.searched = { lineage: view.lineage, scanned: text.length, at };
  return at;
}

/**
 * The first match at or after `from` of a key whose literal leads every match: a match can start only where the
 * literal occurs (in the text as is for a case-sensitive key, else lowered), so the pattern is tried there alone
 * (sticky), instead of at every offset up to the end of the text. The occurrences come from the key index when it keeps them all, else from `indexOf`.
 */
function searchLeading(key: RegexKey, view: BufferView, from: number): number {
  const sticky = (key.tryAt ??= new RegExp(key.re.source, `${key.re.flags.replace('g', '')}y`));
  const occurrences = view.leadingOccurrences(key);
  if (occurrences) {
    for (let i = firstAtOrAfter(occurrences, from); i < occurrences.length; i++) {
      const at = occurrences[i] as number;
      sticky.lastIndex = at;
      if (sticky.test(view.text)) return at;
    }
    return -1;
  }
  const literal = key.literal as string;
  const haystack = key.caseSensitive ? view.text : view.lower();
  for (let at = haystack.indexOf(literal, from); at >= 0; at = haystack.indexOf(literal, at + 1)) {
    sticky.lastIndex = at;
    if (sticky.test(view.text)) return at;
  }
  return -1;
}

/** The position in ascending `values` of the first one at or after `from` (`values.length` when none is). */
function firstAtOrAfter(values: readonly number[], from: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((values[middle] as number) < from) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The quirk that let a key match, when a reader would not expect the hit (plain keys only). `at`: the key's hit, as
 * `findKey` gives it.
 */
export function matchQuirk(key: CompiledKey, view: BufferView, at = findKey(key, view)): QuirkName | undefined {
  if (key.kind === 'substring' && key.multiWord) return multiWordQuirk(view.keyOccurrence(key, true));
  if (key.kind !== 'word') return undefined;
  return boundaryQuirk(key.caseSensitive ? view.text : view.lower(), at, at + key.text.length);
}

/** `matchQuirk` of a multi-word key matched as a substring under whole words: `whole`, its first whole-word hit. */
export function multiWordQuirk(whole: number): QuirkName | undefined {
  return whole < 0 ? 'wholeword-multiword-substring' : undefined;
}

/** `matchQuirk` of a word key's hit at `haystack[at, end)` (the text as the key sees it). */
export function boundaryQuirk(haystack: string, at: number, end: number): QuirkName | undefined {
  // The hit is word-bounded, so an ASCII neighbour is no letter or digit: only non-ASCII ones need the Unicode test.
  if ((at === 0 || haystack.charCodeAt(at - 1) < 128) && (end >= haystack.length || haystack.charCodeAt(end) < 128))
    return undefined;
  const before = haystack.slice(Math.max(0, at - 2), at);
  const after = haystack.slice(end, end + 2);
  return UNICODE_WORD_END.test(before) || UNICODE_WORD_START.test(after) ? 'wholeword-non-ascii-boundary' : undefined;
}

const UNICODE_WORD_END = /[\p{L}\p{N}]$/u;
const UNICODE_WORD_START = /^[\p{L}\p{N}]/u;

/** A `/^…/` key: `caretQuirk` reads it, so its checks cannot be decided from its literal alone. */
export function caretAnchored(key: RegexKey): boolean {
  return key.re.source.startsWith('^');
}

/** A `/^…/` key that fails only because the buffer's first segment starts with \x01. */
export function caretQuirk(keys: readonly CompiledKey[], view: BufferView): QuirkName | undefined {
  const text = view.text.slice(1);
  for (const key of keys) {
    if (key.kind !== 'regex' || !caretAnchored(key)) continue;
    key.re.lastIndex = 0;
    if (key.re.test(text)) return 'regex-caret-first-message';
  }
  return undefined;
}

/** `(?:^|\W)key(?:$|\W)` without a RegExp: `\W` is everything outside ASCII [A-Za-z0-9_]. */
export function findWholeWord(haystack: string, needle: string): number {
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
    const end = i + needle.length;
    if (wordBounded(haystack, i, end)) return i;
    if (needle.length === 0 && i >= haystack.length) break;
  }
  return -1;
}

/** Whether `haystack[start, end)` has a non-word character (or the text's edge) on both sides. */
export function wordBounded(haystack: string, start: number, end: number): boolean {
  return (
    (start === 0 || !isWordChar(haystack.charCodeAt(start - 1))) &&
    (end === haystack.length || !isWordChar(haystack.charCodeAt(end)))
  );
}

export function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
