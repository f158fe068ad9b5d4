/**
 * The ids a filtered card list matches (every search word and every tag), found once and kept in a temp table
 * (`temp.card_matches`, rowid order) until the filters or the library change. The list asks for a filtered view
 * page by page as the author scrolls, and each page also needs the total: with the matches at hand, a page is a walk
 * of the sort's index checking each card against a rowid table, and the total a count, instead of reading every
 * match out of the full-text index or card_tags again. Counts over the whole library (the live total, the tag
 * counts) are kept the same way, until the library changes.
 */
import { isWordRun, trigramPhrase, wordToken, type SearchClause } from './search-query.ts';
import type { Sql } from './sql.ts';
import { tagToken } from './card-words.ts';
import { wordIndexPending } from './word-index-fill.ts';

/** One set of ids: the rows it comes from when it leads, and how an id is checked against it otherwise. */
interface IdSet {
  from: string;
  has(id: string): string;
  param: unknown;
}

const matchSet = (table: string, match: string): IdSet => ({
  from: `SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ?`,
  has: (id) => `${id} IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?)`,
  param: match,
});

const tagSet = (tagId: number): IdSet => ({
  from: 'SELECT card_id AS id FROM card_tags WHERE tag_id = ?',
  // One lookup in card_tags' primary key per id.
  has: (id) => `EXISTS (SELECT 1 FROM card_tags WHERE card_id = ${id} AND tag_id = ?)`,
  param: tagId,
});

/** How many ids a filter matched, or 'every' card in the library (live or trashed). */
export type Matches = number | 'every';

/** How many of the first cards must all match before the matches are counted to see if every card does. */
const EVERY_PREFIX = 1_000;

/** A search word inside more distinct words than this is looked up in the cards' trigram index instead. */
const MAX_WORDS = 16;

export class SearchMatches {
  private readonly sql: Sql;
  private held: { key: string; version: string; matches: Matches } | null = null;
  /** Values derived from the whole library (the live count, tag counts), each with the version it was read at. */
  private readonly kept = new Map<string, { version: string; value: unknown }>();
  private created = false;

  constructor(sql: Sql) {
    this.sql = sql;
  }

  /**
   * Puts the ids of every card (live or trashed) that has all `tagIds` and matches every word of `search` into
   * temp.card_matches, unless it holds them already; returns how many there are, or 'every' when every card
   * matches (then the table is left empty: the list needs no filter).
   */
  fill(search: SearchClause | null, tagIds: readonly number[]): Matches {
    const key = JSON.stringify([search?.long, search?.grams, tagIds]);
    if (this.held?.key === key && this.held.version === this.version()) return this.held.matches;
    // Until the background fill has written every card's row, the word index would miss cards.
    const wordIndex = !wordIndexPending(this.sql);
    const words = (search?.long ?? []).map((word) => (wordIndex ? this.wordQuery(word) : null));
    // One query per full-text table: two sets on the same table would be joined row by row.
    const wordQueries = words.filter((w) => w !== null && w !== 'none').map((q) => `(${q})`);
    const trigramWords = (search?.long ?? []).filter((_, i) => words[i] === null);
    // With words to look up there, the tags join them in the word index: one MATCH intersects the doclists,
    // where checking card_tags for each of tens of thousands of matches costs more than finding them.
    const tagsAsWords = wordQueries.length > 0;
    if (tagsAsWords) wordQueries.push(...tagIds.map(tagToken));
    // A search leads when there is one, tags checked per match in card_tags' primary key: a set that follows is
    // read whole into a temporary index first, and a full-text set is the costlier one to read whole.
    const sets: IdSet[] = [
      ...(wordQueries.length ? [matchSet('card_words', wordQueries.join(' AND '))] : []),
      ...(trigramWords.length ? [matchSet('card_search', trigramWords.map(trigramPhrase).join(' AND '))] : []),
      ...(search?.grams.length ? [matchSet('card_grams', search.grams.map((g) => `"${g}"`).join(' AND '))] : []),
      ...(tagsAsWords ? [] : tagIds.map(tagSet)),
    ];
    if (!this.created) {
      this.sql.db.exec('CREATE TEMP TABLE IF NOT EXISTS card_matches (id INTEGER PRIMARY KEY)');
      this.created = true;
    }
    this.sql.stmt('DELETE FROM temp.card_matches').run();
    // A word no card's words hold matches nothing, and so does a tag no card has (-1).
    const matches: Matches = words.includes('none') || tagIds.includes(-1) ? 0 : this.insert(sets);
    // Inside a transaction the fill could still be rolled back: use it for this call only.
    this.held = this.sql.db.inTransaction ? null : { key, version: this.version(), matches };
    return matches;
  }

  /**
   * Writes the ids in all of `sets` into temp.card_matches (the first set leads); 'every' when all cards are. A set
   * every card is in filters nothing and is left out (a common short word beside a rarer word or a tag).
   */
  private insert(sets: readonly IdSet[]): Matches {
    const kept = sets.filter((s) => !this.everyCard(s));
    if (kept.length === 0) return 'every';
    const [first, ...rest] = kept as [IdSet, ...IdSet[]];
    const where = rest.length ? ` WHERE ${rest.map((s) => s.has('f.id')).join(' AND ')}` : '';
    return this.sql
      .stmt(`INSERT INTO temp.card_matches (id) SELECT f.id FROM (${first.from}) f${where}`)
      .run(first.param, ...rest.map((s) => s.param)).changes;
  }

  /**
   * Whether every card (live or trashed) is in `set`: writing 100,000 ids out would be most of the search's time.
   * Counting the set costs a fifth of writing it, so it is counted only when its first EVERY_PREFIX ids are the
   * first EVERY_PREFIX cards, which a set missing even one card in a few hundred hardly ever passes (ids come in
   * order: the n-th id is the n-th card only if every card before it is in the set). The count decides.
   */
  private everyCard(set: IdSet): boolean {
    const nth = `LIMIT 1 OFFSET ${EVERY_PREFIX - 1}`;
    const card = this.sql.stmt(`SELECT id FROM cards ORDER BY id ${nth}`).pluck().get();
    if (card === undefined || this.sql.stmt(`${set.from} ${nth}`).pluck().get(set.param) !== card) return false;
    // Live cards (kept for the list's total) and trashed ones (a small index): counting all rows reads a large one.
    const all =
      this.liveCount() +
      (this.sql.stmt('SELECT count(*) FROM cards WHERE deleted_at IS NOT NULL').pluck().get() as number);
    return this.sql.stmt(`SELECT count(*) FROM (${set.from})`).pluck().get(set.param) === all;
  }

  /**
   * The query of the word index that finds the cards holding `word`: any of the words that contain it (found in a
   * small trigram index). 'none' when no word contains it; null when the trigram index of the cards must answer
   * instead: the word has characters that are no word characters (it may span two words), is a single trigram
   * (one lookup there already), or is inside so many words that looking up each costs more.
   */
  private wordQuery(word: string): string | 'none' | null {
    if ([...word].length < 4 || !isWordRun(word)) return null;
    const ids = this.sql
      .stmt(`SELECT rowid FROM search_word_trigrams WHERE search_word_trigrams MATCH ? LIMIT ${MAX_WORDS + 1}`)
      .pluck()
      .all(trigramPhrase(word)) as number[];
    if (ids.length === 0) return 'none';
    if (ids.length > MAX_WORDS) return null;
    return ids.map(wordToken).join(' OR ');
  }

  /** How many cards are not in the trash (the unfiltered list's total), counted again only after a write. */
  liveCount(): number {
    return this.untilWrite(
      'live',
      () => (this.sql.stmt('SELECT count(*) AS n FROM cards WHERE deleted_at IS NULL').get() as { n: number }).n,
    );
  }

  /**
   * `compute()`, kept under `name` until the library changes. Not kept when computed inside a transaction: it could
   * be rolled back, and a rollback does not change the version.
   */
  untilWrite<T>(name: string, compute: () => T): T {
    const version = this.version();
    const kept = this.kept.get(name);
    if (kept?.version === version) return kept.value as T;
    const value = compute();
    if (this.sql.db.inTransaction) this.kept.delete(name);
    else this.kept.set(name, { version, value });
    return value;
  }

  /**
   * Changes whenever any connection writes the file: total_changes() counts this connection's row changes (the fill
   * above included, so it is read after it) and data_version moves when another connection commits.
   */
  private version(): string {
    const v = this.sql.stmt('SELECT total_changes() AS c, data_version AS v FROM pragma_data_version').get() as {
      c: number;
      v: number;
    };
    return `${v.c}:${v.v}`;
  }
}
