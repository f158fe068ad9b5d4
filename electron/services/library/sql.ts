/**
 * How every store talks to SQLite: statements prepared once and kept (a store runs the same few dozen statements
 * for the life of the app), and writes as `BEGIN IMMEDIATE` transactions so two processes on one library file
 * (the app and `lorewright library import`, say) queue for the write lock instead of failing with "database is
 * locked" (docs/ARCHITECTURE.md#two-processes-one-library).
 */
import type Database from 'better-sqlite3';
import type { Db } from './open-database.ts';

/** Statements with dynamic parts (search filters) vary; past this many the oldest is dropped. */
const MAX_CACHED = 200;
/** After the busy timeout, how often a whole write is tried again before the error reaches the user. */
const BUSY_RETRIES = 5;

/** Another process holds the file's write lock (after the busy timeout). */
export function isBusy(e: unknown): boolean {
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

/** Blocks this thread for `ms` (better-sqlite3 is synchronous; a retry cannot await). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export class Sql {
  readonly db: Db;
  private readonly cache = new Map<string, Database.Statement>();

  constructor(db: Db) {
    this.db = db;
  }

  /** The prepared statement for `text`, prepared on first use. */
  stmt(text: string): Database.Statement {
    let statement = this.cache.get(text);
    if (statement) return statement;
    statement = this.db.prepare(text);
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(text, statement);
    return statement;
  }

  /**
   * Runs `fn` as one write transaction. It takes the write lock up front (IMMEDIATE), so it never has to upgrade a
   * read lock mid-way, which SQLite refuses at once; waiting for the lock is the busy timeout's job, and if another
   * writer holds it longer than that the whole transaction is tried again. Nested calls join the outer transaction
   * as plain calls, not savepoints (a savepoint per card of an import batch copied every page it touched): a nested
   * call that throws fails the whole transaction, and a caller that wants to carry on after one item fails writes
   * the items again one transaction each (import-cards.ts).
   */
  write<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    const run = this.db.transaction(fn);
    for (let attempt = 0; ; attempt++) {
      try {
        return run.immediate();
      } catch (e) {
        if (!isBusy(e) || attempt >= BUSY_RETRIES) throw e;
        pause(50 * 2 ** attempt);
      }
    }
  }
}
