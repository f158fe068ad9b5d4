/**
 * Turns a user's search text into SQL: FTS5 trigram MATCH for words of three or more characters, LIKE for shorter
 * ones (trigrams cannot match one- or two-character words, common in CJK names).
 */
export interface SearchClause {
  match: string | null;
  likes: string[];
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
  };
}
