/** Lore-test expectations (`expect` on a scenario or a turn) and how they are checked against a scan result. */
import type { EntryExplanation, EntryKey, ScanResult, Slots } from './model.ts';
import { ScenarioError } from './scenario-error.ts';

export const SLOT_NAMES = [
  'before',
  'after',
  'ANTop',
  'ANBottom',
  'EMTop',
  'EMBottom',
  'atDepth',
  'outlet',
  'dropped',
] as const;
export type SlotName = (typeof SLOT_NAMES)[number];

/** An entry as an author names it: `Book.uid`, a bare uid, or the entry's comment (title). */
export type EntryRef = string | number;

export interface Expectations {
  fires: EntryRef[];
  doesNotFire: EntryRef[];
  slot: [EntryRef, SlotName][];
}

export interface ExpectationOutcome {
  /** 1-based. */
  turn: number;
  kind: 'fires' | 'doesNotFire' | 'slot';
  ref: EntryRef;
  /** The runtime key the reference resolved to, when it did. */
  entry: string | null;
  /** For `slot`: the slot expected. */
  slot?: SlotName;
  passed: boolean;
  message: string;
}

const FIELDS = ['fires', 'doesNotFire', 'slot'];

export function parseExpect(value: unknown, path: string): Expectations {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ScenarioError(path, `expected an object with ${FIELDS.join(', ')}`);
  const doc = value as Record<string, unknown>;
  for (const key of Object.keys(doc))
    if (!FIELDS.includes(key))
      throw new ScenarioError(`${path}.${key}`, `unknown expectation (known: ${FIELDS.join(', ')})`);
  const refs = (name: string): EntryRef[] => {
    const list = doc[name] ?? [];
    if (!Array.isArray(list))
      throw new ScenarioError(`${path}.${name}`, 'expected a list of entries (uid, "Book.uid" or comment)');
    return list.map((ref, i) => {
      if (typeof ref !== 'string' && typeof ref !== 'number')
        throw new ScenarioError(`${path}.${name}[${i}]`, 'expected a uid, "Book.uid" or a comment');
      return ref;
    });
  };
  const slotDoc = doc.slot ?? {};
  if (typeof slotDoc !== 'object' || slotDoc === null || Array.isArray(slotDoc))
    throw new ScenarioError(`${path}.slot`, 'expected an object: entry → slot name');
  const slot = Object.entries(slotDoc).map(([ref, name]): [EntryRef, SlotName] => {
    if (!SLOT_NAMES.includes(name as SlotName))
      throw new ScenarioError(
        `${path}.slot.${ref}`,
        `expected a slot name (${SLOT_NAMES.join(', ')}), got ${JSON.stringify(name)}`,
      );
    return [ref, name as SlotName];
  });
  return { fires: refs('fires'), doesNotFire: refs('doesNotFire'), slot };
}

export function hasExpectations(expect: Expectations): boolean {
  return expect.fires.length + expect.doesNotFire.length + expect.slot.length > 0;
}

/** Entries matching a reference: exact runtime key, else uid (any book), else comment. */
function resolve(ref: EntryRef, entries: readonly EntryExplanation[]): EntryExplanation[] {
  const text = String(ref).trim();
  const byKey = entries.filter((e) => e.key === text);
  if (byKey.length) return byKey;
  if (/^\d+$/.test(text)) return entries.filter((e) => e.key.endsWith(`.${text}`));
  return entries.filter((e) => e.comment.trim() === text);
}

export function slotOf(slots: Slots, key: string): SlotName | null {
  for (const name of ['before', 'after', 'ANTop', 'ANBottom', 'EMTop', 'EMBottom'] as const)
    if (slots[name].includes(key)) return name;
  if (slots.atDepth.some((g) => g.keys.includes(key))) return 'atDepth';
  if (Object.values(slots.outlet).some((keys) => keys.includes(key))) return 'outlet';
  if (slots.dropped.some((d) => d.key === key)) return 'dropped';
  return null;
}

export function checkExpectations(expect: Expectations, result: ScanResult, turn: number): ExpectationOutcome[] {
  const entries = result.explain.entries;
  const outcomes: ExpectationOutcome[] = [];
  const check = (
    kind: ExpectationOutcome['kind'],
    ref: EntryRef,
    test: (e: EntryExplanation) => { passed: boolean; message: string },
    slot?: SlotName,
  ): void => {
    const found = resolve(ref, entries);
    const [entry] = found;
    if (!entry || found.length > 1) {
      const message = entry
        ? `${JSON.stringify(ref)} is ambiguous: it names ${found.map((e) => e.key).join(', ')}; write "Book.uid"`
        : `no scanned entry has the uid or comment ${JSON.stringify(ref)} (is its book in books and selected?)`;
      outcomes.push({ turn, kind, ref, entry: null, ...(slot && { slot }), passed: false, message });
      return;
    }
    outcomes.push({ turn, kind, ref, entry: entry.key, ...(slot && { slot }), ...test(entry) });
  };
  for (const ref of expect.fires) check('fires', ref, (e) => ({ passed: e.fired, message: e.sentence }));
  for (const ref of expect.doesNotFire) check('doesNotFire', ref, (e) => ({ passed: !e.fired, message: e.sentence }));
  for (const [ref, wanted] of expect.slot) {
    check(
      'slot',
      ref,
      (e) => {
        const actual = slotOf(result.slots, e.key);
        return { passed: actual === wanted, message: actual ? `in ${actual}. ${e.sentence}` : e.sentence };
      },
      wanted,
    );
  }
  return outcomes;
}

/**
 * What a result shows, as expectations: every fired entry fires and lands in its slot; the entries that did not
 * fire are listed only when `notFired` is given (callers leave it out for large books, where the list would be
 * most of the book and make every test brittle to unrelated additions).
 */
export function expectationsFromResult(
  result: Pick<ScanResult, 'activated' | 'slots'>,
  notFired?: readonly EntryKey[],
): Expectations {
  const slot: [EntryRef, SlotName][] = [];
  for (const key of result.activated) {
    const name = slotOf(result.slots, key);
    if (name) slot.push([key, name]);
  }
  return { fires: [...result.activated], doesNotFire: notFired ? [...notFired] : [], slot };
}

/** The JSON form `parseExpect` reads (`slot` is an object there). */
export function expectToJson(expect: Expectations): {
  fires: EntryRef[];
  doesNotFire: EntryRef[];
  slot: Record<string, SlotName>;
} {
  return {
    fires: expect.fires,
    doesNotFire: expect.doesNotFire,
    slot: Object.fromEntries(expect.slot.map(([ref, name]) => [String(ref), name])),
  };
}
