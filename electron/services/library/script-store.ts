/**
 * PPE scripts in the library, stored as the exact `.ai.yaml` text. Every save keeps the previous text as a revision;
 * deleting only moves a script to the trash. A script's name is the id other scripts call it by.
 */
import type { DocumentUpdateInput, PagingInput } from '../../../shared/api/schema-parts.ts';
import type { ScriptCreateInput, ScriptRecord, ScriptSummary } from '../../../shared/api/methods/scripts.ts';
import type { Db } from './open-database.ts';
import { contentHash, RevisionedStore } from './revisioned-store.ts';

interface ScriptRow {
  id: number;
  name: string;
  revision: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  document: string;
}

export const STARTER_SCRIPT =
  '---\ninput:\n  - topic\ntopic: the sea\n---\nsystem: You are a helpful assistant.\nuser: "Write a haiku about {{topic}}."\n';

function toSummary(row: ScriptRow): ScriptSummary {
  return {
    id: row.id,
    name: row.name,
    revision: row.revision,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
  };
}

/** LIKE pattern matching `text` literally anywhere. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class ScriptStore extends RevisionedStore<ScriptSummary, ScriptRecord, ScriptRow> {
  constructor(db: Db, now: () => number = Date.now) {
    super(
      db,
      {
        kind: 'script',
        from: 'scripts s',
        label: 'Script',
        summaryColumns: 's.id, s.name, s.revision, s.created_at, s.updated_at, s.deleted_at',
        recordColumns: 's.document',
        revisionImage: 'NULL',
        toSummary,
        toRecord: (row) => ({ ...toSummary(row), document: row.document }),
      },
      now,
    );
  }

  list(input: PagingInput): { items: ScriptSummary[]; total: number } {
    const where = [this.trashFilter(input.trash)];
    const params: unknown[] = [];
    // Scripts are few and short; a scan over names and texts is enough and finds any substring.
    for (const word of (input.query ?? '').split(/\s+/).filter(Boolean)) {
      where.push("(s.name LIKE ? ESCAPE '\\' OR s.document LIKE ? ESCAPE '\\')");
      params.push(containing(word), containing(word));
    }
    return this.page(where, params, 'natural_key(s.name), s.id', input);
  }

  /** The text of the live script called `name` (the most recently saved, if several share it). */
  textByName(name: string): string | undefined {
    const row = this.sql
      .stmt(
        'SELECT document FROM scripts WHERE name = ? AND deleted_at IS NULL ORDER BY updated_at DESC, id DESC LIMIT 1',
      )
      .get(name) as { document: string } | undefined;
    return row?.document;
  }

  create(input: ScriptCreateInput): ScriptRecord {
    const document = input.document ?? STARTER_SCRIPT;
    const now = this.now();
    const id = this.sql.write(
      () =>
        this.sql
          .stmt(
            'INSERT INTO scripts (name, document, source_name, content_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
          )
          .run(input.name, document, input.sourceName ?? null, contentHash(document), now, now).lastInsertRowid,
    );
    return this.get(Number(id));
  }

  update(input: DocumentUpdateInput): ScriptRecord {
    return this.saveDocument(input);
  }
}
