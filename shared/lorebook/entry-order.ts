// Which books are scanned and in which order (docs/world-info.md#book-order): chat book, persona book, then global and character
// books by strategy, each part a stable sort by `order` descending. This order breaks every later tie.
import type { Scenario } from './model.ts';
import { prepareBook, type PreparedBook, type PreparedEntry } from './prepare.ts';

export const CharacterStrategy = { EVENLY: 0, CHARACTER_FIRST: 1, GLOBAL_FIRST: 2 } as const;

export interface OrderedEntry {
  readonly entry: PreparedEntry;
  readonly book: PreparedBook;
  /** Index inside `book.entries`. */
  readonly bookIndex: number;
}

export interface BookSelection {
  global: string[];
  character: string[];
  chat: string[];
  persona: string[];
}

export function selectBooks(scenario: Scenario): BookSelection {
  const global = [...new Set(scenario.globalBooks)];
  const isGlobal = (name: string) => global.includes(name);
  const { chatBook, personaBook } = scenario;
  const character = [...new Set([scenario.characterBook, ...scenario.extraCharacterBooks])].filter(
    (name): name is string => !!name && !isGlobal(name) && name !== chatBook && name !== personaBook,
  );
  const chat = chatBook && !isGlobal(chatBook) ? [chatBook] : [];
  const persona = personaBook && personaBook !== chatBook && !isGlobal(personaBook) ? [personaBook] : [];
  return { global, character, chat, persona };
}

// `Number(x)` mirrors the coercion of `b.order - a.order`: a missing order yields NaN, which the engine's sort
// treats as it treats any NaN comparison. The built-in sort is used on purpose (same stable algorithm).
const byOrderDesc = (a: OrderedEntry, b: OrderedEntry) => Number(b.entry.raw.order) - Number(a.entry.raw.order);

export function orderEntries(scenario: Scenario): readonly OrderedEntry[] {
  const selection = selectBooks(scenario);
  const roles = [selection.chat, selection.persona, selection.global, selection.character];
  // Same books (by identity), names and strategy ⇒ same order: the preview re-scans unchanged books constantly.
  const signature = [
    scenario.settings.characterStrategy,
    ...roles.flatMap((names) => [names.length, ...names.flatMap((n) => [n, scenario.books[n]])]),
  ];
  if (lastOrder && sameList(lastOrder.signature, signature)) return lastOrder.entries;
  const entries = computeOrder(scenario, selection);
  lastOrder = { signature, entries };
  return entries;
}

let lastOrder: { signature: unknown[]; entries: readonly OrderedEntry[] } | undefined;

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function computeOrder(scenario: Scenario, selection: BookSelection): OrderedEntry[] {
  const load = (names: string[]) =>
    names.flatMap((name) => {
      const book = Object.hasOwn(scenario.books, name) ? scenario.books[name] : undefined;
      if (!book) return [];
      const prepared = prepareBook(name, book);
      return prepared.entries.map((entry, bookIndex) => ({ entry, book: prepared, bookIndex }));
    });
  const global = load(selection.global);
  const character = load(selection.character);
  const sorted = (list: OrderedEntry[]) => list.sort(byOrderDesc);
  let rest: OrderedEntry[];
  switch (scenario.settings.characterStrategy) {
    case CharacterStrategy.EVENLY:
      rest = sorted([...global, ...character]);
      break;
    case CharacterStrategy.GLOBAL_FIRST:
      rest = [...sorted(global), ...sorted(character)];
      break;
    default:
      rest = [...sorted(character), ...sorted(global)];
  }
  return [...sorted(load(selection.chat)), ...sorted(load(selection.persona)), ...rest];
}
