// The check table (check-table.ts): which entries are tabled, what their rows hold, and that a plan derived after an
// edit (sharing the rows of the plan before it) reads the same as a plan built from scratch.
import { describe, expect, it } from 'vitest';
import {
  GROUPED,
  IGNORE_BUDGET,
  keyLength,
  logicOf,
  MULTI_WORD,
  PREVENT_RECURSION,
  primaryCount,
  REGEX,
  ROLLS,
  secondaryCount,
  WORD,
} from '../../../shared/lorebook/check-table.ts';
import { orderEntries } from '../../../shared/lorebook/entry-order.ts';
import type { Scenario, WorldInfoEntry } from '../../../shared/lorebook/model.ts';
import { prepareEdit } from '../../../shared/lorebook/prepare.ts';
import { scan } from '../../../shared/lorebook/scan.ts';
import { scanPlan, type ScanPlan } from '../../../shared/lorebook/scan-plan.ts';
import { entry, say, scenario } from './scenario-builder.ts';

const planOf = (s: Scenario): ScanPlan =>
  scanPlan(orderEntries(s), {
    user: s.user.name,
    char: s.character.name,
    caseSensitive: s.settings.caseSensitive,
    wholeWords: s.settings.matchWholeWords,
  });

/** Every entry's row as text, in scan order (null: not tabled); reading a row writes it if not yet written. */
function rows(plan: ScanPlan): (string[] | null)[] {
  return Array.from({ length: plan.order.length }, (_, i) => {
    const row = plan.checkRow(i);
    if (row < 0) return null;
    const data = plan.checkKeys;
    const head = data[row]!;
    const primary = primaryCount(head);
    const secondary = secondaryCount(head);
    const { keyIndex } = plan.book(i);
    const keys = Array.from({ length: primary + secondary }, (_, k) => {
      const code = data[row + 1 + 2 * k]!;
      const bits = data[row + 2 + 2 * k]!;
      const set = code & 1 ? keyIndex.caseSensitive : keyIndex.caseInsensitive;
      const kind = bits & REGEX ? 'regex' : bits & WORD ? 'word' : bits & MULTI_WORD ? 'multi-word' : 'substring';
      return `${k < primary ? 'primary' : 'secondary'} ${set.texts.texts[code >> 1]} ${keyLength(bits)} ${kind}`;
    });
    return [`logic ${logicOf(head)}`, ...keys];
  });
}

const lore = (): WorldInfoEntry[] => [
  entry(0, { key: ['Dragon', 'big cat'], keysecondary: ['elf', 'the castle'], selective: true, selectiveLogic: 3 }),
  entry(1, { key: ['knight'], caseSensitive: true }),
  entry(2, { key: ['elf'], matchWholeWords: false, keysecondary: ['x'], selective: false }),
  entry(3, { key: ['/drag/'] }),
  entry(4, { key: ['castle'], constant: true }),
  entry(5, { key: ['castle'], delayUntilRecursion: 1 }),
  entry(6, { key: ['castle'], keysecondary: ['elf'], selective: true, selectiveLogic: 7 }),
  entry(7, { key: ['castle'], scanDepth: 1 }),
  entry(8, { key: ['castle'], keysecondary: ['elf'], selective: undefined }),
  entry(9, { key: [] }),
  entry(10, { key: ['/^drag/'] }),
  entry(11, { key: ['/(dragon|wyrm)s?/'] }),
  entry(12, { key: ['castle'], keysecondary: ['/KNIGHTS?/'], selective: true }),
];

describe('check table', () => {
  it('tables the entries whose keys alone decide their checks, with their keys as the index numbers them', () => {
    const s = scenario(lore(), [say('a dragon', 'Alex')]);
    scan(s);
    expect(rows(planOf(s))).toEqual([
      [
        'logic 3',
        'primary dragon 6 word',
        'primary big cat 7 multi-word',
        'secondary elf 3 word',
        'secondary the castle 10 multi-word',
      ],
      ['logic 0', 'primary knight 6 word'],
      // Secondary keys of an entry that is not selective are not activation keys.
      ['logic 0', 'primary elf 3 substring'],
      // A regex key with a required literal: its code is the literal's (lowered for a case-insensitive key).
      ['logic 0', 'primary drag 0 regex'],
      // Constant, delay until recursion, an unknown logic, its own scan depth, the missing-selective quirk, no keys,
      // a regex key anchored with ^ (its quirk reads the keys), a regex key with alternatives but no one literal.
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      ['logic 0', 'primary castle 6 word', 'secondary KNIGHT 0 regex'],
    ]);
  });

  it('after an edit, reads as a plan built from scratch, except that the edited entry is not tabled', () => {
    const before = scenario(lore(), [say('a dragon', 'Alex')]);
    scan(before);
    const first = rows(planOf(before));
    const book = before.books.lore!;
    const edited = { ...book, entries: { ...book.entries, 1: { ...book.entries[1]!, key: ['squire', 'page'] } } };
    prepareEdit('lore', book, edited, ['1']);
    const after: Scenario = { ...before, books: { lore: edited } };
    scan(after);
    const derived = rows(planOf(after));
    const fresh = rows(planOf(structuredClone(after)));
    expect(fresh[1]).toEqual(['logic 0', 'primary squire 6 word', 'primary page 4 word']);
    // The edited entry is evaluated in every pass until the key index is rebuilt.
    expect(derived).toEqual(fresh.map((row, i) => (i === 1 ? null : row)));
    expect(derived).toEqual(first.map((row, i) => (i === 1 ? null : row)));
  });
});

describe('entry flags', () => {
  const flagged = (): WorldInfoEntry[] => [
    entry(0, { key: ['dragon'], group: 'beasts' }),
    entry(1, { key: ['/drag/'], ignoreBudget: true, preventRecursion: true }),
    entry(2, { key: ['castle'], constant: true, group: 'places, beasts' }),
    entry(3, { key: ['elf'] }),
    entry(4, { key: ['elf'], useProbability: true, probability: 40 }),
    entry(5, { key: ['elf'], useProbability: true, probability: undefined }),
    entry(6, { key: ['elf'], useProbability: false, probability: 40 }),
  ];
  const flagsOf = (plan: ScanPlan) => Array.from({ length: plan.order.length }, (_, i) => plan.entryFlags(i));

  it('holds what groups, admission and recursion read of each entry, before and after the entry is looked at', () => {
    const s = scenario(flagged(), [say('a dragon', 'Alex')]);
    const expected = [GROUPED, IGNORE_BUDGET | PREVENT_RECURSION, GROUPED, 0, ROLLS, ROLLS, 0];
    const plan = planOf(s);
    expect(flagsOf(plan)).toEqual(expected);
    scan(s);
    expect(rows(plan).map((row) => row !== null)).toEqual([true, true, false, true, true, true, true]);
    expect(flagsOf(plan)).toEqual(expected);
  });

  it("after an edit, holds the edited entry's new flags", () => {
    const before = scenario(flagged(), [say('a dragon', 'Alex')]);
    scan(before);
    rows(planOf(before));
    const book = before.books.lore!;
    const edited = {
      ...book,
      entries: { ...book.entries, 0: { ...book.entries[0]!, group: '', preventRecursion: true } },
    };
    prepareEdit('lore', book, edited, ['0']);
    const after: Scenario = { ...before, books: { lore: edited } };
    scan(after);
    expect(flagsOf(planOf(after))).toEqual([
      PREVENT_RECURSION,
      IGNORE_BUDGET | PREVENT_RECURSION,
      GROUPED,
      0,
      ROLLS,
      ROLLS,
      0,
    ]);
  });
});

describe('timed effects by scan index', () => {
  it('holds a record for every entry with its hash when two share one', () => {
    // Same uid and fields: the same timed-effect hash, so one record puts both in cooldown.
    const twin = () => entry(5, { key: ['dragon'], sticky: 3, cooldown: 2, content: 'twin' });
    const s = scenario([], [say('a dragon', 'Alex')], { books: { lore: { entries: { a: twin(), b: twin() } } } });
    const { hash } = scan(s).timedWorldInfo.sticky['lore.5']!;
    const cooldown = { 'lore.5': { hash, start: 1, end: 10, protected: false } };
    const next = scan({ ...s, chat: [...s.chat, say('a dragon', 'Mira')], timedWorldInfo: { sticky: {}, cooldown } });
    expect(next.activated).toEqual([]);
    expect(next.explain.entries.map((e) => e.reason.code)).toEqual(['cooldown', 'cooldown']);
  });
});
