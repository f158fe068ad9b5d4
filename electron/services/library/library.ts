/**
 * The library service: one SQLite file, opened once, shared by the API, the CLI and the web host. It owns every
 * store on the file, so each is built once and all SQL stays inside them (docs/ARCHITECTURE.md#data-layer).
 */
import { openDatabase } from './open-database.ts';
import type { Db } from './open-database.ts';
import { CardStore } from './card-store.ts';
import { CardBooks } from './card-books.ts';
import { ChatStore } from './chat-store.ts';
import { LorebookStore } from './lorebook-store.ts';
import { LoreTestStore } from './lore-test-store.ts';
import { ScriptStore } from './script-store.ts';
import { Sql } from './sql.ts';
import { WordIndexFill } from './word-index-fill.ts';
import { fileErrorLog, logFileFor } from '../error-log.ts';

export interface LibraryFacts {
  schemaVersion: number;
  counts: { cards: number; lorebooks: number; scripts: number; chats: number; revisions: number };
}

export interface Library {
  readonly file: string;
  readonly db: Db;
  readonly cards: CardStore;
  readonly lorebooks: LorebookStore;
  readonly loreTests: LoreTestStore;
  readonly scripts: ScriptStore;
  readonly chats: ChatStore;
  readonly links: CardBooks;
  /** The background fill of the word index of cards written before schema 7, started at open. */
  readonly wordIndex: WordIndexFill;
  /** Runs `fn` as one write transaction over any of the stores (BEGIN IMMEDIATE; see sql.ts). */
  write<T>(fn: () => T): T;
  facts(): LibraryFacts;
  close(): void;
}

export function openLibrary(file: string): Library {
  const db = openDatabase(file);
  const sql = new Sql(db);
  const cards = new CardStore(db);
  const lorebooks = new LorebookStore(db);
  const wordIndex = new WordIndexFill(sql);
  wordIndex.start(fileErrorLog(logFileFor(file)));
  const count = (table: 'cards' | 'lorebooks' | 'scripts' | 'chats' | 'revisions'): number =>
    (sql.stmt(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return {
    file,
    db,
    cards,
    lorebooks,
    loreTests: new LoreTestStore(db, lorebooks),
    scripts: new ScriptStore(db),
    chats: new ChatStore(db),
    links: new CardBooks(db, cards, lorebooks),
    wordIndex,
    write: (fn) => sql.write(fn),
    facts: () => ({
      schemaVersion: db.pragma('user_version', { simple: true }) as number,
      counts: {
        cards: count('cards'),
        lorebooks: count('lorebooks'),
        scripts: count('scripts'),
        chats: count('chats'),
        revisions: count('revisions'),
      },
    }),
    close: () => {
      wordIndex.stop();
      db.close();
    },
  };
}
