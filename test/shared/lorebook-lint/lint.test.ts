import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { applyFix, lintBook, lintEntry } from '../../../shared/lorebook/lint.ts';
import type { LintOptions } from '../../../shared/lorebook/lint.ts';
import type { WorldInfoBook, WorldInfoEntry } from '../../../shared/lorebook/model.ts';

const options: LintOptions = {
  settings: { matchWholeWords: false, caseSensitive: false, recursive: true, budget: 25, budgetCap: 0 },
  maxContext: 8192,
  authorsNote: false,
};

function entry(uid: number, fields: Partial<WorldInfoEntry> = {}): WorldInfoEntry {
  return {
    uid,
    key: [`key${uid}`],
    keysecondary: [],
    content: '',
    constant: false,
    selective: true,
    selectiveLogic: 0,
    position: 0,
    ...fields,
  };
}

function codes(e: WorldInfoEntry, opts: LintOptions = options): string[] {
  return lintEntry(String(e.uid), e, opts).map((i) => i.code);
}

function book(...entries: WorldInfoEntry[]): WorldInfoBook {
  return { entries: Object.fromEntries(entries.map((e) => [String(e.uid), e])) };
}

describe('lintEntry', () => {
  it('passes a plain, healthy entry', () => {
    expect(codes(entry(1, { key: ['forest', '/wood(s)?/i'] }))).toEqual([]);
  });

  it('flags regex keys that do not compile', () => {
    expect(codes(entry(1, { key: ['/fo(o/'] }))).toContain('invalid-regex');
    expect(codes(entry(1, { key: ['okay'], keysecondary: ['/[a-/'] }))).toEqual(['invalid-regex']);
  });

  it('warns about a regex key with nested repetition, naming the exact key', () => {
    const issues = lintEntry(
      '1',
      entry(1, { key: ['okay', '/(a+)+$/'], keysecondary: ['/(\\w+\\s?)*!/i'] }),
      options,
    ).filter((i) => i.code === 'catastrophic-regex');
    expect(issues).toMatchObject([{ severity: 'warning', key: '/(a+)+$/' }, { key: '/(\\w+\\s?)*!/i' }]);
    expect(codes(entry(1, { key: ['/dragons?|wyrms?/i', '/^(a|b)+$/'] }))).not.toContain('catastrophic-regex');
  });

  it('flags whole-word keys with punctuation at an edge, with a fix that turns whole words off', () => {
    const e = entry(1, { key: ['Dr.'], matchWholeWords: true });
    const [issue] = lintEntry('1', e, options);
    expect(issue).toMatchObject({
      code: 'wholeword-edge',
      key: 'Dr.',
      fix: { field: 'matchWholeWords', value: false },
    });
    expect(codes(entry(1, { key: ['Dr.'] }))).toEqual([]);
    expect(
      codes(entry(1, { key: ['café'] }), { ...options, settings: { ...options.settings, matchWholeWords: true } }),
    ).toEqual([]);
  });

  it('flags entries that cannot activate by keys', () => {
    expect(codes(entry(1, { key: [] }))).toEqual(['no-keys']);
    expect(codes(entry(1, { key: ['  ', '/bad(/'] }))).toContain('no-keys');
    expect(codes(entry(1, { key: [], constant: true }))).toEqual([]);
    expect(codes(entry(1, { key: [], vectorized: true }))).toEqual([]);
    expect(codes(entry(1, { key: [], content: '@@activate\ntext' }))).toEqual([]);
    const fixed = applyFix(entry(1, { key: [] }), lintEntry('1', entry(1, { key: [] }), options)[0]!.fix!);
    expect(fixed.constant).toBe(true);
  });

  it('flags keys that fire on almost any chat', () => {
    expect(codes(entry(1, { key: ['the'] }))).toEqual(['common-key']);
    const [short] = lintEntry('1', entry(1, { key: ['el'] }), options);
    expect(short).toMatchObject({ code: 'common-key', fix: { field: 'matchWholeWords', value: true } });
    expect(codes(entry(1, { key: ['el'], matchWholeWords: true }))).toEqual([]);
  });

  it('flags secondary logic that can never pass, and secondary keys that are ignored', () => {
    expect(codes(entry(1, { key: ['elf'], keysecondary: ['elf'], selectiveLogic: 2 }))).toEqual(['secondary-never']);
    expect(codes(entry(1, { key: ['elf'], keysecondary: ['elf'], selectiveLogic: 1 }))).toEqual(['secondary-never']);
    expect(codes(entry(1, { key: ['elf', 'dwarf'], keysecondary: ['elf'], selectiveLogic: 2 }))).toEqual([]);
    const [bad] = lintEntry('1', entry(1, { key: ['elf'], keysecondary: ['x'], selectiveLogic: 7 }), options);
    expect(bad).toMatchObject({ code: 'secondary-never', fix: { field: 'selectiveLogic', value: 0 } });
    expect(codes(entry(1, { keysecondary: ['x'], selective: false }))).toEqual(['secondary-ignored']);
    expect(codes(entry(1, { keysecondary: ['x'], selectiveLogic: 3 }))).toEqual([]);
  });

  it('flags entries larger than the budget unless they ignore it', () => {
    const big = 'word '.repeat(3000);
    const [issue] = lintEntry('1', entry(1, { content: big }), options);
    expect(issue).toMatchObject({ code: 'over-budget', budget: 2048, fix: { field: 'ignoreBudget', value: true } });
    expect(issue!.tokens).toBeGreaterThan(2048);
    expect(codes(entry(1, { content: big, ignoreBudget: true }))).toEqual([]);
  });

  it("flags Author's Note slots while the note is off", () => {
    expect(codes(entry(1, { position: 2 }))).toEqual(['an-slot-off']);
    expect(codes(entry(1, { position: 3 }), { ...options, authorsNote: true })).toEqual([]);
  });

  it('flags sticky or cooldown on entries without keys', () => {
    const e = entry(1, { key: [], constant: true, sticky: 3 });
    const [issue] = lintEntry('1', e, options);
    expect(issue).toMatchObject({ code: 'timed-without-keys', fix: { field: 'sticky', value: null } });
    expect(applyFix(e, issue!.fix!).sticky).toBeNull();
    expect(codes(entry(1, { sticky: 3, cooldown: 2 }))).toEqual([]);
  });
});

describe('lintBook', () => {
  it('finds duplicate primary keys across enabled entries', () => {
    const issues = lintBook(
      book(entry(1, { key: ['Forest'] }), entry(2, { key: ['forest '] }), entry(3, { key: ['forest'], disable: true })),
      options,
    ).filter((i) => i.code === 'duplicate-key');
    expect(issues.map((i) => [i.entry, i.related])).toEqual([
      ['1', ['2']],
      ['2', ['1']],
    ]);
  });

  it('finds recursion cycles, broken by preventRecursion and off without recursion', () => {
    const a = entry(1, { key: ['alpha'], content: 'see Beta-' });
    const b = entry(2, { key: ['beta'], content: 'see gamma' });
    const c = entry(3, { key: ['gamma'], content: 'back to ALPHA' });
    const d = entry(4, { key: ['delta', 'alpha male'], content: 'alpha' });
    const cycle = (bk: WorldInfoBook, o = options) => lintBook(bk, o).filter((i) => i.code === 'recursion-cycle');
    expect(cycle(book(a, b, c, d)).map((i) => [i.entry, i.relatedCount])).toEqual([
      ['1', 2],
      ['2', 2],
      ['3', 2],
    ]);
    expect(cycle(book(a, { ...b, preventRecursion: true }, c, d))).toEqual([]);
    expect(cycle(book(a, b, c), { ...options, settings: { ...options.settings, recursive: false } })).toEqual([]);
  });

  it('lints the Eldoria sample book', () => {
    const eldoria = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/lorebooks/Eldoria.json'), 'utf8'),
    ) as WorldInfoBook;
    const found = lintBook(eldoria, options).map((i) => `${i.code}:${i.uid}`);
    // Every Eldoria entry mentions the others' keys ("forest", "beasts", "glade", "magic").
    expect(found.filter((c) => c.startsWith('recursion-cycle')).length).toBeGreaterThanOrEqual(2);
    expect(found.filter((c) => !c.startsWith('recursion-cycle'))).toEqual([]);
  });

  it('lints 10,000 entries, listing only a few related entries per finding', () => {
    const entries = Array.from({ length: 10_000 }, (_, i) =>
      entry(i, {
        key: [`name${i}`, `alias${i}`],
        content: `Text about name${(i * 7 + 1) % 10_000} and more words here.`.repeat(5),
      }),
    );
    const issues = lintBook(book(...entries), options);
    const cycles = issues.filter((i) => i.code === 'recursion-cycle');
    expect(cycles.length).toBeGreaterThan(1000);
    expect(Math.max(...cycles.map((i) => i.related!.length))).toBeLessThanOrEqual(5);
  });
});
