// Every entry gets a reason and a sentence; each test pins one reason so a broken feature fails here.
import { describe, expect, it } from 'vitest';
import type { EntryExplanation, Scenario, Tokenizer } from '../../../shared/lorebook/model.ts';
import { scan } from '../../../shared/lorebook/scan.ts';
import { entry, say, scenario } from './scenario-builder.ts';

function explain(s: Scenario, key: string): EntryExplanation {
  const found = scan(s).explain.entries.find((e) => e.key === key);
  if (!found) throw new Error(`no explanation for ${key}`);
  return found;
}

describe('explanations of fired entries', () => {
  it('names the matched key and the message it was found in', () => {
    const s = scenario(
      [entry(0, { key: ['castle', 'dragon'] })],
      [say('a dragon flies'), say('over the hills', 'Mira')],
    );
    const e = explain(s, 'lore.0');
    expect(e).toMatchObject({
      fired: true,
      pass: 1,
      reason: { code: 'key-match', match: { key: 'dragon', segment: { kind: 'message', index: 1 }, offset: 8 } },
    });
    expect(e.sentence).toBe('Fired: key "dragon" matched in message 2 from the end in pass 1.');
  });

  it('reports matches in injected prompts, match sources and recursed content', () => {
    const s = scenario(
      [
        entry(0, { key: ['lighthouse'] }),
        entry(1, { key: ['secret'], matchCharacterDescription: true }),
        entry(2, { key: ['harbor'], content: 'the lighthouse keeper' }),
      ],
      [say('the harbor')],
      { extensionPrompts: {}, character: { ...scenario([], []).character, description: 'keeps a secret' } },
    );
    const entries = scan(s).explain.entries;
    expect(entries.find((e) => e.key === 'lore.0')?.reason).toMatchObject({
      match: { segment: { kind: 'recursion', pass: 1 } },
    });
    expect(entries.find((e) => e.key === 'lore.0')?.pass).toBe(2);
    expect(entries.find((e) => e.key === 'lore.1')?.reason).toMatchObject({
      match: { segment: { kind: 'description' } },
    });

    const injected = scenario([entry(0, { key: ['storm'] })], [say('hi')], {
      extensionPrompts: { memory: { value: 'a storm came', scan: true } },
    });
    expect(explain(injected, 'lore.0').reason).toMatchObject({ match: { segment: { kind: 'inject', id: 'memory' } } });
  });

  it('says why a constant, @@activate or sticky entry fired without a key', () => {
    const s = scenario([entry(0, { constant: true }), entry(1, { content: '@@activate\nforced' })], [say('hi')]);
    expect(explain(s, 'lore.0').reason.code).toBe('constant');
    expect(explain(s, 'lore.1').reason.code).toBe('decorator-activate');

    const first = scan(scenario([entry(0, { key: ['relic'], sticky: 3 })], [say('relic')]));
    const later = scenario([entry(0, { key: ['relic'], sticky: 3 })], [say('relic'), say('nothing', 'Mira')], {
      timedWorldInfo: first.timedWorldInfo,
    });
    expect(explain(later, 'lore.0')).toMatchObject({ fired: true, reason: { code: 'sticky', until: 4 } });
  });
});

describe('explanations of entries that did not fire', () => {
  it('no key match', () => {
    const e = explain(scenario([entry(0, { key: ['dragon'] })], [say('a quiet day')]), 'lore.0');
    expect(e).toMatchObject({ fired: false, reason: { code: 'no-key-match' } });
    expect(e.sentence).toMatch(/no primary key matched/);
  });

  it('no key match for an entry the token index never had to evaluate', () => {
    const entries = [entry(0, { key: ['dragon'] }), entry(1, { key: ['castle'] })];
    const result = scan(scenario(entries, [say('the castle')]));
    expect(result.explain.entries.map((e) => [e.key, e.reason.code])).toEqual([
      ['lore.0', 'no-key-match'],
      ['lore.1', 'key-match'],
    ]);
  });

  it('secondary logic failed, with the logic and which secondary keys matched', () => {
    const s = scenario(
      [entry(0, { key: ['dragon'], keysecondary: ['red', 'blue'], selectiveLogic: 3 })],
      [say('a red dragon')],
    );
    const e = explain(s, 'lore.0');
    expect(e.reason).toMatchObject({
      code: 'secondary-failed',
      secondary: { logic: 3, matched: ['red'], unmatched: ['blue'], passed: false },
    });
    expect(e.sentence).toMatch(/secondary AND ALL failed \(matched: red\)/);
  });

  it('reports which of more than 31 secondary keys matched (a check keeps their hits as flags, not bits)', () => {
    const colours = Array.from({ length: 40 }, (_, i) => `colour${i}`);
    const s = scenario(
      [entry(0, { key: ['dragon'], keysecondary: colours, selectiveLogic: 3 })],
      [say('a colour2 and colour35 dragon')],
    );
    expect(explain(s, 'lore.0').reason).toMatchObject({
      code: 'secondary-failed',
      secondary: {
        matched: ['colour2', 'colour35'],
        unmatched: colours.filter((c) => c !== 'colour2' && c !== 'colour35'),
      },
    });
  });

  it('lost an inclusion group to a weighted roll', () => {
    const s = scenario(
      [entry(0, { constant: true, group: 'g' }), entry(1, { constant: true, group: 'g' })],
      [say('hi')],
      { random: [0.9] },
    );
    const result = scan(s);
    expect(result.activated).toEqual(['lore.1']);
    const loser = result.explain.entries.find((e) => e.key === 'lore.0');
    expect(loser?.reason).toMatchObject({
      code: 'group-lost',
      group: 'g',
      winner: 'lore.1',
      by: 'weighted-roll',
      roll: 180,
    });
    expect(loser?.sentence).toMatch(/lost inclusion group "g" to a weighted roll \(180\), won by lore\.1/);
  });

  it('lost an inclusion group to a prioritized entry', () => {
    const s = scenario(
      [
        entry(0, { constant: true, group: 'g' }),
        entry(1, { constant: true, group: 'g', groupOverride: true, order: 50 }),
      ],
      [say('hi')],
    );
    expect(explain(s, 'lore.0').reason).toMatchObject({ code: 'group-lost', by: 'override', winner: 'lore.1' });
  });

  it('names the double-removal quirk when it removed an unrelated entry', () => {
    const s = scenario(
      [
        entry(0, { constant: true, order: 300, group: 'a,b' }),
        entry(1, { constant: true, order: 200, group: 'a' }),
        entry(2, { constant: true, group: 'b' }),
        entry(3, { constant: true, order: 50 }),
      ],
      [say('hi')],
      { random: [0.9, 0.9] },
    );
    const e = explain(s, 'lore.3');
    expect(e).toMatchObject({
      fired: false,
      quirk: 'group-double-removal',
      reason: { code: 'group-lost', by: 'double-removal' },
    });
    expect(e.sentence).toMatch(/SillyTavern quirk: a double group removal deletes the last candidate/);
  });

  it('failed its probability roll', () => {
    const s = scenario([entry(0, { constant: true, probability: 50 })], [say('hi')], { random: [0.9] });
    const e = explain(s, 'lore.0');
    expect(e.reason).toMatchObject({ code: 'probability-failed', roll: 90, probability: 50 });
    expect(e.sentence).toMatch(/probability roll 90 exceeded 50%/);
  });

  it('was stopped by the token budget, and later entries were not reached', () => {
    const s = scenario(
      [
        entry(0, { constant: true, order: 300, content: 'x'.repeat(200) }),
        entry(1, { constant: true, order: 200, content: 'y'.repeat(200) }),
        entry(2, { constant: true, order: 100 }),
      ],
      [say('hi')],
      { maxContext: 400 },
    );
    const result = scan(s);
    expect(result.activated).toEqual(['lore.0']);
    expect(result.explain.entries.find((e) => e.key === 'lore.1')?.reason).toEqual({
      code: 'budget',
      used: 120,
      budget: 100,
    });
    expect(result.explain.entries.find((e) => e.key === 'lore.2')?.reason).toEqual({
      code: 'not-reached',
      after: 'budget-overflow',
    });
  });

  it("is measured by the scan's own tokenizer, also when another measured the same content before", () => {
    // The budget step remembers a content's measure on its entry: it must belong to the measure function asked.
    const s = scenario(
      [
        entry(0, { constant: true, order: 300, content: 'x'.repeat(30) }),
        entry(1, { constant: true, order: 200, content: 'y'.repeat(30) }),
      ],
      [say('hi')],
      { maxContext: 400 },
    );
    const byLength = (scale: number): Tokenizer => ({
      name: `${scale} per character`,
      count: (text) => text.length * scale,
      measure: (text) => text.length * scale,
      fromMeasure: (measure) => measure,
    });
    const narrow = byLength(1);
    const wide = byLength(2);
    expect(scan(s, { tokenizer: narrow }).activated).toEqual(['lore.0', 'lore.1']);
    expect(scan(s, { tokenizer: wide }).activated).toEqual(['lore.0']);
    expect(scan(s, { tokenizer: narrow }).activated).toEqual(['lore.0', 'lore.1']);
  });

  it('is on cooldown, or delayed', () => {
    const cooling = entry(0, { key: ['relic'], cooldown: 3 });
    const first = scan(scenario([cooling], [say('relic')]));
    const second = scenario([cooling], [say('relic'), say('relic', 'Mira')], { timedWorldInfo: first.timedWorldInfo });
    expect(explain(second, 'lore.0')).toMatchObject({ fired: false, reason: { code: 'cooldown', until: 4 } });
    expect(explain(second, 'lore.0').sentence).toMatch(/on cooldown until chat length 4/);

    const delayed = scenario([entry(0, { key: ['relic'], delay: 3 })], [say('relic')]);
    expect(explain(delayed, 'lore.0').reason).toEqual({ code: 'delay', until: 3 });
  });

  it('is filtered by trigger or character filter', () => {
    const s = scenario(
      [
        entry(0, { constant: true, triggers: ['continue'] }),
        entry(1, { constant: true, characterFilter: { isExclude: true, names: ['Mira'], tags: [] } }),
        entry(2, { constant: true, characterFilter: { isExclude: false, names: ['Other'], tags: [] } }),
      ],
      [say('hi')],
    );
    const result = scan(s);
    expect(result.activated).toEqual([]);
    const reasons = result.explain.entries.map((e) => e.reason);
    expect(reasons[0]).toEqual({ code: 'trigger-filtered', trigger: 'normal', triggers: ['continue'] });
    expect(reasons[1]).toEqual({ code: 'character-filtered', by: 'names', exclude: true });
    expect(reasons[2]).toEqual({ code: 'character-filtered', by: 'names', exclude: false });
  });

  it('is disabled (loose equality) or suppressed by @@dont_activate', () => {
    const s = scenario(
      [entry(0, { constant: true, disable: 1 }), entry(1, { constant: true, content: '@@dont_activate\nno' })],
      [say('hi')],
    );
    expect(explain(s, 'lore.0')).toMatchObject({
      fired: false,
      reason: { code: 'disabled' },
      sentence: 'Not fired: the entry is disabled.',
    });
    expect(explain(s, 'lore.1').reason.code).toBe('decorator-dont-activate');
  });

  it('waits for a recursion level', () => {
    const entries = [
      entry(0, { constant: true, content: 'the dragon wakes' }),
      entry(1, { key: ['dragon'], delayUntilRecursion: 1 }),
      entry(2, { key: ['dragon'], delayUntilRecursion: 3 }),
    ];
    const result = scan(
      scenario(entries, [say('hello')], { settings: { ...scenario([], []).settings, maxRecursionSteps: 2 } }),
    );
    expect(result.activated).toEqual(['lore.0', 'lore.1']);
    expect(result.explain.entries[1]).toMatchObject({
      fired: true,
      pass: 2,
      reason: { match: { segment: { kind: 'recursion', pass: 1 } } },
    });
    expect(result.explain.entries[2]).toMatchObject({
      fired: false,
      reason: { code: 'delay-until-recursion', level: 3 },
    });
    expect(result.explain.entries[2]?.sentence).toMatch(/waits for recursion level 3/);
  });

  it('explains every entry exactly once, in scan order', () => {
    const entries = [
      entry(0, { order: 10, key: ['a'] }),
      entry(1, { order: 20, constant: true }),
      entry(2, { order: 30, disable: true }),
    ];
    expect(scan(scenario(entries, [say('hi')])).explain.entries.map((e) => e.key)).toEqual([
      'lore.2',
      'lore.1',
      'lore.0',
    ]);
  });
});

describe('quirks that decided an outcome', () => {
  const quirkOf = (s: Scenario, key: string) => explain(s, key).quirk;

  it('regex ^ and the \\x01 segment marker', () => {
    expect(
      quirkOf(
        scenario([entry(0, { key: ['/^hello/'] })], [say('hello there')], {
          settings: { ...scenario([], []).settings, includeNames: false },
        }),
        'lore.0',
      ),
    ).toBe('regex-caret-first-message');
  });

  it('multi-word keys and non-ASCII letters under whole-word matching', () => {
    expect(quirkOf(scenario([entry(0, { key: ['big cat'] })], [say('two big cats')]), 'lore.0')).toBe(
      'wholeword-multiword-substring',
    );
    expect(quirkOf(scenario([entry(0, { key: ['big cat'] })], [say('a big cat')]), 'lore.0')).toBeUndefined();
    expect(quirkOf(scenario([entry(0, { key: ['кот'] })], [say('котик')]), 'lore.0')).toBe(
      'wholeword-non-ascii-boundary',
    );
    expect(quirkOf(scenario([entry(0, { key: ['кот'] })], [say('кот')]), 'lore.0')).toBeUndefined();
  });

  it('raw entries: missing selective, missing probability', () => {
    const noSelective = entry(0, { key: ['dragon'], keysecondary: ['nowhere'] });
    delete noSelective.selective;
    expect(explain(scenario([noSelective], [say('dragon')]), 'lore.0')).toMatchObject({
      fired: true,
      quirk: 'selective-missing-ignores-secondary',
    });
    const noProbability = entry(0, { constant: true, probability: 50 });
    delete noProbability.probability;
    expect(explain(scenario([noProbability], [say('hi')], { random: [0] }), 'lore.0')).toMatchObject({
      fired: false,
      quirk: 'probability-missing-always-fails',
    });
  });

  it("inert decorators and Author's Note slots without a note", () => {
    expect(
      quirkOf(scenario([entry(0, { key: ['zzz'], content: '@@activate now\nbody' })], [say('hi')]), 'lore.0'),
    ).toBe('decorator-inert-trailing-text');
    const an = entry(0, { constant: true, position: 2 });
    expect(explain(scenario([an], [say('hi')]), 'lore.0')).toMatchObject({
      fired: true,
      quirk: 'an-slot-without-authors-note',
    });
    expect(
      quirkOf(
        scenario([an], [say('hi')], { authorsNote: { value: 'note', scan: false, position: 1, depth: 4, role: 0 } }),
        'lore.0',
      ),
    ).toBeUndefined();
  });
});

describe("a result's lazy parts", () => {
  it('are own enumerable getters that every result shares, each reading its own scan once', () => {
    const a = scan(scenario([entry(0, { key: ['dragon'] })], [say('a dragon')]), { listUnmatched: true });
    const b = scan(scenario([entry(0, { key: ['castle'] })], [say('a dragon')]), { listUnmatched: true });
    for (const name of ['explain', 'unmatched'] as const) {
      const own = Object.getOwnPropertyDescriptor(a, name);
      expect(own?.enumerable).toBe(true);
      // A getter made per scan gives each result a fresh hidden class that keeps the scan reachable (see scan.ts).
      expect(own?.get).toBe(Object.getOwnPropertyDescriptor(b, name)?.get);
    }
    expect(a.explain).toBe(a.explain);
    expect(a.explain.entries.map((e) => [e.key, e.fired])).toEqual([['lore.0', true]]);
    expect([a.unmatched, b.unmatched, b.explain.entries]).toEqual([[], ['lore.0'], []]);
    expect(JSON.parse(JSON.stringify(a)).explain).toEqual(JSON.parse(JSON.stringify(a.explain)));
  });

  it('explain their own scan when read after later scans evaluated the same entries', () => {
    const s = scenario([entry(0, { key: ['dragon'] }), entry(1, { key: ['castle'] })], [say('a dragon')]);
    const first = scan(s);
    scan({ ...s, chat: [say('a dragon and a castle')] });
    expect(first.explain.entries.map((e) => [e.key, e.fired, e.reason.code])).toEqual([
      ['lore.0', true, 'key-match'],
      ['lore.1', false, 'no-key-match'],
    ]);
  });
});
