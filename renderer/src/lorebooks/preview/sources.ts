/**
 * What the preview scans besides the open book: a library card (its character fields and books) and more library
 * books, each in a SillyTavern role (docs/world-info-scenarios.md#scenario, #book-roles). Pure, so the worker and the tests build the
 * same scenario the page shows.
 */
import type { Scenario, ScenarioCharacter, WorldInfoBook } from '../../../../shared/lorebook/model.ts';
import { importBook, isImportOf } from '../../../../shared/lorebook/formats/index.ts';

/** `character`: a candidate for the character's primary book (the first one wins, later ones become extras). */
export type BookRole = 'global' | 'character' | 'extra' | 'chat' | 'persona';
export type OpenBookRole = 'global' | 'character' | 'chat' | 'persona';
export const OPEN_BOOK_ROLES: readonly OpenBookRole[] = ['global', 'character', 'chat', 'persona'];
/** Roles the "More books" picker offers; character books come from the card. */
export const MORE_BOOK_ROLES: readonly BookRole[] = ['global', 'chat', 'persona'];

export interface SourceBook {
  /** The name in the library (or the card's name for its embedded book); made unique when assigned. */
  name: string;
  role: BookRole;
  book: WorldInfoBook;
  /** Where it came from, so the page can tell the card's books from the author's picks. */
  origin: 'card' | 'more';
}

/** The card's fields besides name and description, which live in the preview setup where the author can edit them. */
export type CardCharacter = Omit<ScenarioCharacter, 'name' | 'description'>;

export interface PreviewSources {
  openRole: OpenBookRole;
  character: CardCharacter | null;
  books: SourceBook[];
}

export const NO_SOURCES: PreviewSources = { openRole: 'global', character: null, books: [] };

export const BLANK_CHARACTER: CardCharacter = {
  avatar: '',
  tags: [],
  personality: '',
  scenario: '',
  creatorNotes: '',
  depthPrompt: '',
};

type BookRoles = Pick<
  Scenario,
  'books' | 'globalBooks' | 'characterBook' | 'extraCharacterBooks' | 'chatBook' | 'personaBook'
>;

export interface AssignedBooks extends BookRoles {
  /** Books that lost their single role (chat, persona) to an earlier book: in `books` but never scanned. */
  unused: string[];
}

/** `name`, or `name (2)`, `name (3)` … — the first one free in `taken`. */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) if (!taken.has(`${name} (${n})`)) return `${name} (${n})`;
}

/**
 * Every book under a unique name and in its role. The open book claims first and keeps its own name (entry ids in
 * the editor are `${bookName}.${uid}`); then the sources in order. Character candidates: the first is the primary
 * book, the rest extras; a second chat or persona book has nowhere to go in SillyTavern and is reported as unused.
 */
export function assignBooks(openName: string, openBook: WorldInfoBook, sources: PreviewSources): AssignedBooks {
  const out: AssignedBooks = {
    books: {},
    globalBooks: [],
    characterBook: null,
    extraCharacterBooks: [],
    chatBook: null,
    personaBook: null,
    unused: [],
  };
  const taken = new Set<string>();
  const place = (name: string, role: BookRole, book: WorldInfoBook): void => {
    const unique = uniqueName(name, taken);
    taken.add(unique);
    out.books[unique] = book;
    if (role === 'global') out.globalBooks.push(unique);
    else if (role === 'character' && out.characterBook === null) out.characterBook = unique;
    else if (role === 'character' || role === 'extra') out.extraCharacterBooks.push(unique);
    else if (role === 'chat' && out.chatBook === null) out.chatBook = unique;
    else if (role === 'persona' && out.personaBook === null) out.personaBook = unique;
    else out.unused.push(unique);
  };
  place(openName, sources.openRole, openBook);
  for (const s of sources.books) place(s.name, s.role, s.book);
  return out;
}

/** A linked library book of the card (links.list), already loaded. */
export interface LinkedBook {
  name: string;
  role: 'primary' | 'extra';
  book: WorldInfoBook;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * A card's character fields and books. SillyTavern loads both a linked primary book and the embedded one (which
 * it imported as a book of its own), so the primary leads and the embedded book follows as a character candidate,
 * i.e. an extra; additional links are extras.
 */
export function cardSources(
  cardName: string,
  document: unknown,
  links: readonly LinkedBook[],
): { name: string; description: string; character: CardCharacter; books: SourceBook[] } {
  const root = (document ?? {}) as Record<string, unknown>;
  const data = (typeof root['data'] === 'object' && root['data'] !== null ? root['data'] : root) as Record<
    string,
    unknown
  >;
  const extensions = (data['extensions'] ?? {}) as Record<string, unknown>;
  const depthPrompt = (extensions['depth_prompt'] ?? {}) as Record<string, unknown>;
  const name = text(data['name']) || cardName;
  const character: CardCharacter = {
    // characterFilter.names compares with the avatar file name without its extension; the card's name stands in.
    avatar: name,
    tags: Array.isArray(data['tags']) ? data['tags'].filter((t): t is string => typeof t === 'string') : [],
    personality: text(data['personality']),
    scenario: text(data['scenario']),
    creatorNotes: text(data['creator_notes']),
    depthPrompt: text(depthPrompt['prompt']),
  };
  const books: SourceBook[] = links
    .filter((l) => l.role === 'primary')
    .map((l) => ({ name: l.name, role: 'character' as const, book: l.book, origin: 'card' as const }));
  const embedded = data['character_book'];
  // A linked book imported from this embedded book stands for it, as in SillyTavern (no double firing).
  if (embedded && typeof embedded === 'object' && !links.some((l) => isImportOf(l.book, embedded))) {
    const embeddedName = text((embedded as Record<string, unknown>)['name']) || name;
    books.push({
      name: embeddedName,
      role: 'character',
      book: importBook(embedded, { detail: 'summary' }).book,
      origin: 'card',
    });
  }
  for (const l of links)
    if (l.role === 'extra') books.push({ name: l.name, role: 'extra', book: l.book, origin: 'card' });
  return { name, description: text(data['description']), character, books };
}
