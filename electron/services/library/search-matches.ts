/**
 * The ids a card search matches, found once and kept in a temp table (`temp.card_matches`, rowid order) until the
 * search or the library changes. The list asks for a search page by page as the author scrolls, and each page also
 * needs the total: with the matches at hand, a page is a walk of the sort's index checking each card against a
 * rowid table, and the total a count, instead of reading every matching card out of the full-text index again.
 */
import type { SearchClause } from './search-query.ts';
import type { Sql } from './sql.ts';

export class SearchMatches {
  private readonly sql: Sql;
  private held: { key: string; version: string; count: number } | null = null;
  private created = false;

  constructor(sql: Sql) {
    this.sql = sql;
  }

  /** Puts the ids matching every word of `search` into temp.card_matches (unless held already); returns how many. */
  fill(search: SearchClause): number {
    const sets: [table: string, match: string][] = [
      ...(search.match ? [['card_search', search.match] as [string, string]] : []),
      ...search.grams.map((g): [string, string] => ['card_grams', `"${g}"`]),
    ];
    const key = JSON.stringify(sets);
    if (this.held?.key === key && this.held.version === this.version()) return this.held.count;
    if (!this.created) {
      this.sql.db.exec('CREATE TEMP TABLE IF NOT EXISTS card_matches (id INTEGER PRIMARY KEY)');
      this.created = true;
    }
    this.sql.stmt('DELETE FROM temp.card_matches').run();
    const [[table, match], ...rest] = sets as [[string, string], ...[string, string][]];
    const count = this.sql
      .stmt(
        `INSERT INTO temp.card_matches (id) SELECT rowid FROM ${table} WHERE ${table} MATCH ?${rest
          .map(([t]) => ` AND rowid IN (SELECT rowid FROM ${t} WHERE ${t} MATCH ?)`)
          .join('')}`,
      )
      .run(match, ...rest.map(([, m]) => m)).changes;
    // Inside a transaction the fill could still be rolled back: use it for this call only.
    this.held = this.sql.db.inTransaction ? null : { key, version: this.version(), count };
    return count;
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
