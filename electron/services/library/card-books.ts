/**
 * Links between cards and library lorebooks (`card_lorebooks`), and moving a book into or out of a card's embedded
 * `data.character_book`. Each operation is one transaction; card edits go through the card store, so every embed or
 * removal is a new card revision that can be restored.
 */
import { ApiError } from '../../../shared/errors.ts';
import type { CardRecord } from '../../../shared/library/types.ts';
import type { CardBookLink, LinkRole } from '../../../shared/api/methods/links.ts';
import { exportBook, importBook } from '../../../shared/lorebook/formats/index.ts';
import type { LossReport } from '../../../shared/lorebook/formats/index.ts';
import { parseDocument, serializeDocument } from '../../../shared/library/parse-document.ts';
import type { JsonObject } from '../../../shared/library/parse-document.ts';
import type { CardStore } from './card-store.ts';
import type { LorebookStore } from './lorebook-store.ts';
import type { Db } from './open-database.ts';
import { Sql } from './sql.ts';
import { isObject } from '../../../shared/util/is-object.ts';

export class CardBooks {
  private readonly sql: Sql;
  private readonly cards: CardStore;
  private readonly books: LorebookStore;

  constructor(db: Db, cards: CardStore, books: LorebookStore) {
    this.sql = new Sql(db);
    this.cards = cards;
    this.books = books;
  }

  /** The card's linked books, primary first, then by name; trashed books are listed too (marked by deletedAt). */
  list(cardId: number): CardBookLink[] {
    this.cards.get(cardId);
    return this.sql
      .stmt(
        `SELECT l.id AS lorebookId, l.name AS name, cl.role AS role, l.deleted_at AS deletedAt
         FROM card_lorebooks cl JOIN lorebooks l ON l.id = cl.lorebook_id
         WHERE cl.card_id = ? ORDER BY cl.role = 'primary' DESC, l.name COLLATE NOCASE, l.id`,
      )
      .all(cardId) as CardBookLink[];
  }

  /** Links a book (or changes the role of an existing link); a new primary demotes the old one to extra. */
  link(cardId: number, lorebookId: number, role: LinkRole): CardBookLink[] {
    return this.sql.write(() => {
      this.liveCard(cardId);
      this.liveBook(lorebookId);
      // Demote first: the unique index allows one primary per card at any moment.
      if (role === 'primary')
        this.sql
          .stmt("UPDATE card_lorebooks SET role = 'extra' WHERE card_id = ? AND role = 'primary' AND lorebook_id <> ?")
          .run(cardId, lorebookId);
      this.sql
        .stmt(
          'INSERT INTO card_lorebooks (card_id, lorebook_id, role) VALUES (?, ?, ?) ON CONFLICT (card_id, lorebook_id) DO UPDATE SET role = excluded.role',
        )
        .run(cardId, lorebookId, role);
      return this.list(cardId);
    });
  }

  unlink(cardId: number, lorebookId: number): CardBookLink[] {
    return this.sql.write(() => {
      this.liveCard(cardId);
      const info = this.sql
        .stmt('DELETE FROM card_lorebooks WHERE card_id = ? AND lorebook_id = ?')
        .run(cardId, lorebookId);
      if (info.changes === 0)
        throw new ApiError('not_found', `Lorebook ${lorebookId} is not linked to card ${cardId}.`, [
          { path: '/lorebookId', message: 'not linked' },
        ]);
      return this.list(cardId);
    });
  }

  /** Writes a library book into the card as its character_book (replacing any embedded one), as a new revision. */
  embed(cardId: number, lorebookId: number): { card: CardRecord; report: LossReport } {
    return this.sql.write(() => {
      const card = this.liveCard(cardId);
      const record = this.liveBook(lorebookId);
      const doc = parseDocument(card.document, card.format);
      const data = cardData(doc, cardId);
      const book = importBook(parseDocument(record.document, 'json', record.name), {
        format: 'st',
        detail: 'summary',
      }).book;
      // A V3 card wants V3 entries (use_regex is required there); the embedded form is the book without its wrapper.
      const v3 = doc['spec'] === 'chara_card_v3';
      const { book: exported, report } = exportBook(book, v3 ? 'v3' : 'v2', { name: record.name, detail: 'summary' });
      const characterBook = v3 && isObject(exported['data']) ? exported['data'] : exported;
      const next = { ...doc, data: { ...data, character_book: characterBook } };
      const saved = this.cards.update({ id: cardId, document: serializeDocument(next, card.format, card.document) });
      return { card: saved, report };
    });
  }

  /**
   * Saves the card's embedded book as a new library lorebook linked as the card's primary. The card stays as it is
   * unless `remove`, which drops its character_book as a new revision.
   */
  unembed(cardId: number, remove: boolean): { lorebookId: number; card: CardRecord; report: LossReport } {
    return this.sql.write(() => {
      const card = this.liveCard(cardId);
      const doc = parseDocument(card.document, card.format);
      const data = cardData(doc, cardId);
      const embedded = data['character_book'];
      if (!isObject(embedded))
        throw new ApiError('conflict', `Card ${cardId} has no embedded lorebook to save.`, [
          { path: '/cardId', message: 'no character_book' },
        ]);
      const { book, report } = importBook(embedded, { detail: 'summary' });
      const ownName = typeof embedded['name'] === 'string' ? embedded['name'].trim() : '';
      const name = ownName || `${card.name} lorebook`;
      const created = this.books.insert(name, JSON.stringify(book, null, 4), null);
      this.link(cardId, created.id, 'primary');
      let saved = card;
      if (remove) {
        const { character_book: _dropped, ...rest } = data;
        saved = this.cards.update({
          id: cardId,
          document: serializeDocument({ ...doc, data: rest }, card.format, card.document),
        });
      }
      return { lorebookId: created.id, card: saved, report };
    });
  }

  private liveCard(id: number): CardRecord {
    const card = this.cards.get(id);
    if (card.deletedAt !== null)
      throw new ApiError('conflict', `Card ${id} is in the trash; restore it first.`, [
        { path: '/cardId', message: 'in the trash' },
      ]);
    return card;
  }

  private liveBook(id: number): ReturnType<LorebookStore['get']> {
    const book = this.books.get(id);
    if (book.deletedAt !== null)
      throw new ApiError('conflict', `Lorebook ${id} is in the trash; restore it first.`, [
        { path: '/lorebookId', message: 'in the trash' },
      ]);
    return book;
  }
}

/** The card's `data` object; V1 cards have no place for an embedded book. */
function cardData(doc: JsonObject, cardId: number): JsonObject {
  const data = doc['data'];
  if (!isObject(data)) {
    throw new ApiError(
      'conflict',
      `Card ${cardId} is a V1 card, which cannot hold a lorebook; convert it to V2 first.`,
      [{ path: '/cardId', message: 'V1 card' }],
    );
  }
  return data;
}
