/**
 * A card's row in the word index `card_words`: the ids of its words (`search_words`) and of its tags, as tokens
 * the full-text index keeps whole (`w12`, `t3`). With the tags in the same index, a search word and a tag are one
 * MATCH that intersects two doclists, instead of a card_tags lookup for each of tens of thousands of matches.
 * Written by the card store with every card (card-store.ts) and by the background fill of existing cards
 * (word-index-fill.ts).
 */
import { wordToken } from './search-query.ts';
import type { Sql } from './sql.ts';

/** A tag's token in the card word index. */
export function tagToken(tagId: number): string {
  return `t${tagId}`;
}

/**
 * The ids of `words` in search_words, adding the new ones. One statement for all of them: it opens a statement
 * journal, so a batch runs it before any full-text row (see CardStore.batch).
 */
export function wordIds(sql: Sql, words: Iterable<string>): Map<string, number> {
  const json = JSON.stringify([...new Set(words)]);
  sql.stmt('INSERT OR IGNORE INTO search_words (word) SELECT value FROM json_each(?)').run(json);
  return new Map(
    sql.stmt('SELECT w.word, w.id FROM json_each(?) j JOIN search_words w ON w.word = j.value').raw().all(json) as [
      string,
      number,
    ][],
  );
}

/** Replaces card `id`'s row in card_words: its words (ids from `wordIds`) and the tags card_tags links it to. */
export function writeCardWords(sql: Sql, id: number, words: readonly string[], ids: Map<string, number>): void {
  const tags = sql.stmt('SELECT tag_id FROM card_tags WHERE card_id = ?').pluck().all(id) as number[];
  const tokens = [...words.map((w) => wordToken(ids.get(w)!)), ...tags.map(tagToken)];
  sql.stmt('DELETE FROM card_words WHERE rowid = ?').run(id);
  sql.stmt('INSERT INTO card_words (rowid, words) VALUES (?, ?)').run(id, tokens.join(' '));
}
