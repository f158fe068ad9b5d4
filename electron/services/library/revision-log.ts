/**
 * The history every library item keeps: before a save, the row as it was goes into `revisions` (with its image
 * for cards), so any earlier version can be listed, read and restored, across restarts; and the trash (soft
 * delete), so nothing is lost by a delete either.
 */
import { ApiError } from '../../../shared/errors.ts';
import type { RevisionSummary } from '../../../shared/library/types.ts';
import type { Db } from './open-database.ts';

export type RevisionKind = 'card' | 'lorebook' | 'script';

const SOURCE: Record<RevisionKind, { table: string; image: string; label: string }> = {
  card: { table: 'cards', image: 'image', label: 'Card' },
  lorebook: { table: 'lorebooks', image: 'NULL', label: 'Lorebook' },
  script: { table: 'scripts', image: 'NULL', label: 'Script' },
};

export class RevisionLog {
  private readonly db: Db;
  private readonly kind: RevisionKind;

  constructor(db: Db, kind: RevisionKind) {
    this.db = db;
    this.kind = kind;
  }

  /** Copies the item's current row into the history; call inside the transaction that changes it. */
  keep(id: number): void {
    const { table, image } = SOURCE[this.kind];
    this.db
      .prepare(`INSERT INTO revisions (kind, item_id, revision, name, document, image, created_at) SELECT ?, id, revision, name, document, ${image}, updated_at FROM ${table} WHERE id = ?`)
      .run(this.kind, id);
  }

  /**
   * Saves a new document (and name) over the item as its next revision, keeping the old row in the history. For the
   * items whose row is just name + document (lorebooks, scripts); cards also refresh their extracted columns.
   */
  replaceDocument(id: number, name: string, text: string, hash: string, updatedAt: number): void {
    this.keep(id);
    this.db
      .prepare(`UPDATE ${SOURCE[this.kind].table} SET name = ?, document = ?, content_hash = ?, revision = revision + 1, updated_at = ? WHERE id = ?`)
      .run(name, text, hash, updatedAt, id);
  }

  list(id: number): RevisionSummary[] {
    const rows = this.db
      .prepare('SELECT revision, created_at, name, length(document) AS size FROM revisions WHERE kind = ? AND item_id = ? ORDER BY revision DESC')
      .all(this.kind, id) as { revision: number; created_at: number; name: string; size: number }[];
    return rows.map((r) => ({ revision: r.revision, createdAt: r.created_at, name: r.name, size: r.size }));
  }

  /** Moves the item to the trash or out of it; refuses a move that changes nothing, naming the item. */
  setTrashed(id: number, trashed: boolean, wasTrashed: boolean, now: number): void {
    const label = SOURCE[this.kind].label;
    if (wasTrashed === trashed) throw new ApiError('conflict', trashed ? `${label} ${id} is already in the trash.` : `${label} ${id} is not in the trash.`);
    this.db.prepare(`UPDATE ${SOURCE[this.kind].table} SET deleted_at = ? WHERE id = ?`).run(trashed ? now : null, id);
  }

  get(id: number, revision: number): { revision: number; document: string; createdAt: number } {
    const row = this.db.prepare('SELECT revision, document, created_at FROM revisions WHERE kind = ? AND item_id = ? AND revision = ?').get(this.kind, id, revision) as
      | { revision: number; document: string; created_at: number }
      | undefined;
    if (!row) throw new ApiError('not_found', `${SOURCE[this.kind].label} ${id} has no stored revision ${revision}.`, [{ path: '/revision', message: 'not found' }]);
    return { revision: row.revision, document: row.document, createdAt: row.created_at };
  }
}
