// Round trips, property-tested: X → World Info → X is the identity for X's own files (unknown keys and Unicode
// included), and World Info → X → World Info keeps every field X carries.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportBook, importBook } from '../../../shared/lorebook/formats/index.ts';
import type { BookFormat } from '../../../shared/lorebook/formats/index.ts';
import type { WorldInfoBook, WorldInfoEntry } from '../../../shared/lorebook/model.ts';

const RUNS = { numRuns: 150 };

const text = fc.string({ unit: 'binary', maxLength: 12 });
const keyList = fc.array(text, { maxLength: 4 });
const int = fc.integer({ min: -1000, max: 1000 });
/** Names that steer detection or mean something in some format are never "unknown". */
const RESERVED = new Set([
  'spec',
  'kind',
  'type',
  'lorebookVersion',
  'entries',
  'data',
  'text',
  'displayName',
  'entry',
  'keywords',
  'keys',
  'id',
  'uid',
  'key',
  'extensions',
  'contextConfig',
  'originalData',
  'name',
  'first_mes',
]);
const unknownKeys = fc.dictionary(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }).filter((key) => !RESERVED.has(key)),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
);
const withUnknown = <T extends object>(known: fc.Arbitrary<T>) =>
  fc.tuple(unknownKeys, known).map(([unknown, fields]) => ({ ...unknown, ...fields }));
const optionalFields = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T) =>
  fc.record(fields, { requiredKeys: [] });

const v2Extensions = withUnknown(
  optionalFields({
    position: fc.integer({ min: 0, max: 7 }),
    depth: int,
    probability: fc.integer({ min: 0, max: 100 }),
    useProbability: fc.boolean(),
    selectiveLogic: fc.integer({ min: 0, max: 3 }),
    group: text,
    group_weight: int,
    scan_depth: fc.option(int),
    role: fc.integer({ min: 0, max: 2 }),
    sticky: fc.option(int),
    triggers: fc.array(fc.constantFrom('normal', 'swipe')),
    match_scenario: fc.boolean(),
    display_index: int,
  }),
);
const v2Entry = withUnknown(
  fc.record(
    {
      id: fc.option(fc.nat(6), { nil: undefined }),
      keys: keyList,
      secondary_keys: keyList,
      comment: text,
      content: text,
      constant: fc.boolean(),
      selective: fc.boolean(),
      insertion_order: int,
      enabled: fc.boolean(),
      position: fc.constantFrom('before_char', 'after_char'),
      use_regex: fc.boolean(),
      case_sensitive: fc.boolean(),
      priority: int,
      extensions: v2Extensions,
    },
    { requiredKeys: ['keys', 'content', 'insertion_order', 'enabled', 'extensions'] },
  ),
);
const v2Book = withUnknown(
  fc.record(
    {
      name: text,
      description: text,
      scan_depth: int,
      extensions: unknownKeys,
      entries: fc.array(v2Entry, { maxLength: 5 }),
    },
    { requiredKeys: ['entries'] },
  ),
);

const FORMAT_DOCS: Record<Exclude<BookFormat, 'st'>, fc.Arbitrary<Record<string, unknown>>> = {
  v2: v2Book,
  v3: fc.tuple(unknownKeys, v2Book).map(([unknown, data]) => ({ ...unknown, spec: 'lorebook_v3', data })),
  novelai: withUnknown(
    fc.record({
      lorebookVersion: fc.constant(5),
      settings: unknownKeys,
      categories: fc.array(unknownKeys, { maxLength: 2 }),
      entries: fc.array(
        withUnknown(
          fc.record(
            {
              text,
              keys: keyList,
              displayName: text,
              enabled: fc.boolean(),
              forceActivation: fc.boolean(),
              searchRange: fc.nat(),
              contextConfig: withUnknown(optionalFields({ budgetPriority: int, prefix: text, insertionPosition: int })),
            },
            { requiredKeys: ['text', 'keys', 'enabled'] },
          ),
        ),
        { maxLength: 5 },
      ),
    }),
  ),
  agnai: withUnknown(
    fc.record({
      kind: fc.constant('memory'),
      name: text,
      description: text,
      entries: fc.array(
        withUnknown(
          fc.record({ name: text, entry: text, keywords: keyList, priority: int, weight: int, enabled: fc.boolean() }),
        ),
        { maxLength: 5 },
      ),
    }),
  ),
  risu: withUnknown(
    fc.record({
      type: fc.constant('risu'),
      ver: fc.constant(1),
      data: fc.array(
        withUnknown(
          fc.record(
            {
              key: text,
              secondkey: text,
              comment: text,
              content: text,
              insertorder: int,
              alwaysActive: fc.boolean(),
              selective: fc.boolean(),
              activationPercent: fc.integer({ min: 0, max: 100 }),
              mode: fc.constantFrom('normal', 'constant', 'folder'),
              useRegex: fc.boolean(),
            },
            { requiredKeys: ['key', 'content'] },
          ),
        ),
        { maxLength: 5 },
      ),
    }),
  ),
};

describe('X → World Info → X is the identity', () => {
  it.each(Object.keys(FORMAT_DOCS) as Exclude<BookFormat, 'st'>[])('%s', (format) => {
    fc.assert(
      fc.property(FORMAT_DOCS[format], (doc) => {
        const { book, report } = importBook(doc);
        expect(report.from).toBe(format);
        expect(JSON.stringify(exportBook(book, format).book)).toBe(JSON.stringify(doc));
      }),
      RUNS,
    );
  });

  it('st', () => {
    const entry = withUnknown(
      optionalFields({ key: keyList, content: text, order: int, sticky: fc.option(int), disable: fc.boolean() }),
    );
    fc.assert(
      fc.property(withUnknown(fc.record({ entries: fc.dictionary(fc.nat(50).map(String), entry) })), (doc) => {
        const { book, report } = importBook(doc);
        expect(report.items.every((item) => item.fate === 'kept')).toBe(true);
        expect(JSON.stringify(exportBook(book, 'st').book)).toBe(JSON.stringify(doc));
      }),
      RUNS,
    );
  });
});

/** Where each format keeps its entry list and an entry's text. */
const LAYOUT: Record<
  Exclude<BookFormat, 'st'>,
  { entries: (doc: Record<string, unknown>) => Record<string, unknown>[]; content: string }
> = {
  v2: { entries: (doc) => doc.entries as Record<string, unknown>[], content: 'content' },
  v3: {
    entries: (doc) => (doc.data as Record<string, unknown>).entries as Record<string, unknown>[],
    content: 'content',
  },
  novelai: { entries: (doc) => doc.entries as Record<string, unknown>[], content: 'text' },
  agnai: { entries: (doc) => doc.entries as Record<string, unknown>[], content: 'entry' },
  risu: { entries: (doc) => doc.data as Record<string, unknown>[], content: 'content' },
};

describe('an edit changes only the edited field of the original', () => {
  it.each(Object.keys(LAYOUT) as Exclude<BookFormat, 'st'>[])('%s', (format) => {
    const layout = LAYOUT[format];
    fc.assert(
      fc.property(FORMAT_DOCS[format], text, (doc, newText) => {
        const entries = layout.entries(doc);
        fc.pre(entries.length > 0);
        const last = entries.length - 1;
        const uid = format === 'v2' || format === 'v3' ? (entries[last]!.id ?? last) : last;
        const { book } = importBook(doc);
        book.entries[String(uid)]!.content = newText;
        const expected = structuredClone(doc);
        layout.entries(expected)[last]![layout.content] = newText;
        expect(JSON.stringify(exportBook(book, format).book)).toBe(JSON.stringify(expected));
      }),
      RUNS,
    );
  });
});

// ---- World Info → X → World Info

const stFields = {
  key: keyList,
  keysecondary: keyList,
  comment: text,
  content: text,
  constant: fc.boolean(),
  selective: fc.boolean(),
  order: int,
  disable: fc.boolean(),
  position: fc.integer({ min: 0, max: 7 }),
  displayIndex: int,
  selectiveLogic: fc.integer({ min: 0, max: 3 }),
  probability: fc.integer({ min: 0, max: 100 }),
  useProbability: fc.boolean(),
  depth: int,
  group: text,
  groupOverride: fc.boolean(),
  groupWeight: int,
  scanDepth: fc.option(int),
  caseSensitive: fc.option(fc.boolean()),
  matchWholeWords: fc.option(fc.boolean()),
  useGroupScoring: fc.option(fc.boolean()),
  automationId: text,
  role: fc.integer({ min: 0, max: 2 }),
  sticky: fc.option(int),
  cooldown: fc.option(int),
  delay: fc.option(int),
  triggers: fc.array(fc.constantFrom('normal', 'quiet')),
  ignoreBudget: fc.boolean(),
  excludeRecursion: fc.boolean(),
  preventRecursion: fc.boolean(),
  delayUntilRecursion: fc.oneof(fc.boolean(), fc.nat(3)),
  vectorized: fc.boolean(),
  outletName: text,
  matchPersonaDescription: fc.boolean(),
  matchCreatorNotes: fc.boolean(),
};
const stBook = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.array(withUnknown(optionalFields(fields)), { maxLength: 5 }).map((entries): WorldInfoBook => ({
    entries: Object.fromEntries(entries.map((entry, uid) => [String(uid), { ...entry, uid } as WorldInfoEntry])),
  }));
const plainKey = fc
  .string({ unit: 'binary', minLength: 1, maxLength: 10 })
  .map((key) => key.replaceAll(',', '').trim())
  .filter((key) => key !== '');

const CARRIED: Record<
  Exclude<BookFormat, 'st'>,
  { fields: Record<string, fc.Arbitrary<unknown>>; carried: string[] }
> = {
  v2: { fields: stFields, carried: Object.keys(stFields) },
  v3: { fields: stFields, carried: Object.keys(stFields) },
  novelai: { fields: stFields, carried: ['key', 'content', 'comment', 'disable', 'order'] },
  agnai: { fields: stFields, carried: ['key', 'content', 'comment', 'disable', 'order'] },
  risu: {
    fields: {
      ...stFields,
      key: fc.array(plainKey, { minLength: 1, maxLength: 3 }),
      keysecondary: fc.array(plainKey, { maxLength: 3 }),
      disable: fc.constant(false),
    },
    carried: ['key', 'keysecondary', 'comment', 'content', 'constant', 'selective', 'order', 'probability'],
  },
};

describe('World Info → X → World Info keeps what X carries', () => {
  it.each(Object.keys(CARRIED) as Exclude<BookFormat, 'st'>[])('%s', (format) => {
    const { fields, carried } = CARRIED[format];
    fc.assert(
      fc.property(stBook(fields), (book) => {
        const exported = exportBook(book, format).book;
        const { book: back } = importBook(exported, { format });
        expect(Object.keys(back.entries)).toEqual(Object.keys(book.entries));
        for (const [uid, entry] of Object.entries(book.entries)) {
          // Risu has a probability only for entries that roll (useProbability), as in SillyTavern's semantics.
          const rolls = format !== 'risu' || entry.useProbability === true;
          for (const field of carried)
            if (Object.hasOwn(entry, field) && (field !== 'probability' || rolls))
              expect([field, back.entries[uid]![field]]).toEqual([field, entry[field]]);
        }
      }),
      RUNS,
    );
  });
});
