/**
 * A lore test as the library stores it: the scenario turns without their books, and one `expect` per turn (the
 * `lorewright test` format, docs/lore-tests.md). The book is left out on purpose: a run injects the book's current
 * document, so a saved test keeps checking the book as it is now rather than a copy from the day it was saved.
 */
import { parseExpect, type Expectations, type EntryRef, type SlotName } from './lore-test.ts';
import type { Scenario, WorldInfoBook } from './model.ts';
import { ScenarioError } from './scenario-error.ts';
import { checkSavedTurn } from './scenario-schema.ts';
import { isObject } from '../util/is-object.ts';
import { describeProblem, findTreeProblem } from '../util/document-limits.ts';

export type LoreTestTurn = Omit<Scenario, 'books'>;

export interface LoreTestDocument {
  turns: LoreTestTurn[];
  expect: { fires?: EntryRef[]; doesNotFire?: EntryRef[]; slot?: Record<string, SlotName> }[];
}

export interface ParsedLoreTest {
  turns: LoreTestTurn[];
  expects: Expectations[];
}

const ROLE_FIELDS = ['globalBooks', 'characterBook', 'extraCharacterBooks', 'chatBook', 'personaBook'] as const;

/**
 * Checks a saved test: each turn against the scenario schema (the one the CLI's scenario files use), each `expect`
 * as the CLI reads it. Throws a ScenarioError naming the field, e.g. `expect[1].fires`.
 */
export function parseLoreTestDocument(text: string): ParsedLoreTest {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new ScenarioError('document', `not valid JSON: ${(e as Error).message}`);
  }
  const problem = findTreeProblem(doc);
  if (problem) throw new ScenarioError('document', describeProblem(problem));
  if (!isObject(doc)) throw new ScenarioError('document', 'expected an object with turns and expect');
  for (const key of Object.keys(doc))
    if (key !== 'turns' && key !== 'expect') throw new ScenarioError(key, 'unknown field (known: turns, expect)');
  const { turns, expect } = doc;
  if (!Array.isArray(turns) || turns.length === 0)
    throw new ScenarioError('turns', 'expected a non-empty list of scenario turns');
  if (!Array.isArray(expect)) throw new ScenarioError('expect', 'expected a list with one expectation object per turn');
  if (expect.length !== turns.length)
    throw new ScenarioError(
      'expect',
      `expected ${turns.length} expectation objects (one per turn), got ${expect.length}`,
    );
  turns.forEach((turn, i) => {
    if (!isObject(turn)) throw new ScenarioError(`turns[${i}]`, 'expected a scenario object');
    if ('books' in turn)
      throw new ScenarioError(`turns[${i}].books`, 'a saved test names its book but does not carry it; remove books');
    checkSavedTurn(turn, `turns[${i}]`);
    if (bookNames(turn as unknown as LoreTestTurn).length === 0)
      throw new ScenarioError(`turns[${i}].globalBooks`, 'the turn selects no book, so nothing would be tested');
  });
  return { turns: turns as LoreTestTurn[], expects: expect.map((e, i) => parseExpect(e, `expect[${i}]`)) };
}

/** Every book name a turn selects, in any role. */
export function bookNames(turn: LoreTestTurn): string[] {
  const names = new Set<string>();
  for (const field of ROLE_FIELDS) {
    const value: unknown = turn[field];
    for (const name of Array.isArray(value) ? value : [value]) if (typeof name === 'string') names.add(name);
  }
  return [...names];
}

/** The turn with the book's current document under every name it selects (the name it had when the test was saved). */
export function withBook(turn: LoreTestTurn, book: WorldInfoBook): Scenario {
  return { ...turn, books: Object.fromEntries(bookNames(turn).map((name) => [name, book])) };
}

/** JSON pointer of a ScenarioError path inside an API input field: `expect[1].fires` → `/document/expect/1/fires`. */
export function pointerOf(field: string, path: string): string {
  return `/${field}${
    path === 'document'
      ? ''
      : `/${path
          .replace(/\[(\d+)\]/g, '.$1')
          .split('.')
          .join('/')}`
  }`;
}
