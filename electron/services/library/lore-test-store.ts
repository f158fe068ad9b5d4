/**
 * A lorebook's saved lore tests. A test stores scenario turns and expectations only; `run` puts the book's current
 * document into every turn, so the tests answer "does the book still do what it did when I saved this?".
 */
import { ApiError, errorMessage } from '../../../shared/errors.ts';
import type { LoreTestResult, LoreTestSaveInput, LoreTestSummary } from '../../../shared/api/methods/lore-tests.ts';
import {
  parseLoreTestDocument,
  pointerOf,
  withBook,
  type ParsedLoreTest,
} from '../../../shared/lorebook/lore-test-document.ts';
import { checkExpectations } from '../../../shared/lorebook/lore-test.ts';
import type { Scenario, ScanResult, WorldInfoBook } from '../../../shared/lorebook/model.ts';
import { ScenarioError } from '../../../shared/lorebook/scenario-error.ts';
import type { LorebookStore } from './lorebook-store.ts';
import type { Db } from './open-database.ts';
import { Sql } from './sql.ts';

/** Runs a test's turns; the app passes the sandbox's scan, so a runaway regex key fails its test under the limit. */
export type ScanTurns = (turns: Scenario[]) => Promise<ScanResult[]>;

interface TestRow {
  id: number;
  lorebook_id: number;
  name: string;
  document: string;
  created_at: number;
  updated_at: number;
}

function parse(document: string): ParsedLoreTest {
  try {
    return parseLoreTestDocument(document);
  } catch (e) {
    if (e instanceof ScenarioError)
      throw new ApiError('bad_input', `The lore test is not valid: ${e.message}`, [
        { path: pointerOf('document', e.path), message: e.message },
      ]);
    throw e;
  }
}

function toSummary(row: TestRow): LoreTestSummary {
  const turns = (JSON.parse(row.document) as { turns: unknown[] }).turns.length;
  return {
    id: row.id,
    lorebookId: row.lorebook_id,
    name: row.name,
    turns,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class LoreTestStore {
  private readonly sql: Sql;
  private readonly books: LorebookStore;
  private readonly now: () => number;

  constructor(db: Db, books: LorebookStore, now: () => number = Date.now) {
    this.sql = new Sql(db);
    this.books = books;
    this.now = now;
  }

  list(lorebookId: number): LoreTestSummary[] {
    this.books.get(lorebookId);
    return this.rows(lorebookId).map(toSummary);
  }

  /** Validates and stores; a test of the same name in the same book is replaced (saving again updates it). */
  save(input: LoreTestSaveInput): LoreTestSummary {
    parse(input.document);
    this.books.get(input.lorebookId);
    const now = this.now();
    const name = input.name.trim();
    const id = this.sql.write(() => {
      const existing = this.sql
        .stmt('SELECT id FROM lore_tests WHERE lorebook_id = ? AND name = ?')
        .get(input.lorebookId, name) as { id: number } | undefined;
      if (existing) {
        this.sql
          .stmt('UPDATE lore_tests SET document = ?, updated_at = ? WHERE id = ?')
          .run(input.document, now, existing.id);
        return existing.id;
      }
      const info = this.sql
        .stmt('INSERT INTO lore_tests (lorebook_id, name, document, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
        .run(input.lorebookId, name, input.document, now, now);
      return Number(info.lastInsertRowid);
    });
    return toSummary(this.sql.stmt('SELECT * FROM lore_tests WHERE id = ?').get(id) as TestRow);
  }

  delete(id: number): null {
    const info = this.sql.stmt('DELETE FROM lore_tests WHERE id = ?').run(id);
    if (info.changes === 0)
      throw new ApiError('not_found', `No lore test with id ${id}.`, [{ path: '/id', message: 'not found' }]);
    return null;
  }

  /**
   * Runs every test of the book against its current document; a test passes when every expectation of every turn
   * does. Each scan runs in the sandbox under its time limit, so a runaway regex key fails its test instead of freezing
   * the app.
   */
  async run(lorebookId: number, scanTurns: ScanTurns): Promise<LoreTestResult[]> {
    const book = JSON.parse(this.books.get(lorebookId).document) as WorldInfoBook;
    const results: LoreTestResult[] = [];
    for (const row of this.rows(lorebookId)) results.push(await this.runOne(row, book, scanTurns));
    return results;
  }

  private async runOne(row: TestRow, book: WorldInfoBook, scanTurns: ScanTurns): Promise<LoreTestResult> {
    try {
      const { turns, expects } = parseLoreTestDocument(row.document);
      const results = await scanTurns(turns.map((turn) => withBook(turn, book)));
      const outcomes = results.flatMap((result, i) => checkExpectations(expects[i]!, result, i + 1));
      return { id: row.id, name: row.name, passed: outcomes.every((o) => o.passed), outcomes };
    } catch (e) {
      // One broken test (e.g. a turn the engine refuses, a runaway regex) must not hide the results of the others.
      return { id: row.id, name: row.name, passed: false, outcomes: [], error: errorMessage(e) };
    }
  }

  private rows(lorebookId: number): TestRow[] {
    return this.sql
      .stmt('SELECT * FROM lore_tests WHERE lorebook_id = ? ORDER BY name COLLATE NOCASE, id')
      .all(lorebookId) as TestRow[];
  }
}
