/**
 * The word index `card_words` also holds each card's tag ids (`t3`, electron/services/library/card-words.ts), so a
 * search word and a tag filter are one full-text MATCH. Existing cards get their rows rewritten in the background
 * (word-index-fill.ts), a bounded batch at a time from card id `next_id` upward, rather than in this migration,
 * which runs at open in one transaction with nothing shown: a minute at 100,000 cards. The old rows are cleared
 * at once here (`delete-all`): deleting them one by one as the fill goes would leave a tombstone in the index for
 * each, several times the fill's own cost. While the fill row exists, searches do not use the word index
 * (search-matches.ts). A library without cards has nothing to fill.
 */
export const version = 7;

export const sql = `
CREATE TABLE word_index_fill (next_id INTEGER NOT NULL);
INSERT INTO card_words (card_words) VALUES ('delete-all');
INSERT INTO word_index_fill (next_id) SELECT 0 WHERE EXISTS (SELECT 1 FROM cards);
`;
