/**
 * Opens (or creates) the library file: refuses what is not SQLite, what is read-only and what a newer Lorewright
 * wrote, then applies pending migrations in one transaction each.
 */
import { naturalKey } from '../../../shared/util/natural-key.ts';
import { searchGrams } from './search-query.ts';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../../shared/errors.ts';
import { migrations, latestVersion } from './migrations/index.ts';

export type Db = Database.Database;

/** How long a write waits for another process's write to finish before SQLite reports the file busy. */
const BUSY_TIMEOUT_MS = 10_000;
const CACHE_KIB = 64 * 1024;

function sqliteCode(e: unknown): string {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
}

function checkWritable(file: string): void {
  const target = fs.existsSync(file) ? file : path.dirname(file);
  try {
    fs.accessSync(target, fs.constants.W_OK);
    // Root passes access checks regardless of mode; a file or folder nobody may write is still meant read-only.
    if ((fs.statSync(target).mode & 0o222) === 0) throw new Error('no write bits');
  } catch {
    throw new ApiError(
      'db_read_only',
      `The library ${file} cannot be written: ${target} is read-only or not accessible. Choose another --db path or fix its permissions.`,
    );
  }
}

export function openDatabase(file: string): Db {
  const dir = path.dirname(path.resolve(file));
  if (!fs.existsSync(dir)) throw new ApiError('db_read_only', `The folder ${dir} for the library does not exist.`);
  checkWritable(file);
  let db: Db;
  try {
    db = new Database(file, { fileMustExist: false });
  } catch (e) {
    throw mapOpenError(file, e);
  }
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > latestVersion) {
      throw new ApiError(
        'db_too_new',
        `The library ${file} was written by a newer Lorewright (schema ${version}; this version knows up to ${latestVersion}). Update Lorewright; the file was not changed.`,
      );
    }
    // The busy timeout first: switching to WAL and migrating may wait for another process's write.
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    // In WAL mode NORMAL syncs at checkpoints, not at every commit: a crash of the app keeps every committed write;
    // a power cut or an OS crash may undo the last few, and the file stays consistent. Imports commit often, and an
    // fsync per commit was most of their time on a busy disk.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // Lists and searches at 100k cards read index pages all over the file: keep more of them than the 2 MB default
    // page cache holds (a limit, not an allocation).
    db.pragma(`cache_size = -${CACHE_KIB}`);
    // Name sorts call it: "Gen 7" before "Gen 11" (see shared/util/natural-key.ts).
    db.function('natural_key', { deterministic: true }, (v: unknown) => naturalKey(String(v ?? '')));
    // Migration 0005 fills the short-word index of existing cards with it.
    db.function('search_grams', { deterministic: true, varargs: true }, (...texts: unknown[]) =>
      searchGrams(texts.map((t) => String(t ?? ''))),
    );
    // Migration 0006 filled the word index of existing cards with it, a minute at 100,000 cards in the open's one
    // blocking transaction. Migration 0007 has every card's row written again in the background
    // (word-index-fill.ts), so 0006 now gets no words to fill in.
    db.function('search_word_list', { deterministic: true, varargs: true }, () => '[]');
    migrate(db);
    return db;
  } catch (e) {
    db.close();
    throw mapOpenError(file, e);
  }
}

/**
 * Applies each pending migration in its own write transaction. The version is read again under the write lock: a
 * second process opening the same file at the same moment finds the work done instead of repeating it.
 */
function migrate(db: Db): void {
  for (const m of migrations) {
    db.transaction(() => {
      if ((db.pragma('user_version', { simple: true }) as number) >= m.version) return;
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
}

function mapOpenError(file: string, e: unknown): Error {
  if (e instanceof ApiError) return e;
  const code = sqliteCode(e);
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
    return new ApiError(
      'db_not_sqlite',
      `${file} is not a Lorewright library (not an SQLite database); it was left untouched.`,
    );
  }
  if (code === 'SQLITE_READONLY' || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_PERM') {
    return new ApiError('db_read_only', `The library ${file} cannot be opened for writing (${code}).`);
  }
  return e instanceof Error ? e : new Error(String(e));
}
