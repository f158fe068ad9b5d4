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
}

export function buildSearch(query: string): SearchClause {
  const words = query
    .trim()
    .split(/\s+/u)
    .filter((w) => w !== '');
  const long = words.filter((w) => [...w].length >= 3);
  const short = words.filter((w) => [...w].length < 3);
  return {
    match: long.length === 0 ? null : long.map((w) => `"${w.replaceAll('"', '""')}"`).join(' AND '),
    likes: short.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
    grams: short.map((w) => gramToken(w.toLowerCase())),
  };
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

/**
 * Every distinct character and pair of adjacent characters in the texts (lower-cased, as the search folds case),
 * as gram tokens separated by spaces. Pairs with white space are left out: a search word never contains any.
 * Runs for every card saved or imported, so it works on code point numbers rather than strings.
 */
export function searchGrams(texts: readonly string[]): string {
  const grams = new Set<number>();
  for (const text of texts) {
    const lower = text.toLowerCase();
    let prev = -1;
    for (let i = 0; i < lower.length; i++) {
      const cp = lower.codePointAt(i)!;
      if (cp > 0xffff) i++;
      if (isWhiteSpace(cp)) {
        prev = -1;
        continue;
      }
      grams.add(cp);
      if (prev >= 0) grams.add(prev * PAIR + cp + PAIR);
      prev = cp;
    }
  }
  const tokens: string[] = [];
  for (const g of grams) {
    if (g < PAIR) tokens.push(hex(g));
    else {
      const pair = g - PAIR;
      tokens.push(hex(Math.floor(pair / PAIR)) + hex(pair % PAIR));
    }
  }
  return tokens.join(' ');
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
