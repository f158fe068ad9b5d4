/** Cards in the library: every write is one transaction that also keeps tags, search and revisions in step. */
import { ApiError } from '../../../shared/errors.ts';
import type { ListInput, UpdateInput, CreateInput } from '../../../shared/api/contract.ts';
import type {
  CardContainerKind,
  CardRecord,
  CardSummary,
  DocumentFormat,
  TagCount,
} from '../../../shared/library/types.ts';
import { blankCard, summarizeCard, withCardName, withCardTags } from '../../../shared/library/card-summary.ts';
import type { CardFields } from '../../../shared/library/card-summary.ts';
import { detectFormat, parseDocument, serializeDocument } from '../../../shared/library/parse-document.ts';
import type { Db } from './open-database.ts';
import { contentHash, RevisionedStore } from './revisioned-store.ts';
import { buildSearch, searchTokens } from './search-query.ts';
import { wordIds, writeCardWords } from './card-words.ts';
import { SearchMatches } from './search-matches.ts';
import type { StoredCard } from '../../../shared/library/card-files.ts';
import { naturalKey } from '../../../shared/util/natural-key.ts';

interface CardRow {
  id: number;
  name: string;
  creator: string;
  character_version: string;
  spec: string;
  document: string;
  format: DocumentFormat;
  container: CardContainerKind;
  has_image: number;
  revision: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
  tags: string | null;
}

export interface NewCard {
  document: string;
  format?: DocumentFormat;
  container?: CardContainerKind;
  image?: Uint8Array | null;
  sourceName?: string;
  /** The document's fields and content hash when the caller has them already (import), so it is not parsed twice. */
  parsed?: { fields: CardFields; hash: string };
}

const SORT_COLUMNS = {
  name: 'c.name_key',
  updated: 'c.updated_at',
  created: 'c.created_at',
  creator: 'c.creator_key',
  character_version: 'c.version_key',
} as const;

/**
 * A filter matching at most this many cards reads and sorts them rather than walking the sort's index: the walk
 * costs more the further apart its matches sit in the sort order (a name search's matches sit together, possibly
 * late), reading and sorting costs the same wherever they are.
 */
const FEW_MATCHES = 1_500;

const SUMMARY_COLUMNS = `c.id, c.name, c.creator, c.character_version, c.spec, c.container, c.revision, c.created_at, c.updated_at, c.deleted_at,
  (c.image IS NOT NULL) AS has_image,
  (SELECT group_concat(t.name, char(31)) FROM card_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.card_id = c.id) AS tags`;

/** The stored natural sort keys (name, creator, version) that the list's indexes order by (migration 0004). */
function sortKeys(fields: { name: string; creator: string; characterVersion: string }): [string, string, string] {
  return [naturalKey(fields.name), naturalKey(fields.creator), naturalKey(fields.characterVersion)];
}

function toSummary(row: CardRow): CardSummary {
  return {
    id: row.id,
    name: row.name,
    creator: row.creator,
    characterVersion: row.character_version,
    spec: row.spec,
    container: row.container,
    tags: row.tags ? row.tags.split('\x1f').sort((a, b) => a.localeCompare(b)) : [],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
    revision: row.revision,
    hasImage: row.has_image === 1,
  };
}

/** The columns a card file sets, on import (insert) and on re-import over a card (replace). */
const FILE_COLUMNS = [
  'name',
  'creator',
  'character_version',
  'name_key',
  'creator_key',
  'version_key',
  'spec',
  'document',
  'format',
  'container',
  'image',
  'source_name',
  'content_hash',
] as const;

function fileColumns(card: NewCard) {
  const format = card.format ?? detectFormat(card.document);
  const fields = card.parsed?.fields ?? summarizeCard(parseDocument(card.document, format, card.sourceName ?? 'card'));
  const values = [
    fields.name,
    fields.creator,
    fields.characterVersion,
    ...sortKeys(fields),
    fields.spec,
    card.document,
    format,
    card.container ?? format,
    card.image ?? null,
    card.sourceName ?? null,
    card.parsed?.hash ?? contentHash(card.document),
  ];
  return { fields, values };
}

export class CardStore extends RevisionedStore<CardSummary, CardRecord, CardRow> {
  private readonly matches: SearchMatches;
  /** Inside `batch`: the search rows (card id, texts) to write at its end. */
  private pendingSearch: [id: number, texts: string[]][] | null = null;

  constructor(db: Db, now: () => number = Date.now) {
    super(
      db,
      {
        kind: 'card',
        from: 'cards c',
        label: 'Card',
        summaryColumns: SUMMARY_COLUMNS,
        recordColumns: 'c.document, c.format',
        revisionImage: 'image',
        searchTables: ['card_search', 'card_grams', 'card_words'],
        toSummary,
        toRecord: (row) => ({
          ...toSummary(row),
          document: row.document,
          format: row.format,
        }),
      },
      now,
    );
    this.matches = new SearchMatches(this.sql);
  }

  list(input: ListInput): { items: CardSummary[]; total: number } {
    const { where, params, sortSql, total } = this.query(input);
    return this.page(where, params, sortSql, input, total);
  }

  /** Every matching id in list order (for "select all" over thousands of cards). */
  ids(input: ListInput): number[] {
    const { where, params, sortSql } = this.query(input);
    return (
      this.sql.stmt(`SELECT c.id FROM cards c WHERE ${where.join(' AND ')} ORDER BY ${sortSql}`).all(...params) as {
        id: number;
      }[]
    ).map((r) => r.id);
  }

  /**
   * A filtered list (search words, tags) reads its matches from temp.card_matches (search-matches.ts), written
   * `+c.id IN (…)`: the `+` keeps SQLite from driving the query from the matching ids (then sorting them all, slow
   * when a tag or word matches tens of thousands of cards); it reads the sort's index in order instead and checks
   * each card against the matches, so a page stops after its 200 rows. Few matches are the exception: then reading
   * those and sorting them is quicker than walking the index. The total of a live list is the matches minus the
   * trashed cards among them, counted from the trash's own index. A filter every card passes needs no check at all.
   */
  private query(input: ListInput): { where: string[]; params: unknown[]; sortSql: string; total?: number } {
    const where = [this.trashFilter(input.trash)];
    const search = input.query?.trim() ? buildSearch(input.query) : null;
    const findTag = this.sql.stmt('SELECT id FROM tags WHERE name = ? COLLATE NOCASE');
    const tagIds = [...new Set((input.tags ?? []).map((t) => t.toLowerCase()))].map(
      (tag) => (findTag.get(tag) as { id: number } | undefined)?.id ?? -1,
    );
    let total: number | undefined;
    const matches =
      tagIds.length > 0 || search?.long.length || search?.grams.length ? this.matches.fill(search, tagIds) : 'every';
    if (matches !== 'every') {
      where.push(`${matches <= FEW_MATCHES ? '' : '+'}c.id IN (SELECT id FROM temp.card_matches)`);
      if (!input.trash) {
        const trashed = this.sql
          .stmt(
            'SELECT count(*) AS n FROM cards c WHERE c.deleted_at IS NOT NULL AND +c.id IN (SELECT id FROM temp.card_matches)',
          )
          .get() as { n: number };
        total = matches - trashed.n;
      }
    } else if (!input.trash) total = this.matches.liveCount();
    const order = input.order ?? (input.sort === 'updated' || input.sort === 'created' ? 'desc' : 'asc');
    const sortSql = `${SORT_COLUMNS[input.sort ?? 'name']} ${order === 'desc' ? 'DESC' : 'ASC'}, c.id ${order === 'desc' ? 'DESC' : 'ASC'}`;
    return { where, params: [], sortSql, total };
  }

  image(id: number): Uint8Array | null {
    const row = this.sql.stmt('SELECT image FROM cards WHERE id = ?').get(id) as
      { image: Uint8Array | null } | undefined;
    if (!row) throw new ApiError('not_found', `No card with id ${id} in the library.`);
    return row.image;
  }

  create(input: CreateInput): CardRecord {
    const format = input.format ?? (input.document === undefined ? 'json' : detectFormat(input.document));
    let text = input.document ?? serializeDocument(blankCard(input.name ?? 'New character'), 'json');
    if (input.document !== undefined && (input.name !== undefined || input.tags !== undefined)) {
      text = this.patchText(text, format, input.name, input.tags);
    } else if (input.document === undefined && input.tags) {
      text = this.patchText(text, format, undefined, input.tags);
    }
    return this.insert({ document: text, format });
  }

  /** Inserts a card document as given (import path); the text is stored exactly as received. */
  insert(card: NewCard): CardRecord {
    const { fields, values } = fileColumns(card);
    const now = this.now();
    const id = this.sql.write(() => {
      const info = this.sql
        .stmt(
          `INSERT INTO cards (${FILE_COLUMNS.join(', ')}, created_at, updated_at)
           VALUES (${FILE_COLUMNS.map(() => '?').join(', ')}, ?, ?)`,
        )
        .run(...values, now, now);
      const newId = Number(info.lastInsertRowid);
      this.index(newId, fields);
      return newId;
    });
    return this.get(id);
  }

  /** The stored card with its original file bytes, as the pure export/inspect functions take it. */
  stored(id: number): StoredCard {
    const card = this.get(id);
    return {
      name: card.name,
      document: card.document,
      format: card.format,
      container: card.container,
      original: this.image(id),
    };
  }

  findByHash(hash: string): number | null {
    const row = this.sql
      .stmt('SELECT id FROM cards WHERE content_hash = ? AND deleted_at IS NULL LIMIT 1')
      .get(hash) as { id: number } | undefined;
    return row?.id ?? null;
  }

  /** A live card that may be an earlier version of an imported one: the same name and creator (case folded). */
  findVersionOf(name: string, creator: string): { id: number; name: string } | null {
    const row = this.sql
      .stmt(
        'SELECT id, name FROM cards WHERE name = ? COLLATE NOCASE AND creator = ? COLLATE NOCASE AND deleted_at IS NULL ORDER BY updated_at DESC LIMIT 1',
      )
      .get(name, creator) as { id: number; name: string } | undefined;
    return row ?? null;
  }

  /** Replaces a card with an imported file (document, container and image) as its next revision. */
  replace(id: number, card: NewCard): CardRecord {
    return this.sql.write(() => {
      const current = this.editable(id, undefined);
      const { fields, values } = fileColumns(card);
      this.keep(id);
      this.sql
        .stmt(
          `UPDATE cards SET ${FILE_COLUMNS.map((c) => `${c} = ?`).join(', ')}, revision = revision + 1, updated_at = ? WHERE id = ?`,
        )
        .run(...values, Math.max(this.now(), current.updatedAt), id);
      this.index(id, fields);
      return this.get(id);
    });
  }

  update(input: UpdateInput): CardRecord {
    return this.sql.write(() => {
      const current = this.editable(input.id, input.baseRevision);
      let text = input.document ?? current.document;
      const format =
        input.document === undefined
          ? current.format
          : current.format === 'yaml' && detectFormat(text) === 'json'
            ? 'json'
            : current.format;
      if (input.name !== undefined || input.tags !== undefined)
        text = this.patchText(text, format, input.name, input.tags);
      if (text === current.document) return current;
      const fields = summarizeCard(parseDocument(text, format));
      const now = Math.max(this.now(), current.updatedAt);
      this.keep(input.id);
      this.sql
        .stmt(
          'UPDATE cards SET name = ?, creator = ?, character_version = ?, name_key = ?, creator_key = ?, version_key = ?, spec = ?, document = ?, format = ?, content_hash = ?, revision = revision + 1, updated_at = ? WHERE id = ?',
        )
        .run(
          fields.name,
          fields.creator,
          fields.characterVersion,
          ...sortKeys(fields),
          fields.spec,
          text,
          format,
          contentHash(text),
          now,
          input.id,
        );
      this.index(input.id, fields);
      return this.get(input.id);
    });
  }

  /** Replaces the card's image, keeping its document; the old image stays in the revision history. */
  setImage(id: number, bytes: Uint8Array): CardRecord {
    return this.sql.write(() => {
      const card = this.editable(id, undefined);
      if (card.container === 'charx')
        throw new ApiError(
          'conflict',
          'This card is a CharX archive: its image is an asset inside the archive. Export it as PNG first, then replace the image of that card.',
        );
      const isPng = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
      if (!isPng)
        throw new ApiError(
          'bad_input',
          'The new image must be a PNG file (cards embed their data in PNG text chunks).',
          [{ path: '/base64', message: 'not a PNG' }],
        );
      this.keep(id);
      this.sql
        .stmt("UPDATE cards SET image = ?, container = 'png', revision = revision + 1, updated_at = ? WHERE id = ?")
        .run(bytes, Math.max(this.now(), card.updatedAt), id);
      return this.get(id);
    });
  }

  /**
   * Applies one action to many cards in one transaction, all or nothing. V1 cards have no tags field, so tag actions leave them
   * unchanged (counted in `v1`) rather than invent a non-standard top-level `tags`: convert them to V2 first.
   */
  bulk(
    ids: number[],
    action: 'delete' | 'restore' | 'addTags' | 'removeTags',
    tags: string[] = [],
  ): { updated: number; v1: number } {
    return this.sql.write(() => {
      let updated = 0;
      let v1 = 0;
      for (const id of new Set(ids)) {
        const card = this.get(id);
        if (action === 'delete' || action === 'restore') {
          if ((card.deletedAt === null) !== (action === 'delete')) continue;
          this.setDeleted(id, action === 'delete');
          updated++;
          continue;
        }
        if (card.spec === 'chara_card_v1') {
          v1++;
          continue;
        }
        const own = this.ownTags(card);
        const lower = new Set(tags.map((t) => t.toLowerCase()));
        const next =
          action === 'addTags'
            ? [...own, ...tags.filter((t) => !own.some((c) => c.toLowerCase() === t.toLowerCase()))]
            : own.filter((t) => !lower.has(t.toLowerCase()));
        if (next.length === own.length) continue;
        this.update({ id, tags: next });
        updated++;
      }
      return { updated, v1 };
    });
  }

  /** Renames a tag on every card that has it (case-insensitive match), keeping each card's other tags. */
  renameTag(from: string, to: string): { updated: number } {
    return this.sql.write(() => {
      const rows = this.sql
        .stmt(
          'SELECT ct.card_id AS id FROM card_tags ct JOIN tags t ON t.id = ct.tag_id WHERE t.name = ? COLLATE NOCASE',
        )
        .all(from) as { id: number }[];
      for (const { id } of rows) {
        const card = this.get(id);
        const renamed = this.ownTags(card).map((t) => (t.toLowerCase() === from.toLowerCase() ? to : t));
        this.update({ id, tags: renamed });
      }
      // The old spelling may survive only as an orphan row; drop unused tags so the filter list stays true.
      this.sql.stmt('DELETE FROM tags WHERE id NOT IN (SELECT tag_id FROM card_tags)').run();
      // A change of case only must show in the tag list too.
      this.sql.stmt('UPDATE tags SET name = ? WHERE name = ? COLLATE NOCASE').run(to, to);
      return { updated: rows.length };
    });
  }

  /**
   * Live cards per tag, counted as every card with the tag minus the trashed ones: both come off small indexes,
   * where checking each tagged card for the trash would read 100,000 card rows. CROSS JOIN keeps the trashed
   * count starting from the (usually few) trashed cards. Counting 200,000 tag links still takes tens of
   * milliseconds, and the library page asks at every start: the counts are kept until the library changes.
   */
  tags(): TagCount[] {
    return this.matches.untilWrite('tags', () => this.countTags()).map((t) => ({ ...t }));
  }

  private countTags(): TagCount[] {
    return this.sql
      .stmt(
        `WITH tagged AS (SELECT tag_id, count(*) AS n FROM card_tags GROUP BY tag_id),
         trashed AS (SELECT ct.tag_id, count(*) AS n FROM cards c CROSS JOIN card_tags ct ON ct.card_id = c.id
           WHERE c.deleted_at IS NOT NULL GROUP BY ct.tag_id)
         SELECT t.name AS name, a.n - coalesce(d.n, 0) AS count FROM tags t JOIN tagged a ON a.tag_id = t.id
           LEFT JOIN trashed d ON d.tag_id = t.id
         WHERE a.n > coalesce(d.n, 0) ORDER BY t.name COLLATE NOCASE`,
      )
      .all() as TagCount[];
  }

  /** The card's tags as its document spells and orders them (the tag table folds case). */
  private ownTags(card: CardRecord): string[] {
    return summarizeCard(parseDocument(card.document, card.format)).tags;
  }

  private patchText(
    text: string,
    format: DocumentFormat,
    name: string | undefined,
    tags: string[] | undefined,
  ): string {
    let doc = parseDocument(text, format);
    if (name !== undefined) doc = withCardName(doc, name);
    if (tags !== undefined) doc = withCardTags(doc, [...new Set(tags.map((t) => t.trim()).filter((t) => t !== ''))]);
    return serializeDocument(doc, format, text);
  }

  /**
   * Runs `fn` (many card writes: an import batch) as one transaction and writes the cards' search rows together at
   * its end. FTS5 writes its pending index data to disk whenever a statement of the transaction opens a savepoint or
   * a statement journal (card rows and tag links do, for their checks and foreign keys), so search rows written
   * between a batch's card rows become one small index segment per card, merged again and again.
   */
  batch<T>(fn: () => T): T {
    if (this.pendingSearch) return fn();
    return this.sql.write(() => {
      this.pendingSearch = [];
      try {
        const out = fn();
        this.writeSearch(this.pendingSearch);
        return out;
      } finally {
        this.pendingSearch = null;
      }
    });
  }

  private index(id: number, fields: CardFields): void {
    this.sql.stmt('DELETE FROM card_tags WHERE card_id = ?').run(id);
    const upsertTag = this.sql.stmt('INSERT INTO tags (name) VALUES (?) ON CONFLICT (name) DO NOTHING');
    const link = this.sql.stmt(
      'INSERT OR IGNORE INTO card_tags (card_id, tag_id) SELECT ?, id FROM tags WHERE name = ? COLLATE NOCASE',
    );
    for (const tag of fields.tags) {
      upsertTag.run(tag);
      link.run(id, tag);
    }
    const texts = [fields.name, fields.creator, fields.tags.join(' '), fields.description, fields.notes];
    if (this.pendingSearch) this.pendingSearch.push([id, texts]);
    else this.writeSearch([[id, texts]]);
  }

  /**
   * Writes the search rows of cards: the new words of all of them first, in one statement (it opens a statement
   * journal, so it must come before the full-text rows, see `batch`), then each card's rows in the three indexes.
   */
  private writeSearch(rows: readonly [id: number, texts: string[]][]): void {
    const tokens = rows.map(([, texts]) => searchTokens(texts));
    const ids = wordIds(
      this.sql,
      tokens.flatMap((t) => t.words),
    );
    rows.forEach(([id, texts], i) => {
      this.sql.stmt('DELETE FROM card_search WHERE rowid = ?').run(id);
      this.sql
        .stmt('INSERT INTO card_search (rowid, name, creator, tags, description, notes) VALUES (?, ?, ?, ?, ?, ?)')
        .run(id, ...texts);
      this.sql.stmt('DELETE FROM card_grams WHERE rowid = ?').run(id);
      this.sql.stmt('INSERT INTO card_grams (rowid, grams) VALUES (?, ?)').run(id, tokens[i]!.grams);
      writeCardWords(this.sql, id, tokens[i]!.words, ids);
    });
  }
}
