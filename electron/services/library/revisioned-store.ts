/**
 * One implementation of a library document with history, used by cards, lorebooks and scripts: before a save, the
 * row as it was goes into `revisions` (with its image for cards), so any earlier version can be listed, read and
 * restored across restarts; deleting only moves the item to the trash. Optimistic concurrency (`baseRevision`) and
 * the trash rule are checked here once (docs/ARCHITECTURE.md#revisions-and-trash).
 */
import { createHash } from 'node:crypto';
import { ApiError } from '../../../shared/errors.ts';
import type { RevisionSummary } from '../../../shared/library/types.ts';
import type { Db } from './open-database.ts';
import { Sql } from './sql.ts';

export type RevisionKind = 'card' | 'lorebook' | 'script';

/** What every revisioned item's summary carries. */
export interface ItemSummary {
  id: number;
  name: string;
  revision: number;
  updatedAt: number;
  deletedAt: number | null;
}

export interface StoredRevision {
  revision: number;
  document: string;
  createdAt: number;
}

/** How one kind of item is stored: its table, the columns of its summary and record, and how rows map to them. */
export interface RevisionedTable<S extends ItemSummary, R extends S & { document: string }, Row> {
  kind: RevisionKind;
  /** `cards c`: the table and the alias the column lists use. */
  from: string;
  /** Shown in messages: "Card 4 is in the trash". */
  label: string;
  summaryColumns: string;
  /** Added to the summary columns to read a whole record. */
  recordColumns: string;
  /** The column kept with each revision besides the document (cards keep their image). */
  revisionImage: 'image' | 'NULL';
  /** The full-text tables keyed by the item's id, if the kind has any. */
  searchTables?: readonly string[];
  toSummary(row: Row): S;
  toRecord(row: Row): R;
}

export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export interface DocumentUpdate {
  id: number;
  document?: string;
  name?: string;
  /** Refuse the save when the stored revision moved on. */
  baseRevision?: number;
}

export abstract class RevisionedStore<S extends ItemSummary, R extends S & { document: string }, Row> {
  protected readonly sql: Sql;
  protected readonly now: () => number;
  private readonly t: RevisionedTable<S, R, Row>;
  private readonly table: string;
  private readonly alias: string;

  protected constructor(db: Db, table: RevisionedTable<S, R, Row>, now: () => number) {
    this.sql = new Sql(db);
    this.t = table;
    [this.table, this.alias] = table.from.split(' ') as [string, string];
    this.now = now;
  }

  get(id: number): R {
    const row = this.sql
      .stmt(`SELECT ${this.t.summaryColumns}, ${this.t.recordColumns} FROM ${this.t.from} WHERE ${this.alias}.id = ?`)
      .get(id) as Row | undefined;
    if (!row) throw this.notFound(id);
    return this.t.toRecord(row);
  }

  summary(id: number): S {
    const row = this.sql
      .stmt(`SELECT ${this.t.summaryColumns} FROM ${this.t.from} WHERE ${this.alias}.id = ?`)
      .get(id) as Row | undefined;
    if (!row) throw this.notFound(id);
    return this.t.toSummary(row);
  }

  /** Moves the item to the trash or out of it; refuses a move that changes nothing, naming the item. */
  setDeleted(id: number, deleted: boolean): S {
    return this.sql.write(() => {
      const wasDeleted = this.summary(id).deletedAt !== null;
      if (wasDeleted === deleted)
        throw new ApiError(
          'conflict',
          deleted ? `${this.t.label} ${id} is already in the trash.` : `${this.t.label} ${id} is not in the trash.`,
        );
      this.sql.stmt(`UPDATE ${this.table} SET deleted_at = ? WHERE id = ?`).run(deleted ? this.now() : null, id);
      return this.summary(id);
    });
  }

  /**
   * Deletes trashed items for good — their row, history and search entry (links, tags and lore tests go with the row).
   * With `ids`, only those, and each must already be in the trash; without, the whole trash. Returns how many went.
   */
  purge(ids?: number[]): number {
    return this.sql.write(() => {
      const targets = ids ?? this.trashedIds();
      for (const id of targets) {
        if (this.summary(id).deletedAt === null)
          throw new ApiError(
            'conflict',
            `${this.t.label} ${id} is not in the trash; move it to the trash before deleting it permanently.`,
            [{ path: '/ids', message: 'not in the trash' }],
          );
      }
      for (const id of targets) {
        for (const table of this.t.searchTables ?? []) this.sql.stmt(`DELETE FROM ${table} WHERE rowid = ?`).run(id);
        this.sql.stmt('DELETE FROM revisions WHERE kind = ? AND item_id = ?').run(this.t.kind, id);
        this.sql.stmt(`DELETE FROM ${this.table} WHERE id = ?`).run(id);
      }
      return targets.length;
    });
  }

  /** How many items are in the trash (the "Empty trash" confirmation names the number). */
  trashCount(): number {
    return (
      this.sql.stmt(`SELECT count(*) AS n FROM ${this.table} WHERE deleted_at IS NOT NULL`).get() as { n: number }
    ).n;
  }

  private trashedIds(): number[] {
    return (this.sql.stmt(`SELECT id FROM ${this.table} WHERE deleted_at IS NOT NULL`).all() as { id: number }[]).map(
      (r) => r.id,
    );
  }

  revisions(id: number): RevisionSummary[] {
    this.summary(id);
    const rows = this.sql
      .stmt(
        'SELECT revision, created_at, name, length(document) AS size FROM revisions WHERE kind = ? AND item_id = ? ORDER BY revision DESC',
      )
      .all(this.t.kind, id) as { revision: number; created_at: number; name: string; size: number }[];
    return rows.map((r) => ({ revision: r.revision, createdAt: r.created_at, name: r.name, size: r.size }));
  }

  revision(id: number, revision: number): StoredRevision {
    const row = this.sql
      .stmt('SELECT revision, document, created_at FROM revisions WHERE kind = ? AND item_id = ? AND revision = ?')
      .get(this.t.kind, id, revision) as { revision: number; document: string; created_at: number } | undefined;
    if (!row)
      throw new ApiError('not_found', `${this.t.label} ${id} has no stored revision ${revision}.`, [
        { path: '/revision', message: 'not found' },
      ]);
    return { revision: row.revision, document: row.document, createdAt: row.created_at };
  }

  /**
   * Saves a new document and name over a lorebook or script as its next revision (cards also refresh their extracted
   * columns, so they write their own). `indexDocument` runs in the same transaction: a document it refuses is not saved.
   */
  protected saveDocument(input: DocumentUpdate): R {
    return this.sql.write(() => {
      const current = this.editable(input.id, input.baseRevision);
      const text = input.document ?? current.document;
      const name = input.name ?? current.name;
      if (text === current.document && name === current.name) return current;
      this.keep(input.id);
      this.sql
        .stmt(
          `UPDATE ${this.table} SET name = ?, document = ?, content_hash = ?, revision = revision + 1, updated_at = ? WHERE id = ?`,
        )
        .run(name, text, contentHash(text), Math.max(this.now(), current.updatedAt), input.id);
      this.indexDocument(input.id, name, text);
      return this.get(input.id);
    });
  }

  /** Keeps a search index in step with a saved document; nothing to do for items without one. */
  protected indexDocument(_id: number, _name: string, _text: string): void {}

  /** The item as stored, refusing edits to a trashed item or over a revision that moved on. */
  protected editable(id: number, baseRevision: number | undefined): R {
    const current = this.get(id);
    if (current.deletedAt !== null)
      throw new ApiError('conflict', `${this.t.label} ${id} is in the trash; restore it before editing.`);
    if (baseRevision !== undefined && baseRevision !== current.revision) {
      throw new ApiError(
        'conflict',
        `${this.t.label} ${id} changed since revision ${baseRevision} (now ${current.revision}); reload before saving.`,
        [{ path: '/baseRevision', message: 'stale revision' }],
      );
    }
    return current;
  }

  /** Copies the item's current row into the history; call inside the transaction that changes it. */
  protected keep(id: number): void {
    this.sql
      .stmt(
        `INSERT INTO revisions (kind, item_id, revision, name, document, image, created_at) SELECT ?, id, revision, name, document, ${this.t.revisionImage}, updated_at FROM ${this.table} WHERE id = ?`,
      )
      .run(this.t.kind, id);
  }

  /**
   * One page of summaries and the total, for a list method's filters (`where` uses the table's alias); `known` is
   * the total when the caller has counted it a quicker way.
   */
  protected page(
    where: string[],
    params: unknown[],
    orderBy: string,
    paging: { limit?: number; offset?: number },
    known?: number,
  ): { items: S[]; total: number } {
    const whereSql = where.join(' AND ');
    const total =
      known ??
      (this.sql.stmt(`SELECT count(*) AS n FROM ${this.t.from} WHERE ${whereSql}`).get(...params) as { n: number }).n;
    const rows = this.sql
      .stmt(
        `SELECT ${this.t.summaryColumns} FROM ${this.t.from} WHERE ${whereSql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
      )
      .all(...params, paging.limit ?? 100, paging.offset ?? 0) as Row[];
    return { items: rows.map((r) => this.t.toSummary(r)), total };
  }

  /** The first condition of every list: live items, or the trash. */
  protected trashFilter(trash: boolean | undefined): string {
    return trash ? `${this.alias}.deleted_at IS NOT NULL` : `${this.alias}.deleted_at IS NULL`;
  }

  private notFound(id: number): ApiError {
    return new ApiError('not_found', `No ${this.t.label.toLowerCase()} with id ${id} in the library.`, [
      { path: '/id', message: 'not found' },
    ]);
  }
}
