/**
 * Writes the word-index rows (card-words.ts) of the cards a library held before schema 7 (migration 0007), in the
 * background after the library opens: a step is one write transaction of a few milliseconds, and the event loop
 * serves the app between steps. `word_index_fill.next_id` says where the next step starts, so a fill cut short (the
 * app closed or killed) goes on at the next open, and two processes filling the same file take turns at the write
 * lock. Until the fill is done searches do without the word index (search-matches.ts): same results, slower.
 */
import { wordIds, writeCardWords } from './card-words.ts';
import { searchWords } from './search-query.ts';
import { isBusy, type Sql } from './sql.ts';
import type { ErrorLog } from '../error-log.ts';

/** Cards read per batch; a step writes batches until its time is up. */
const BATCH = 25;
/** How long one step may hold the write lock and this thread. */
const STEP_MS = 15;
/** The pause between steps, for the requests and the other process waiting meanwhile. */
const PAUSE_MS = 5;

/** Whether some cards' rows are still to be written: searches must not use the word index yet. */
export function wordIndexPending(sql: Sql): boolean {
  return sql.stmt('SELECT 1 FROM word_index_fill').get() !== undefined;
}

export class WordIndexFill {
  private readonly sql: Sql;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(sql: Sql) {
    this.sql = sql;
  }

  /**
   * Writes the rows of the next cards in id order, in one write transaction of about `budgetMs` (at least one
   * batch); returns whether cards remain.
   */
  step(budgetMs = STEP_MS): boolean {
    return this.sql.write(() => {
      const at = this.sql.stmt('SELECT next_id FROM word_index_fill').pluck().get() as number | undefined;
      if (at === undefined) return false;
      const start = performance.now();
      let next = at;
      do {
        const cards = this.sql
          .stmt('SELECT id FROM cards WHERE id >= ? ORDER BY id LIMIT ?')
          .pluck()
          .all(next, BATCH) as number[];
        if (cards.length === 0) {
          this.sql.stmt('DELETE FROM word_index_fill').run();
          return false;
        }
        // The texts one card at a time: the full-text table reads a rowid range slowly, a rowid at once.
        const text = this.sql.stmt('SELECT name, creator, tags, description, notes FROM card_search WHERE rowid = ?');
        const words = cards.map((id) => {
          const texts = (text.raw().get(id) as (string | null)[] | undefined) ?? [];
          return searchWords(texts.map((t) => t ?? ''));
        });
        const ids = wordIds(this.sql, words.flat());
        cards.forEach((id, i) => writeCardWords(this.sql, id, words[i]!, ids));
        next = cards.at(-1)! + 1;
      } while (performance.now() - start < budgetMs);
      this.sql.stmt('UPDATE word_index_fill SET next_id = ?').run(next);
      return true;
    });
  }

  /**
   * Runs the steps until the fill is done, each on a timer that does not keep the process alive (a CLI command
   * exits when done; the fill goes on at the next open). A busy file is tried again at the next step; any other
   * failure is a bug: logged, and the fill stops, leaving searches on the slower path.
   */
  start(log: ErrorLog): void {
    const tick = (): void => {
      this.timer = null;
      let more = true;
      try {
        more = this.step();
      } catch (e) {
        if (!isBusy(e)) {
          log.error('Filling the word index of the library', e);
          return;
        }
      }
      if (more) this.timer = setTimeout(tick, PAUSE_MS).unref();
    };
    if (wordIndexPending(this.sql)) this.timer = setTimeout(tick, PAUSE_MS).unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
