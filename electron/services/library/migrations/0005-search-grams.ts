/**
 * Short words in card search: one- and two-character words (common in Chinese and Japanese names) cannot use the
 * trigram index and fell back to LIKE over every card's text, a full scan. `card_grams` holds each card's distinct
 * characters and character pairs as tokens (electron/services/library/search-query.ts, `searchGrams`, registered as
 * the SQL function `search_grams` for this migration), so such a word is one index lookup. Contentless: the text
 * stays in `card_search`; rows are deleted by rowid (contentless_delete).
 */
export const version = 5;

export const sql = `
CREATE VIRTUAL TABLE card_grams USING fts5 (grams, content = '', contentless_delete = 1, detail = none);
INSERT INTO card_grams (rowid, grams)
  SELECT rowid, search_grams(name, creator, tags, description, notes) FROM card_search;
`;
