/** Every migration, in order. Add a file per schema change; never edit a released one. */
import * as m0001 from './0001-initial.ts';
import * as m0002 from './0002-card-container.ts';
import * as m0003 from './0003-lore-tests.ts';
import * as m0004 from './0004-list-indexes.ts';
import * as m0005 from './0005-search-grams.ts';
import * as m0006 from './0006-search-words.ts';
import * as m0007 from './0007-word-index-fill.ts';

export interface Migration {
  version: number;
  sql: string;
}

export const migrations: readonly Migration[] = [m0001, m0002, m0003, m0004, m0005, m0006, m0007];
export const latestVersion = migrations.length === 0 ? 0 : migrations[migrations.length - 1]!.version;
