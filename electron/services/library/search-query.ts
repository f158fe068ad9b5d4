/**
 * Turns a user's search text into SQL. Words of three or more characters go to the FTS5 trigram index (MATCH).
 * Shorter words (one or two characters: common CJK names and words) cannot use trigrams; for cards they go to a
 * second index holding every distinct character and character pair of the card's text (`searchGrams`), and for
 * other kinds to LIKE.
 */
export interface SearchClause {
  match: string | null;
  likes: string[];
  /** The short words as gram tokens (`gramToken`): each must be in the card's gram index. */
  grams: string[];
  /** The words of three or more characters, lower-cased (cards look each up in the word index or the trigrams). */
  long: string[];
}

export function buildSearch(query: string): SearchClause {
  const words = query
    .trim()
    .split(/\s+/u)
    .filter((w) => w !== '');
  const long = words.filter((w) => [...w].length >= 3);
  const short = words.filter((w) => [...w].length < 3);
  return {
    match: long.length === 0 ? null : long.map(trigramPhrase).join(' AND '),
    likes: short.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
    grams: short.map((w) => gramToken(w.toLowerCase())),
    long: long.map((w) => w.toLowerCase()),
  };
}

/** The phrase that finds `word` as a substring in a trigram index. */
export function trigramPhrase(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/** A code point as six hex digits. */
function hex(cp: number): string {
  return cp.toString(16).padStart(6, '0');
}

/**
 * One or two characters as a token the FTS5 unicode61 tokenizer keeps whole: each code point as six hex digits, so
 * any character (punctuation too) becomes letters and digits, and a pair can never be mistaken for a single one.
 */
export function gramToken(gram: string): string {
  let token = '';
  for (const ch of gram) token += hex(ch.codePointAt(0)!);
  return token;
}

/** Above every code point: a pair (a, b) is kept as the number a * PAIR + b + PAIR, a single character as itself. */
const PAIR = 0x110000;

/** Letters, marks and digits of any script: what a word (`searchTokens`) is made of. */
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

/** Whether a code point of lower-cased text is a word character (ASCII without the regular expression). */
function isWordChar(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x30 && cp <= 0x39);
  return WORD_CHAR.test(String.fromCodePoint(cp));
}

/** Whether every character of a lower-cased search word is a word character: then it lies inside one word. */
export function isWordRun(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const cp = word.codePointAt(i)!;
    if (cp > 0xffff) i++;
    if (!isWordChar(cp)) return false;
  }
  return true;
}

/**
 * What a card's texts put in its search indexes, in one pass over the lower-cased text (it runs for every card
 * saved or imported, so it works on code point numbers rather than strings):
 * - `grams`: every distinct character and pair of adjacent characters, as gram tokens separated by spaces. Pairs
 *   with white space are left out: a search word never contains any.
 * - `words`: every distinct word, a longest run of letters, marks and digits. A search word made only of such
 *   characters occurs in a text only inside one of its words, so the words holding it as a substring (found in the
 *   small trigram index of all words) name exactly the cards that hold it.
 * Without `withGrams`, only the words (grams empty): a fifth less work for the word-index fill.
 */
export function searchTokens(texts: readonly string[], withGrams = true): { grams: string; words: string[] } {
  const grams = new Set<number>();
  const words = new Set<string>();
  for (const text of texts) {
    const lower = text.toLowerCase();
    let prev = -1;
    let wordStart = -1;
    for (let i = 0; i < lower.length; i++) {
      const at = i;
      const cp = lower.codePointAt(i)!;
      if (cp > 0xffff) i++;
      const inWord = isWordChar(cp);
      if (inWord && wordStart < 0) wordStart = at;
      else if (!inWord && wordStart >= 0) {
        words.add(lower.slice(wordStart, at));
        wordStart = -1;
      }
      if (!withGrams) continue;
      if (isWhiteSpace(cp)) {
        prev = -1;
        continue;
      }
      grams.add(cp);
      if (prev >= 0) grams.add(prev * PAIR + cp + PAIR);
      prev = cp;
    }
    if (wordStart >= 0) words.add(lower.slice(wordStart));
  }
  const tokens: string[] = [];
  for (const g of grams) {
    if (g < PAIR) tokens.push(hex(g));
    else {
      const pair = g - PAIR;
      tokens.push(hex(Math.floor(pair / PAIR)) + hex(pair % PAIR));
    }
  }
  return { grams: tokens.join(' '), words: [...words] };
}

/** The words of `searchTokens` alone (the background fill of the word index, word-index-fill.ts). */
export function searchWords(texts: readonly string[]): string[] {
  return searchTokens(texts, false).words;
}

/** The gram tokens of `searchTokens` alone (migration 0005 fills the gram index of existing cards with it). */
export function searchGrams(texts: readonly string[]): string {
  return searchTokens(texts).grams;
}

/** A word's token in the card word index: its id in `search_words`, as letters the index keeps whole. */
export function wordToken(id: number): string {
  return `w${id}`;
}

/** What `\s` matches (the query is split on it), as a code point test: this runs for every character of a card. */
function isWhiteSpace(cp: number): boolean {
  if (cp < 0xa0) return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d);
  return (
    cp === 0xa0 ||
    cp === 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200a) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    cp === 0x202f ||
    cp === 0x205f ||
    cp === 0x3000 ||
    cp === 0xfeff
  );
}
