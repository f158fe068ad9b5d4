/**
 * PPE scripts in the library, stored as the exact `.ai.yaml` text. Every save keeps the previous text as a revision;
 * deleting only moves a script to the trash. A script's name is the id other scripts call it by.
 */
import { ApiError } from '../../../shared/errors.ts';
import type { RevisionSummary } from '../../../shared/library/types.ts';
import type { ScriptCreateInput, ScriptListInput, ScriptRecord, ScriptSummary, ScriptUpdateInput } from '../../../shared/api/methods/scripts.ts';
import { contentHash } from './card-store.ts';
import type { Db } from './open-database.ts';
import { RevisionLog } from './revision-log.ts';

interface ScriptRow {
  id: number;
  name: string;
  revision: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

const SUMMARY_COLUMNS = 's.id, s.name, s.revision, s.created_at, s.updated_at, s.deleted_at';

export const STARTER_SCRIPT = '---\ninput:\n  - topic\ntopic: the sea\n---\nsystem: You are a helpful assistant.\nuser: "Write a haiku about {{topic}}."\n';

function toSummary(row: ScriptRow): ScriptSummary {
  return { id: row.id, name: row.name, revision: row.revision, createdAt: row.created_at, updatedAt: row.updated_at, deletedAt: row.deleted_at };
}

/** LIKE pattern matching `text` literally anywhere. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class ScriptStore {
  private readonly db: Db;
  private readonly history: RevisionLog;
  private readonly now: () => number;

  constructor(db: Db, now: () => number = Date.now) {
    this.db = db;
    this.history = new RevisionLog(db, 'script');
    this.now = now;
  }

  list(input: ScriptListInput): { items: ScriptSummary[]; total: number } {
    const where = [input.trash ? 's.deleted_at IS NOT NULL' : 's.deleted_at IS NULL'];
    const params: unknown[] = [];
    // Scripts are few and short; a scan over names and texts is enough and finds any substring.
    for (const word of (input.query ?? '').split(/\s+/).filter(Boolean)) {
      where.push("(s.name LIKE ? ESCAPE '\\' OR s.document LIKE ? ESCAPE '\\')");
      params.push(containing(word), containing(word));
    }
    const whereSql = where.join(' AND ');
    const total = (this.db.prepare(`SELECT count(*) AS n FROM scripts s WHERE ${whereSql}`).get(...params) as { n: number }).n;
    const rows = this.db
      .prepare(`SELECT ${SUMMARY_COLUMNS} FROM scripts s WHERE ${whereSql} ORDER BY s.name COLLATE NOCASE, s.id LIMIT ? OFFSET ?`)
      .all(...params, input.limit ?? 100, input.offset ?? 0) as ScriptRow[];
    return { items: rows.map(toSummary), total };
  }

  get(id: number): ScriptRecord {
    const row = this.db.prepare(`SELECT ${SUMMARY_COLUMNS}, s.document FROM scripts s WHERE s.id = ?`).get(id) as (ScriptRow & { document: string }) | undefined;
    if (!row) throw new ApiError('not_found', `No script with id ${id} in the library.`, [{ path: '/id', message: 'not found' }]);
    return { ...toSummary(row), document: row.document };
  }

  /** The text of the live script called `name` (the most recently saved, if several share it). */
  textByName(name: string): string | undefined {
    const row = this.db.prepare('SELECT document FROM scripts WHERE name = ? AND deleted_at IS NULL ORDER BY updated_at DESC, id DESC LIMIT 1').get(name) as
      | { document: string }
      | undefined;
    return row?.document;
  }

  create(input: ScriptCreateInput): ScriptRecord {
    const document = input.document ?? STARTER_SCRIPT;
    const now = this.now();
    const info = this.db
      .prepare('INSERT INTO scripts (name, document, source_name, content_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(input.name, document, input.sourceName ?? null, contentHash(document), now, now);
    return this.get(Number(info.lastInsertRowid));
  }

  update(input: ScriptUpdateInput): ScriptRecord {
    return this.db.transaction(() => {
      const current = this.get(input.id);
      if (current.deletedAt !== null) throw new ApiError('conflict', `Script ${input.id} is in the trash; restore it before editing.`);
      if (input.baseRevision !== undefined && input.baseRevision !== current.revision) {
        throw new ApiError('conflict', `Script ${input.id} changed since revision ${input.baseRevision} (now ${current.revision}); reload before saving.`, [{ path: '/baseRevision', message: 'stale revision' }]);
      }
      const text = input.document ?? current.document;
      const name = input.name ?? current.name;
      if (text === current.document && name === current.name) return current;
      this.history.replaceDocument(input.id, name, text, contentHash(text), Math.max(this.now(), current.updatedAt));
      return this.get(input.id);
    })();
  }

  setDeleted(id: number, deleted: boolean): ScriptSummary {
    return this.db.transaction(() => {
      const script = this.get(id);
      this.history.setTrashed(id, deleted, script.deletedAt !== null, this.now());
      const { document: _document, ...summary } = this.get(id);
      return summary;
    })();
  }

  revisions(id: number): RevisionSummary[] {
    this.get(id);
    return this.history.list(id);
  }

  revision(id: number, revision: number): { revision: number; document: string; createdAt: number } {
    return this.history.get(id, revision);
  }
}
