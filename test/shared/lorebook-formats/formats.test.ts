// Each format against a sample file: what the import produces, what the report says, what the export writes.
import { describe, expect, it } from 'vitest';
import { exportBook, importBook, summarizeReport } from '../../../shared/lorebook/formats/index.ts';
import type { WorldInfoBook } from '../../../shared/lorebook/model.ts';
import { expectEveryFieldReported, fixture } from './helpers.ts';

const TEMPLATE_KEYS = [
  'key',
  'keysecondary',
  'comment',
  'content',
  'constant',
  'vectorized',
  'selective',
  'selectiveLogic',
  'addMemo',
  'order',
  'position',
  'disable',
  'ignoreBudget',
  'excludeRecursion',
  'preventRecursion',
  'matchPersonaDescription',
  'matchCharacterDescription',
  'matchCharacterPersonality',
  'matchCharacterDepthPrompt',
  'matchScenario',
  'matchCreatorNotes',
  'delayUntilRecursion',
  'probability',
  'useProbability',
  'depth',
  'outletName',
  'group',
  'groupOverride',
  'groupWeight',
  'scanDepth',
  'caseSensitive',
  'matchWholeWords',
  'useGroupScoring',
  'automationId',
  'role',
  'sticky',
  'cooldown',
  'delay',
  'triggers',
];

const withoutOriginal = ({ originalData: _original, ...book }: WorldInfoBook): WorldInfoBook => book;

describe('NovelAI .lorebook', () => {
  const doc = fixture('novelai-sample.lorebook');
  const { book, report } = importBook(doc);

  it('imports as SillyTavern does: template entries numbered by index', () => {
    expect(Object.keys(book.entries)).toEqual(['0', '1']);
    const entry = book.entries['1']!;
    expect(Object.keys(entry)).toEqual([...TEMPLATE_KEYS, 'uid', 'displayIndex']);
    expect(entry).toMatchObject({
      uid: 1,
      displayIndex: 1,
      key: ['/shadow ?fangs?/i', '影牙'],
      keysecondary: [],
      comment: '  ',
      addMemo: false,
      content: '影牙 (Shadowfang): corrupted beasts.',
      order: -100,
      disable: true,
      constant: false,
      selective: false,
    });
    expect(book.entries['0']).toMatchObject({ comment: 'Eldoria', addMemo: true, order: 400, disable: false });
    expect(book.originalData).toEqual(doc);
  });

  it('reports every field and warns about ignored forceActivation', () => {
    expectEveryFieldReported(report, doc, 'entries');
    expect(report.warnings).toEqual([
      { path: '$.entries[1].forceActivation', message: expect.stringMatching(/does not make the entry constant/) },
    ]);
    expect(summarizeReport(report)).toContainEqual(
      expect.objectContaining({
        fate: 'stored',
        from: '$.entries[*].searchRange',
        to: '$.originalData.entries[*].searchRange',
        count: 2,
      }),
    );
  });

  it('exports to NovelAI with its defaults when there is no original', () => {
    const { book: out } = exportBook(withoutOriginal(book), 'novelai');
    expect(out).toMatchObject({ lorebookVersion: 5, settings: {}, categories: [] });
    expect((out.entries as unknown[])[1]).toMatchObject({
      text: '影牙 (Shadowfang): corrupted beasts.',
      displayName: '  ',
      keys: ['/shadow ?fangs?/i', '影牙'],
      enabled: false,
      forceActivation: false,
      contextConfig: { budgetPriority: -100, suffix: '\n' },
    });
  });
});

describe('Agnai memory book', () => {
  const doc = fixture('agnai-sample.json');
  const { book, report } = importBook(doc);

  it('imports weight as order and name as comment', () => {
    expect(book.entries['0']).toMatchObject({
      key: ['eldoria', 'forest'],
      comment: 'Eldoria',
      addMemo: true,
      content: 'An ancient forest. 🌲',
      order: 5,
      disable: false,
      selective: false,
    });
    expect(book.entries['1']).toMatchObject({ comment: '', addMemo: false, order: 0, disable: true });
    expectEveryFieldReported(report, doc, 'entries');
  });

  it('exports priority and weight from order', () => {
    const { book: out } = exportBook(withoutOriginal(book), 'agnai', { name: 'Eldoria' });
    expect(out).toEqual({
      kind: 'memory',
      name: 'Eldoria',
      description: '',
      entries: [
        {
          name: 'Eldoria',
          entry: 'An ancient forest. 🌲',
          keywords: ['eldoria', 'forest'],
          priority: 5,
          weight: 5,
          enabled: true,
        },
        {
          name: '',
          entry: 'Shadowfangs are corrupted beasts.',
          keywords: ['shadowfang'],
          priority: 0,
          weight: 0,
          enabled: false,
        },
      ],
    });
  });
});

describe('RisuAI lorebook', () => {
  const doc = fixture('risu-sample.json');
  const { book, report } = importBook(doc);

  it('splits and trims comma-separated keys and maps activationPercent as SillyTavern does', () => {
    expect(book.entries['0']).toMatchObject({
      key: ['eldoria', 'forest', 'wood'],
      keysecondary: [],
      probability: 100,
      useProbability: 100,
      addMemo: true,
      position: 0,
    });
    expect(book.entries['1']).toMatchObject({
      key: ['shadowfang'],
      keysecondary: ['night', 'moon'],
      constant: true,
      selective: true,
      order: 50,
      probability: 100,
      useProbability: true,
    });
    expectEveryFieldReported(report, doc, 'data');
    expect(report.warnings.map((w) => w.path)).toEqual(['$.data[2].mode']);
  });

  it('exports joined keys and drops disabled entries with a report line', () => {
    const edited = withoutOriginal(book);
    edited.entries['2']!.disable = true;
    const { book: out, report: exportReport } = exportBook(edited, 'risu');
    expect(out.data).toHaveLength(2);
    expect((out.data as unknown[])[0]).toMatchObject({
      key: 'eldoria, forest, wood',
      secondkey: '',
      insertorder: 100,
      activationPercent: 100,
      mode: 'normal',
    });
    expect(exportReport.items).toContainEqual(
      expect.objectContaining({
        fate: 'dropped',
        from: '$.entries["2"].content',
        note: expect.stringMatching(/no disabled entries/),
      }),
    );
  });
});

describe('V2 / V3 character books', () => {
  const card = fixture('Seraphina-1.18.0.card.json');
  const characterBook = (card.data as Record<string, Record<string, unknown>>).character_book!;

  it('reports every field of the card book', () => {
    const { report } = importBook(card);
    expectEveryFieldReported(report, characterBook, 'entries', '$.data.character_book');
    expect(report.items).toContainEqual({
      fate: 'stored',
      from: '$.data.character_book.entries[0].use_regex',
      to: '$.originalData.entries[0].use_regex',
      note: expect.any(String),
    });
    expect(report.items).toContainEqual({
      fate: 'mapped',
      from: '$.data.character_book.entries[0].extensions.group_weight',
      to: '$.entries["0"].groupWeight',
    });
  });

  it('keeps an unedited V3 lorebook byte-identical and reports non-SillyTavern decorators', () => {
    const v3 = {
      spec: 'lorebook_v3',
      data: {
        name: 'Eldoria',
        extensions: { x_app: 1 },
        entries: [
          {
            keys: ['a'],
            content: '@@depth 2\n@@activate\nText',
            extensions: {},
            enabled: true,
            insertion_order: 3,
            use_regex: false,
            priority: 7,
          },
        ],
      },
      x_unknown: true,
    };
    const { book, report } = importBook(v3);
    expect(book.entries['0']!.content).toBe('@@depth 2\n@@activate\nText');
    expect(report.warnings).toEqual([{ path: '$.data.entries[0].content', message: expect.stringMatching(/@@depth/) }]);
    expect(report.items).toContainEqual(
      expect.objectContaining({ from: '$.data.entries[0].priority', to: '$.originalData.data.entries[0].priority' }),
    );
    expect(JSON.stringify(exportBook(book, 'v3').book)).toBe(JSON.stringify(v3));
  });

  it('restores unchanged fields, unknown keys and order after edits', () => {
    const { book } = importBook(card);
    book.entries['0']!.content = 'Changed';
    book.entries['0']!.sticky = 3;
    delete book.entries['1'];
    book.entries['9'] = { uid: 9, key: ['new'], content: 'New entry', position: 4, depth: 2 };
    const out = exportBook(book, 'v2').book as { entries: Record<string, unknown>[] };
    const original = characterBook.entries as Record<string, unknown>[];
    expect(out.entries.map((entry) => entry.id)).toEqual([0, 2, 3, 9]);
    expect(out.entries[0]).toEqual({
      ...original[0],
      content: 'Changed',
      extensions: { ...(original[0]!.extensions as object), sticky: 3 },
    });
    expect(out.entries[1]).toEqual(original[2]);
    expect(out.entries[3]).toMatchObject({
      id: 9,
      keys: ['new'],
      content: 'New entry',
      position: 'after_char',
      use_regex: false,
      extensions: { position: 4, depth: 2 },
    });
  });

  it('exports a plain World Info book the way SillyTavern maps it, without its null-to-false quirk', () => {
    const eldoria = fixture('Eldoria.json') as unknown as WorldInfoBook;
    const { book: out, report } = exportBook(eldoria, 'v3', { name: 'Eldoria' });
    expect(out.spec).toBe('lorebook_v3');
    const data = out.data as { name: string; extensions: object; entries: Record<string, unknown>[] };
    expect(data.name).toBe('Eldoria');
    expect(data.extensions).toEqual({});
    expect(data.entries[0]).toMatchObject({
      id: 0,
      keys: ['eldoria', 'wood', 'forest', 'magical forest'],
      enabled: true,
      position: 'before_char',
      use_regex: false,
    });
    expect(data.entries[0]!.extensions).toMatchObject({
      position: 0,
      display_index: 0,
      use_group_scoring: null,
      role: null,
      sticky: 0,
    });
    expectEveryFieldReported(report, eldoria as unknown as Record<string, unknown>, 'entries');
    expect(report.items).toContainEqual({
      fate: 'extensions',
      from: '$.entries["0"].groupWeight',
      to: '$.data.entries[0].extensions.group_weight',
    });
  });

  it('writes placement decorators for V3 readers only when asked, never over existing ones or text-less content', () => {
    const book: WorldInfoBook = {
      entries: {
        0: { uid: 0, content: 'Text', position: 4, depth: 2, role: 2, scanDepth: 3 },
        1: { uid: 1, content: '@@depth 9\nText', position: 4 },
        2: { uid: 2, content: '', position: 4 },
        3: { uid: 3, content: 'Plain', position: 1 },
      },
    };
    const contents = (decorators: boolean) =>
      (exportBook(book, 'v3', { decorators }).book.data as { entries: { content: string }[] }).entries.map(
        (e) => e.content,
      );
    expect(contents(false)).toEqual(['Text', '@@depth 9\nText', '', 'Plain']);
    expect(contents(true)).toEqual([
      '@@depth 2\n@@role assistant\n@@scan_depth 3\nText',
      '@@depth 9\nText',
      '',
      'Plain',
    ]);
    const { report } = exportBook(book, 'v3', { decorators: true });
    expect(report.warnings).toEqual([
      { path: '$.entries["2"].content', message: expect.stringMatching(/no text line/) },
    ]);
    expect(report.items).toContainEqual({
      fate: 'mapped',
      from: '$.entries["0"].depth',
      to: '$.data.entries[0].content',
      note: 'also as @@depth',
    });
  });

  it('reads a card book whose entries are keyed by uid (Chub) with a warning', () => {
    const { book, report } = importBook({
      spec: 'chara_card_v2',
      data: {
        character_book: {
          entries: { 5: { id: 5, keys: ['a'], content: 'A', insertion_order: 1, enabled: true, extensions: {} } },
        },
      },
    });
    expect(book.entries['5']).toMatchObject({ uid: 5, key: ['a'], content: 'A' });
    expect(report.warnings).toEqual([
      { path: '$.data.character_book.entries', message: expect.stringMatching(/keyed by uid/) },
    ]);
  });
});

describe('wrong field types are warnings naming the field, and the value passes through', () => {
  it.each([
    [
      { entries: { 0: { uid: 0, key: 'dragon', sticky: 'x', scanDepth: null } } },
      ['$.entries["0"].key', '$.entries["0"].sticky'],
    ],
    [
      { entries: [{ keys: ['a'], content: 1, insertion_order: '5', enabled: true, extensions: {} }] },
      ['$.entries[0].content', '$.entries[0].insertion_order'],
    ],
    [{ lorebookVersion: 5, entries: [{ text: 'a', keys: 'a', enabled: true }] }, ['$.entries[0].keys']],
    [
      { kind: 'memory', entries: [{ name: 'a', entry: 'b', keywords: [1], weight: '3', enabled: true }] },
      ['$.entries[0].keywords', '$.entries[0].weight'],
    ],
    [{ type: 'risu', data: [{ key: 'a', content: 'b', insertorder: '1' }] }, ['$.data[0].insertorder']],
  ])('%j', (json, paths) => {
    const { report } = importBook(json);
    expect(report.warnings.map((w) => w.path)).toEqual(paths);
    expect(report.warnings[0]!.message).toMatch(/^expected .+, got /);
  });

  it('reads a World Info entry array by index, as SillyTavern does', () => {
    const { book, report } = importBook({
      entries: [
        { uid: 0, key: ['a'] },
        { uid: 1, key: ['b'] },
      ],
    });
    expect(book.entries).toEqual({ 0: { uid: 0, key: ['a'] }, 1: { uid: 1, key: ['b'] } });
    expect(report.warnings).toEqual([{ path: '$.entries', message: expect.stringMatching(/read by index/) }]);
  });

  it('keeps the wrong value as SillyTavern would', () => {
    expect(
      importBook({ entries: [{ keys: 'dragon', content: 'x', insertion_order: 1, enabled: true, extensions: {} }] })
        .book.entries['0']!.key,
    ).toBe('dragon');
  });
});

describe('exports from a World Info book report every field', () => {
  const eldoria = fixture('Eldoria.json') as unknown as WorldInfoBook;
  const filtered: WorldInfoBook = {
    entries: {
      0: { ...eldoria.entries['0']!, characterFilter: { isExclude: true, names: ['Seraphina'] }, x_custom: 'ü' },
    },
  };

  it.each(['st', 'v2', 'v3', 'novelai', 'agnai', 'risu'] as const)('%s', (format) => {
    const { report } = exportBook(filtered, format);
    expectEveryFieldReported(report, filtered as unknown as Record<string, unknown>, 'entries');
    const fate = (field: string) => report.items.find((item) => item.from === `$.entries["0"].${field}`)?.fate;
    expect(fate('characterFilter')).toBe(format === 'st' ? 'kept' : 'dropped');
    expect(fate('x_custom')).toBe(format === 'st' ? 'kept' : 'dropped');
  });

  it('says where NovelAI keeps the order', () => {
    expect(exportBook(filtered, 'novelai').report.items).toContainEqual({
      fate: 'mapped',
      from: '$.entries["0"].order',
      to: '$.entries[0].contextConfig.budgetPriority',
    });
  });
});

describe('summary reports', () => {
  it.each([
    'Seraphina-1.18.0.card.json',
    'novelai-sample.lorebook',
    'agnai-sample.json',
    'risu-sample.json',
    'Eldoria-1.12.6.json',
  ])('%s: summary detail equals the summarized field report', (name) => {
    const doc = fixture(name);
    const summary = importBook(doc, { detail: 'summary' }).report;
    expect(summary.detail).toBe('summary');
    expect(summary.items).toEqual(summarizeReport(importBook(doc).report));
    expect(summary.items.every((item) => !/\[\d+\]|\["\d+"\]/.test(`${item.from}${item.to}`))).toBe(true);
    expect(summary.items.reduce((sum, item) => sum + item.count!, 0)).toBe(importBook(doc).report.items.length);
  });
});
