/**
 * A word index for card search, beside the trigram index: a long common word ("lighthouse" in 70,000 of 100,000
 * cards) made the trigram index check eight trigrams' positions in every card holding them, tens of milliseconds
 * for each new search. `search_words` lists every distinct word of every card (lower-cased runs of letters, marks
 * and digits: electron/services/library/search-query.ts, `searchTokens`, registered as the SQL function
 * `search_word_list` returning a JSON array), with a trigram index of its own (`search_word_trigrams`, small: one row
 * per word) to find the words holding a search word; `card_words` holds each card's word ids as tokens (`w12`),
 * without positions, so a search is one index lookup per word found. Words are never removed: one no card uses
 * any more finds nothing. Also drops `cards_updated`: the list sorts by the partial index of migration 0004, and
 * every import paid for this one.
 */
export const version = 6;

export const sql = `
CREATE TABLE search_words (id INTEGER PRIMARY KEY, word TEXT NOT NULL UNIQUE);
CREATE VIRTUAL TABLE search_word_trigrams USING fts5 (word, content = 'search_words', content_rowid = 'id', tokenize = 'trigram');
CREATE TRIGGER search_words_indexed AFTER INSERT ON search_words BEGIN
  INSERT INTO search_word_trigrams (rowid, word) VALUES (new.id, new.word);
END;
CREATE VIRTUAL TABLE card_words USING fts5 (words, content = '', contentless_delete = 1, detail = none);
INSERT OR IGNORE INTO search_words (word)
  SELECT j.value FROM card_search s, json_each(search_word_list(s.name, s.creator, s.tags, s.description, s.notes)) j;
INSERT INTO card_words (rowid, words)
  SELECT s.rowid, (SELECT group_concat('w' || w.id, ' ') FROM json_each(search_word_list(s.name, s.creator, s.tags, s.description, s.notes)) j
    JOIN search_words w ON w.word = j.value)
  FROM card_search s;
DROP INDEX cards_updated;
`;
