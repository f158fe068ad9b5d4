/**
 * Standalone lorebooks in the library, stored as SillyTavern World Info JSON. Every write is one transaction that
 * also keeps the search index and the revision history in step; deleting only moves a book to the trash.
 */
import type { DocumentUpdateInput, PagingInput } from '../../../shared/api/schema-parts.ts';
import { unreadableText } from '../../../shared/util/file-kind.ts';
import { ApiError } from '../../../shared/errors.ts';
import type {
  LorebookCreateInput,
  LorebookImportResult,
  LorebookRecord,
  LorebookSummary,
} from '../../../shared/api/methods/lorebooks.ts';
import { BookFormatError, importBook, locateBook } from '../../../shared/lorebook/formats/index.ts';
import { parseDocument } from '../../../shared/library/parse-document.ts';
import type { Db } from './open-database.ts';
import { contentHash, RevisionedStore } from './revisioned-store.ts';
import { buildSearch } from './search-query.ts';

interface BookRow {
  id: number;
  name: string;
  entry_count: number;
  revision: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  document: string;
}

// json_each over the entries object counts without shipping the document to JavaScript.
const SUMMARY_COLUMNS = `l.id, l.name, l.revision, l.created_at, l.updated_at, l.deleted_at,
  (SELECT count(*) FROM json_each(l.document, '$.entries')) AS entry_count`;

export const EMPTY_BOOK = '{\n    "entries": {}\n}';

function toSummary(row: BookRow): LorebookSummary {
  return {
    id: row.id,
    name: row.name,
    entryCount: row.entry_count,
    revision: row.revision,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
  };
}

/** Parses a World Info book, refusing anything whose `entries` is not an object keyed by uid. */
function parseBook(text: string, source: string): Record<string, unknown> {
  const doc = parseDocument(text, 'json', source);
  const entries = doc['entries'];
  if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) {
    throw new ApiError(
      'bad_document',
      `${source} is not a World Info book: "entries" must be an object keyed by uid.`,
      [{ path: '/entries', message: 'expected an object' }],
    );
  }
  return doc;
}

/** The text the search index holds for a book: every key, and every title and content. */
function searchText(doc: Record<string, unknown>): { keys: string; content: string } {
  const keys: string[] = [];
  const content: string[] = [];
  for (const entry of Object.values(doc['entries'] as Record<string, unknown>)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const e = entry as Record<string, unknown>;
    for (const field of ['key', 'keysecondary']) {
      const list = e[field];
      if (Array.isArray(list)) keys.push(...list.filter((k): k is string => typeof k === 'string'));
    }
    for (const field of ['comment', 'content']) if (typeof e[field] === 'string') content.push(e[field]);
  }
  return { keys: keys.join('\n'), content: content.join('\n') };
}

function baseName(file: string): string {
  const last = file.split(/[\\/]/).pop() ?? file;
  return last.replace(/\.[^.]+$/, '') || last;
}

export class LorebookStore extends RevisionedStore<LorebookSummary, LorebookRecord, BookRow> {
  constructor(db: Db, now: () => number = Date.now) {
    super(
      db,
      {
        kind: 'lorebook',
        from: 'lorebooks l',
        label: 'Lorebook',
        summaryColumns: SUMMARY_COLUMNS,
        recordColumns: 'l.document',
        revisionImage: 'NULL',
        searchTables: ['lorebook_search'],
        toSummary,
        toRecord: (row) => ({ ...toSummary(row), document: row.document }),
      },
      now,
    );
  }

  list(input: PagingInput): { items: LorebookSummary[]; total: number } {
    const where = [this.trashFilter(input.trash)];
    const params: unknown[] = [];
    if (input.query?.trim()) {
      const search = buildSearch(input.query);
      if (search.match) {
        where.push('l.id IN (SELECT rowid FROM lorebook_search WHERE lorebook_search MATCH ?)');
        params.push(search.match);
      }
      for (const like of search.likes) {
        where.push(
          `l.id IN (SELECT rowid FROM lorebook_search WHERE name LIKE ? ESCAPE '\\' OR keys LIKE ? ESCAPE '\\' OR content LIKE ? ESCAPE '\\')`,
        );
        params.push(like, like, like);
      }
    }
    return this.page(where, params, 'natural_key(l.name), l.id', input);
  }

  create(input: LorebookCreateInput): LorebookRecord {
    return this.insert(input.name, input.document ?? EMPTY_BOOK, null);
  }

  /** Stores a World Info text exactly as given. */
  insert(name: string, document: string, sourceName: string | null): LorebookRecord {
    const doc = parseBook(document, sourceName ?? 'lorebook');
    const now = this.now();
    const id = this.sql.write(() => {
      const info = this.sql
        .stmt(
          `INSERT INTO lorebooks (name, document, format, source_name, content_hash, created_at, updated_at) VALUES (?, ?, 'json', ?, ?, ?, ?)`,
        )
        .run(name, document, sourceName, contentHash(document), now, now);
      const newId = Number(info.lastInsertRowid);
      this.index(newId, name, doc);
      return newId;
    });
    return this.get(id);
  }

  update(input: DocumentUpdateInput): LorebookRecord {
    return this.saveDocument(input);
  }

  protected override indexDocument(id: number, name: string, text: string): void {
    this.index(id, name, parseBook(text, 'lorebook'));
  }

  /**
   * Imports book files of any supported format. A SillyTavern file is stored byte for byte; any other format is
   * converted to World Info (the original kept as `originalData`) and the loss report returned.
   */
  import(files: readonly { name: string; text: string }[]): LorebookImportResult[] {
    return files.map((file) => {
      try {
        const unreadable = unreadableText(file.text);
        if (unreadable)
          return {
            file: file.name,
            status: 'failed',
            message: `not a lorebook: ${unreadable}. Lorebooks are JSON files; a card's embedded book comes in with the card (Library → Import).`,
          };
        // "the file", not its name: the result names the file once, in `file`.
        const json: unknown = parseDocument(file.text, 'json', 'the file');
        const located = locateBook(json);
        const { book, report } = importBook(json, { detail: 'summary' });
        const named =
          typeof located.book['name'] === 'string' && located.book['name'].trim() !== ''
            ? located.book['name']
            : baseName(file.name);
        const document = located.format === 'st' ? file.text : JSON.stringify(book, null, 4);
        const record = this.insert(named, document, file.name);
        return { file: file.name, status: 'imported', id: record.id, format: located.format, report };
      } catch (e) {
        if (e instanceof ApiError || e instanceof BookFormatError)
          return { file: file.name, status: 'failed', message: e.message };
        throw e;
      }
    });
  }

  private index(id: number, name: string, doc: Record<string, unknown>): void {
    const { keys, content } = searchText(doc);
    this.sql.stmt('DELETE FROM lorebook_search WHERE rowid = ?').run(id);
    this.sql
      .stmt('INSERT INTO lorebook_search (rowid, name, keys, content) VALUES (?, ?, ?, ?)')
      .run(id, name, keys, content);
  }
}
