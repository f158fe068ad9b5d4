/** The library service: one SQLite file, opened once, shared by the API, the CLI and the web host. */
import { openDatabase } from './open-database.ts';
import type { Db } from './open-database.ts';
import { CardStore } from './card-store.ts';
import { LorebookStore } from './lorebook-store.ts';
import { LoreTestStore } from './lore-test-store.ts';
import { ScriptStore } from './script-store.ts';

export interface Library {
  readonly file: string;
  readonly db: Db;
  readonly cards: CardStore;
  readonly lorebooks: LorebookStore;
  readonly loreTests: LoreTestStore;
  readonly scripts: ScriptStore;
  close(): void;
}

export function openLibrary(file: string): Library {
  const db = openDatabase(file);
  const lorebooks = new LorebookStore(db);
  return {
    file,
    db,
    cards: new CardStore(db),
    lorebooks,
    loreTests: new LoreTestStore(db, lorebooks),
    scripts: new ScriptStore(db),
    close: () => db.close(),
  };
}
