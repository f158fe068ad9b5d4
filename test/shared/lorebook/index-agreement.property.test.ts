// The key index only decides which entries a pass evaluates; results must equal evaluating every entry every pass.
// Random books in the spirit of the corpus fuzz generator, including fields of the wrong type (raw files), must
// also never make the scan throw.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Scenario, WorldInfoBook, WorldInfoEntry } from '../../../shared/lorebook/model.ts';
import { scan } from '../../../shared/lorebook/scan.ts';
import { prepareEdit } from '../../../shared/lorebook/prepare.ts';
import { isScanWide } from '../../../shared/lorebook/fate-log.ts';
import { entry, say, scenario } from './scenario-builder.ts';

/** Scenarios fast-check once found to break the agreement, kept as they were printed. */
const COUNTEREXAMPLES = path.join(import.meta.dirname, '../../fixtures/scan-counterexamples');

const WORDS = [
  'dragon',
  'elf',
  'castle',
  'knight',
  'Sword',
  'sword',
  'кот',
  'naïve',
  'big cat',
  '#tag',
  'c++',
  'River',
  'r2_d2',
  '\u212Aelvin',
];
const KEYS = [
  ...WORDS,
  '/drag(on)?/i',
  '/\\bcastles?\\b/',
  '/^elf/',
  '/Castle/',
  '/knight|elf/',
  '/\\bdrag\\w*/',
  '{{char}}',
  '{{user}}',
  ' ',
  '',
  'a',
  'on',
  'elf c',
  // Spans two activated contents (joined by "\n" in a recursion chunk).
  'castle\nelf',
];

const text = fc
  .array(
    fc.constantFrom(
      ...WORDS,
      'the',
      'and',
      'Mira',
      'castles',
      'котик',
      'dragons',
      'herself',
      'DRAGON',
      'CASTLE',
      'İstanbul',
      'elf,castle',
    ),
    { maxLength: 8 },
  )
  .map((w) => w.join(' '));
const nullableBool = fc.constantFrom(null, true, false);
// Values of the wrong type a hand-edited file may hold.
const junkValue = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.integer({ min: -3, max: 3 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 2 }),
  fc.constant({}),
);

const entryArb = (uid: number) =>
  fc
    .record({
      key: fc.array(fc.constantFrom(...KEYS), { maxLength: 3 }),
      keysecondary: fc.array(fc.constantFrom(...KEYS), { maxLength: 2 }),
      content: text,
      constant: fc.boolean(),
      selective: fc.boolean(),
      selectiveLogic: fc.integer({ min: 0, max: 4 }),
      order: fc.integer({ min: 0, max: 3 }),
      position: fc.integer({ min: 0, max: 8 }),
      caseSensitive: nullableBool,
      matchWholeWords: nullableBool,
      scanDepth: fc.constantFrom(null, 0, 1, 3),
      matchCharacterDescription: fc.boolean(),
      group: fc.constantFrom('', '', 'g1', 'g2', 'g1,g2'),
      groupOverride: fc.boolean(),
      probability: fc.constantFrom(100, 100, 50, 0),
      delayUntilRecursion: fc.constantFrom(0, 0, 1, 2, true),
      excludeRecursion: fc.boolean(),
      preventRecursion: fc.boolean(),
      ignoreBudget: fc.boolean(),
      sticky: fc.constantFrom(null, 0, 2),
      cooldown: fc.constantFrom(null, 0, 2),
      delay: fc.constantFrom(null, 0, 2),
    })
    .chain((fields) =>
      // Raw files: sometimes a field is missing or holds a value of the wrong type.
      fc
        .option(fc.tuple(fc.constantFrom(...Object.keys(fields)), fc.option(junkValue, { nil: undefined })), {
          freq: 3,
        })
        .map((junk) => {
          const e: WorldInfoEntry = entry(uid, fields as Partial<WorldInfoEntry>);
          if (junk) {
            const [field, value] = junk;
            if (value === undefined) delete e[field];
            else e[field] = value;
          }
          return e;
        }),
    );

/**
 * Entries that only their plain keys can decide, in the main (tabled, see check-table.ts) and never in the random ones:
 * no constant, recursion rule, delay or buffer of their own; keys still vary in kind (plain, regex, empty), and so does
 * the secondary logic.
 */
const plainEntryArb = (uid: number) =>
  entryArb(uid).map((e): WorldInfoEntry => ({
    ...e,
    constant: false,
    excludeRecursion: false,
    delayUntilRecursion: 0,
    delay: null,
    scanDepth: null,
    matchCharacterDescription: false,
  }));

const scenarioArbOf = (entryOf: (uid: number) => fc.Arbitrary<WorldInfoEntry>) =>
  fc
    .record({
      entries: fc
        .integer({ min: 1, max: 14 })
        .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => entryOf(i)))),
      chat: fc.array(text, { minLength: 0, maxLength: 5 }),
      recursive: fc.boolean(),
      matchWholeWords: fc.boolean(),
      caseSensitive: fc.boolean(),
      depth: fc.integer({ min: 0, max: 4 }),
      budget: fc.constantFrom(5, 25, 100),
      minActivations: fc.constantFrom(0, 0, 2),
      useGroupScoring: fc.boolean(),
      seed: fc.integer({ min: 0, max: 1000 }),
    })
    .map((r): Scenario => {
      const base = scenario(
        r.entries,
        r.chat.map((m, i) => say(m, i % 2 ? 'Mira' : 'Alex')),
        { seed: r.seed, maxContext: 400 },
      );
      base.character.description = 'a castle by the river';
      base.settings = {
        ...base.settings,
        ...{
          recursive: r.recursive,
          matchWholeWords: r.matchWholeWords,
          caseSensitive: r.caseSensitive,
          depth: r.depth,
          budget: r.budget,
          minActivations: r.minActivations,
          useGroupScoring: r.useGroupScoring,
        },
      };
      // Books come from JSON files: plain objects only.
      return JSON.parse(JSON.stringify(base)) as Scenario;
    });
const scenarioArb = scenarioArbOf(entryArb);
const KINDS = [
  { name: 'any entries', scenarios: scenarioArb, entries: entryArb },
  { name: 'entries their plain keys decide', scenarios: scenarioArbOf(plainEntryArb), entries: plainEntryArb },
];

const observable = (s: Scenario, exhaustive: boolean) => {
  const { activated, slots, prompt, timedWorldInfo, randomDraws, trace, explain } = scan(s, { exhaustive });
  return JSON.parse(
    JSON.stringify({ activated, slots, prompt, timedWorldInfo, randomDraws, trace, explain }),
  ) as unknown;
};

/** The book with the entry at `pick` (modulo the count) replaced, its uid kept; other entry objects are kept. */
const editOne = (book: WorldInfoBook, replacement: WorldInfoEntry, pick: number) => {
  const uids = Object.keys(book.entries);
  const uid = uids[pick % uids.length]!;
  return { uid, editedBook: { ...book, entries: { ...book.entries, [uid]: { ...replacement, uid: Number(uid) } } } };
};

describe('key index', () => {
  it('finds a key that spans two activated contents, and a key that must not span them', () => {
    const s = scenario(
      [
        entry(1, { key: ['start'], content: 'at the castle' }),
        entry(2, { key: ['start'], content: 'elf and kin' }),
        entry(3, { key: ['castle\nelf'], content: 'spanning key' }),
        entry(4, { key: ['castle elf'], content: 'no such text' }),
        entry(5, { key: ['kinat'], content: 'no such word' }),
      ],
      [say('start here', 'Alex')],
    );
    s.settings = { ...s.settings, recursive: true };
    const indexed = scan(s);
    expect(indexed.activated).toEqual(['lore.1', 'lore.2', 'lore.3']);
    expect(observable(s, false)).toEqual(observable(s, true));
  });

  it('gives an entry of scan depth in (0, 1) its own buffer, not that of depth 0 (a counterexample fast-check found)', () => {
    // Entry 10 (scan depth 5e-324) sees no message but the character description, where its key "River" is; entry 2
    // (global depth 0) sees nothing. Whichever view was built first used to serve both.
    const s = JSON.parse(
      fs.readFileSync(path.join(COUNTEREXAMPLES, 'scan-depth-between-0-and-1.json'), 'utf8'),
    ) as Scenario;
    expect(observable(structuredClone(s), true)).toMatchObject({ activated: ['lore.2', 'lore.10'] });
    expect(observable(structuredClone(s), false)).toEqual(observable(structuredClone(s), true));
  });

  it('looks a regex key’s literal up in the case it is matched in: lowered with the i flag, as written without', () => {
    const s = scenario(
      [
        entry(1, { key: ['/Dragon/i'], content: 'one' }),
        entry(2, { key: ['/\\bCastles?\\b/'], content: 'two' }),
        entry(3, { key: ['/\\bRiver/'], content: 'three' }),
      ],
      [say('a DRAGON by the Castles and the river', 'Alex')],
    );
    expect(scan(s).activated).toEqual(['lore.1', 'lore.2']);
    expect(observable(s, false)).toEqual(observable(s, true));
  });

  it('dates a rejection that rests through later passes to the last pass it held in, or its key’s activation', () => {
    // "relic" fails its secondary key in pass 1 and rests while recursion runs passes 2–4; a second entry with the
    // same uid (same entry key) fires in pass 3, after which the first is no longer evaluated.
    const chain = [
      entry(1, { key: ['dragon'], content: 'the castle' }),
      entry(2, { key: ['castle'], content: 'a knight' }),
      entry(3, { key: ['knight'], content: 'an elf' }),
      entry(4, { key: ['dragon'], keysecondary: ['unicorn'], selective: true, content: 'never' }),
    ];
    const s = scenario(chain, [say('a dragon came', 'Alex')]);
    s.settings = { ...s.settings, recursive: true };
    const explained = (t: Scenario, exhaustive: boolean) =>
      scan(t, { exhaustive }).explain.entries.find((e) => e.key === 'lore.4');
    expect(explained(s, false)).toMatchObject({ pass: 4, reason: { code: 'secondary-failed' } });
    expect(observable(s, false)).toEqual(observable(s, true));

    const twin = entry(4, { key: ['knight'], content: 'twin' });
    const withTwin = { ...s, books: { lore: { entries: { ...s.books.lore!.entries, twin } } } };
    expect(scan(withTwin).activated).toContain('lore.4');
    expect(explained(withTwin, false)).toMatchObject({ pass: 3, reason: { code: 'secondary-failed' } });
    expect(observable(withTwin, false)).toEqual(observable(withTwin, true));
  });

  it('checks the entries past a budget overflow when the trace or explanations are read, as evaluating every entry', () => {
    // Twelve entries share a key and the budget overflows at the second candidate: the rest are checked only when
    // read, here after other scans have run. Every third one fails its secondary key instead of going unreached.
    const entries = Array.from({ length: 12 }, (_, i) =>
      entry(i, { key: ['dragon'], keysecondary: i % 3 ? [] : ['unicorn'], selective: true, content: 'x'.repeat(200) }),
    );
    const s = scenario(entries, [say('a dragon came', 'Alex')], { maxContext: 400 });
    const late = scan(s);
    scan(s);
    scan({ ...s, chat: [say('a unicorn came', 'Alex')] });
    const { activated, trace, explain } = late;
    expect(activated).toEqual(['lore.1']);
    expect(trace.loops.at(-1)?.candidates).toHaveLength(8);
    const codes = explain.entries.map((e) => e.reason.code);
    expect(codes.filter((c) => c === 'not-reached')).toHaveLength(6);
    expect(codes.filter((c) => c === 'secondary-failed')).toHaveLength(4);
    const { slots, prompt, timedWorldInfo, randomDraws } = late;
    const read = { activated, slots, prompt, timedWorldInfo, randomDraws, trace, explain };
    expect(JSON.parse(JSON.stringify(read))).toEqual(observable(s, true));
  });

  it('reads a result the same after later scans as at once', () => {
    const read = (r: ReturnType<typeof scan>) => JSON.stringify({ trace: r.trace, explain: r.explain });
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const late = scan(s);
        const now = read(scan(s));
        scan({ ...s, seed: s.seed + 1 });
        expect(read(late)).toBe(now);
      }),
      { numRuns: 150 },
    );
  });

  it('after an edit gives an entry the key of another, skips it once that key is activated', () => {
    // Entry "2" fires in pass 2 until the edit gives it uid 1, the key of entry 1, which fired in pass 1.
    const book = scenario(
      [entry(1, { key: ['dragon'], content: 'the castle' }), entry(2, { key: ['castle'], content: 'a knight' })],
      [],
    ).books.lore!;
    const s = scenario([], [say('a dragon came', 'Alex')], { books: { lore: book } });
    s.settings = { ...s.settings, recursive: true };
    expect(scan(s).activated).toEqual(['lore.1', 'lore.2']);
    const editedBook = { ...book, entries: { ...book.entries, 2: { ...book.entries[2]!, uid: 1 } } };
    prepareEdit('lore', book, editedBook, ['2']);
    const edited: Scenario = { ...s, books: { lore: editedBook } };
    expect(scan(edited).prompt).not.toContain('a knight');
    expect(observable(edited, false)).toEqual(observable(structuredClone(edited), true));
  });
  it('after editing one entry (other entry objects kept), still agrees with evaluating every entry', () => {
    const bigger = scenarioArb.filter((s) => Object.keys(s.books.lore!.entries).length >= 8);
    fc.assert(
      fc.property(bigger, entryArb(0), fc.nat(), (s, replacement, pick) => {
        scan(s);
        const { editedBook } = editOne(s.books.lore!, replacement, pick);
        const edited: Scenario = { ...s, books: { lore: editedBook } };
        expect(observable(edited, false)).toEqual(observable(edited, true));
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('after an edit announced with prepareEdit, still agrees with evaluating every entry', () => {
    const bigger = scenarioArb.filter((s) => Object.keys(s.books.lore!.entries).length >= 8);
    fc.assert(
      fc.property(bigger, entryArb(0), fc.nat(), (s, replacement, pick) => {
        scan(s);
        const book = s.books.lore!;
        const { uid, editedBook } = editOne(book, replacement, pick);
        prepareEdit('lore', book, editedBook, [uid]);
        const edited: Scenario = { ...s, books: { lore: editedBook } };
        // The reference prepares a copy from scratch.
        expect(observable(edited, false)).toEqual(observable(structuredClone(edited), true));
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it.each(KINDS)(
    'through a run of edits announced with prepareEdit, each scanned with the last turn’s timed effects, agrees with a fresh preparation ($name)',
    ({ scenarios, entries }) => {
      const bigger = scenarios.filter((s) => Object.keys(s.books.lore!.entries).length >= 8);
      const edit = fc.tuple(entries(0), fc.nat(), fc.boolean());
      fc.assert(
        fc.property(bigger, fc.array(edit, { minLength: 1, maxLength: 4 }), (s, edits) => {
          let current = s;
          let timed = scan(s).timedWorldInfo;
          for (const [replacement, pick, keepOrder] of edits) {
            const book = current.books.lore!;
            const uids = Object.keys(book.entries);
            const uid = uids[pick % uids.length]!;
            const old = book.entries[uid]!;
            // Most edits keep the entry's order (the scan order is then carried over); some move it.
            const next = { ...replacement, uid: Number(uid), ...(keepOrder ? { order: old.order } : {}) };
            const editedBook = { ...book, entries: { ...book.entries, [uid]: next } };
            prepareEdit('lore', book, editedBook, [uid]);
            // One more message, so sticky and cooldown records from the last turn stay in force.
            current = {
              ...current,
              chat: [...current.chat, say('and the castle', 'Alex')],
              timedWorldInfo: timed,
              books: { lore: editedBook },
            };
            expect(observable(current, false)).toEqual(observable(structuredClone(current), true));
            timed = scan(current).timedWorldInfo;
          }
        }),
        { numRuns: 100 },
      );
    },
    60_000,
  );

  it('with listUnmatched, lists exactly the entries whose verdict is "no primary key matched"', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const full = scan(structuredClone(s)).explain.entries;
        const listed = scan(s, { listUnmatched: true });
        const unmatched = (e: (typeof full)[number]) => !e.fired && e.reason.code === 'no-key-match';
        expect(listed.unmatched).toEqual(full.filter(unmatched).map((e) => e.key));
        expect(JSON.parse(JSON.stringify(listed.explain.entries))).toEqual(
          JSON.parse(JSON.stringify(full.filter((e) => !unmatched(e)))),
        );
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('with explainEvaluatedOnly, explains every entry that fired and counts the ones no pass looked at', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const full = scan(structuredClone(s)).explain.entries;
        const only = scan(s, { explainEvaluatedOnly: true });
        const keys = new Set(only.explain.entries.map((e) => e.key));
        const kept = full.filter((e) => keys.has(e.key));
        expect(JSON.parse(JSON.stringify(only.explain.entries))).toEqual(JSON.parse(JSON.stringify(kept)));
        expect(only.unevaluated).toBe(full.length - kept.length);
        for (const e of full.filter((e) => !keys.has(e.key))) {
          expect(e.fired).toBe(false);
          // What an entry no pass looked at can be told holds for the whole scan.
          expect(isScanWide(e.reason)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it.each(KINDS)(
    'gives the same results, trace and explanations as evaluating every entry ($name)',
    ({ scenarios }) => {
      fc.assert(
        fc.property(scenarios, (s) => {
          expect(observable(s, false)).toEqual(observable(s, true));
        }),
        { numRuns: 300 },
      );
    },
    60_000,
  );
});
