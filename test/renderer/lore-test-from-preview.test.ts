import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { scan } from '../../shared/lorebook/index.ts';
import { parseLoreTestDocument, withBook } from '../../shared/lorebook/lore-test-document.ts';
import { checkExpectations } from '../../shared/lorebook/lore-test.ts';
import type { WorldInfoBook } from '../../shared/lorebook/model.ts';
import type { ScanOutput } from '../../renderer/src/lorebooks/preview/protocol.ts';
import { loreTestFromPreview } from '../../renderer/src/lorebooks/preview/lore-test-from-preview.ts';
import { buildScenario, DEFAULT_SETUP } from '../../renderer/src/lorebooks/preview/scenario.ts';

const book = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/lorebooks/Eldoria.json'), 'utf8'),
) as WorldInfoBook;
const setup = { ...DEFAULT_SETUP, settings: { ...DEFAULT_SETUP.settings, recursive: false } };
const chat = [{ role: 'user' as const, text: 'We rest in the glade.' }];

/** The preview's output for one scan, with "no key matched" explanations moved to `unmatched` as the worker does. */
function previewOutput(): ScanOutput {
  const result = scan(buildScenario('Eldoria', book, setup, chat));
  const unmatched = result.explain.entries
    .filter((e) => !e.fired && e.reason.code === 'no-key-match')
    .map((e) => e.key);
  result.explain.entries = result.explain.entries.filter((e) => e.fired || e.reason.code !== 'no-key-match');
  return {
    results: [result],
    unmatched: [unmatched],
    unmatchedCount: [unmatched.length],
    turns: [],
    highlights: [[]],
    used: [0],
  };
}

describe('lore test from the preview', () => {
  it('keeps what the result shows as expectations, and the saved test passes on the same book', () => {
    const document = loreTestFromPreview('Eldoria', book, setup, chat, previewOutput(), 4)!;
    expect(document.turns[0]).not.toHaveProperty('books');
    expect(document.expect).toEqual([
      { fires: ['Eldoria.2'], doesNotFire: ['Eldoria.0', 'Eldoria.1', 'Eldoria.3'], slot: { 'Eldoria.2': 'before' } },
    ]);
    const { turns, expects } = parseLoreTestDocument(JSON.stringify(document));
    const outcomes = checkExpectations(expects[0]!, scan(withBook(turns[0]!, book)), 1);
    expect(outcomes.every((o) => o.passed)).toBe(true);
  });

  it('leaves "does not fire" out for a large book, and refuses a result of other inputs', () => {
    expect(loreTestFromPreview('Eldoria', book, setup, chat, previewOutput(), 201)!.expect[0]!.doesNotFire).toEqual([]);
    expect(
      loreTestFromPreview('Eldoria', book, { ...setup, turns: true }, [...chat, ...chat], previewOutput(), 4),
    ).toBeNull();
  });
});
