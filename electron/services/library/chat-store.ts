/** Test-chat transcripts in the library's `chats` table, listed per card. Documents are the transcript JSON. */
import { ApiError } from '../../../shared/errors.ts';
import type { ChatRecord, ChatSummary, SaveChatInput } from '../../../shared/api/methods/chats.ts';
import { validateTranscript } from '../../../shared/chat/validate.ts';
import type { Db } from './open-database.ts';
import { Sql } from './sql.ts';

interface ChatRow {
  id: number;
  name: string;
  card_id: number | null;
  messages: number;
  revision: number;
  created_at: number;
  updated_at: number;
}

// The message count comes from the document itself, so it can never disagree with it.
const SUMMARY_COLUMNS = `id, name, card_id, json_array_length(document, '$.messages') AS messages, revision, created_at, updated_at`;

const toSummary = (row: ChatRow): ChatSummary => ({
  id: row.id,
  name: row.name,
  cardId: row.card_id,
  messages: row.messages,
  revision: row.revision,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export class ChatStore {
  private readonly sql: Sql;
  private readonly now: () => number;

  constructor(db: Db, now: () => number = Date.now) {
    this.sql = new Sql(db);
    this.now = now;
  }

  /** Newest first; one card's chats when `cardId` is given. */
  list(cardId?: number): ChatSummary[] {
    const where = cardId === undefined ? 'deleted_at IS NULL' : 'deleted_at IS NULL AND card_id = ?';
    const rows = this.sql
      .stmt(`SELECT ${SUMMARY_COLUMNS} FROM chats WHERE ${where} ORDER BY updated_at DESC, id DESC`)
      .all(...(cardId === undefined ? [] : [cardId])) as ChatRow[];
    return rows.map(toSummary);
  }

  get(id: number): ChatRecord {
    const row = this.sql
      .stmt(`SELECT ${SUMMARY_COLUMNS}, document FROM chats WHERE id = ? AND deleted_at IS NULL`)
      .get(id) as (ChatRow & { document: string }) | undefined;
    if (!row)
      throw new ApiError('not_found', `No chat with id ${id} in the library.`, [{ path: '/id', message: 'not found' }]);
    return { ...toSummary(row), transcript: validateTranscript(JSON.parse(row.document)) };
  }

  save(input: SaveChatInput): ChatRecord {
    const transcript = validateTranscript(input.transcript);
    const document = JSON.stringify(transcript);
    const now = this.now();
    const name =
      input.name ??
      `${transcript.character.name || 'Chat'} — ${new Date(now).toISOString().slice(0, 16).replace('T', ' ')}`;
    if (input.cardId !== undefined && !this.sql.stmt('SELECT 1 FROM cards WHERE id = ?').get(input.cardId)) {
      throw new ApiError('not_found', `No card with id ${input.cardId} in the library.`, [
        { path: '/cardId', message: 'not found' },
      ]);
    }
    if (input.id === undefined) {
      const info = this.sql
        .stmt(
          `INSERT INTO chats (name, card_id, document, format, created_at, updated_at) VALUES (?, ?, ?, 'json', ?, ?)`,
        )
        .run(name, input.cardId ?? null, document, now, now);
      return this.get(Number(info.lastInsertRowid));
    }
    const id = input.id;
    return this.sql.write(() => {
      const current = this.get(id);
      if (input.baseRevision !== undefined && input.baseRevision !== current.revision) {
        throw new ApiError(
          'conflict',
          `The chat changed since revision ${input.baseRevision} (now ${current.revision}). Reload it before saving.`,
        );
      }
      this.sql
        .stmt(
          'UPDATE chats SET name = ?, card_id = ?, document = ?, revision = revision + 1, updated_at = ? WHERE id = ?',
        )
        .run(
          input.name ?? current.name,
          input.cardId ?? current.cardId,
          document,
          Math.max(now, current.updatedAt),
          id,
        );
      return this.get(id);
    });
  }

  /** Moves the chat out of every list; the row stays until the library is compacted. */
  delete(id: number): void {
    const info = this.sql
      .stmt('UPDATE chats SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL')
      .run(this.now(), id);
    if (info.changes === 0)
      throw new ApiError('not_found', `No chat with id ${id} in the library.`, [{ path: '/id', message: 'not found' }]);
  }
}
