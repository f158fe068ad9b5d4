import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { openLibrary } from '../../../electron/services/library/library.ts';
import { createApiHost } from '../../../electron/host/api.ts';
import { ApiError } from '../../../shared/errors.ts';
import type { WorldInfoBook } from '../../../shared/lorebook/model.ts';
import { buildTurns, DEFAULT_SETUP } from '../../../renderer/src/lorebooks/preview/scenario.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';
import { SandboxPool, scanInSandbox } from '../../../electron/sandbox/index.ts';
import type { Scenario } from '../../../shared/lorebook/model.ts';

const tempDir = useTempDir();
const pool = new SandboxPool({ size: 1 });
afterAll(() => pool.close());
const sandboxScan = (turns: Scenario[]) => scanInSandbox(pool, turns);
const eldoria = fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/lorebooks/Eldoria.json'), 'utf8');

function freshLibrary() {
  return openLibrary(path.join(tempDir(), 'library.db'));
}

/** A test as the preview saves it: one turn per message, the book left out. */
function testDocument(expectations: unknown[]): string {
  const setup = { ...DEFAULT_SETUP, settings: { ...DEFAULT_SETUP.settings, recursive: false } };
  const chat = [
    { role: 'user' as const, text: 'I walk into the forest.' },
    { role: 'user' as const, text: 'A beast growls.' },
  ];
  const turns = buildTurns('Eldoria', { entries: {} }, setup, chat).map(({ books: _books, ...turn }) => turn);
  return JSON.stringify({ turns, expect: expectations });
}

const GOOD = testDocument([
  { fires: ['Eldoria.0'], doesNotFire: ['Eldoria.1', 'glade'], slot: { 'Eldoria.0': 'before' } },
  { fires: ['Eldoria.0', 'shadowfang'] },
]);

function badPath(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe('bad_input');
    return (e as ApiError).details?.[0]?.path;
  }
  throw new Error('expected an ApiError');
}

describe('lore tests', () => {
  it('saves a test that passes, and fails it naming the entry once the book no longer fires it', async () => {
    const lib = freshLibrary();
    const book = lib.lorebooks.create({ name: 'Eldoria', document: eldoria });
    const saved = lib.loreTests.save({ lorebookId: book.id, name: 'forest', document: GOOD });
    expect(saved).toMatchObject({ lorebookId: book.id, name: 'forest', turns: 2 });
    expect(lib.loreTests.list(book.id).map((t) => t.name)).toEqual(['forest']);

    const [pass] = await lib.loreTests.run(book.id, sandboxScan);
    expect(pass).toMatchObject({ name: 'forest', passed: true });
    expect(pass!.outcomes).toHaveLength(6);

    // The forest entry loses its "forest" key: the saved test now checks the edited book.
    const doc = JSON.parse(book.document) as WorldInfoBook;
    doc.entries['0']!.key = ['eldoria'];
    lib.lorebooks.update({ id: book.id, document: JSON.stringify(doc) });
    const [fail] = await lib.loreTests.run(book.id, sandboxScan);
    expect(fail!.passed).toBe(false);
    const failed = fail!.outcomes.filter((o) => !o.passed);
    expect(failed.map((o) => [o.turn, o.kind, o.entry])).toEqual([
      [1, 'fires', 'Eldoria.0'],
      [1, 'slot', 'Eldoria.0'],
      [2, 'fires', 'Eldoria.0'],
    ]);
    lib.close();
  });

  it('replaces a test saved again under the same name, and deletes one', () => {
    const lib = freshLibrary();
    const book = lib.lorebooks.create({ name: 'Eldoria', document: eldoria });
    const first = lib.loreTests.save({ lorebookId: book.id, name: 'forest', document: GOOD });
    const again = lib.loreTests.save({ lorebookId: book.id, name: 'forest', document: testDocument([{}, {}]) });
    expect(again.id).toBe(first.id);
    expect(lib.loreTests.list(book.id)).toHaveLength(1);
    lib.loreTests.delete(first.id);
    expect(lib.loreTests.list(book.id)).toEqual([]);
    lib.close();
  });

  it('rejects bad documents with the path of the field', () => {
    const lib = freshLibrary();
    const { id } = lib.lorebooks.create({ name: 'Eldoria', document: eldoria });
    const save = (document: string) => () => lib.loreTests.save({ lorebookId: id, name: 't', document });
    expect(badPath(save('{'))).toBe('/document');
    expect(badPath(save('{"turns": [], "expect": []}'))).toBe('/document/turns');
    expect(badPath(save(testDocument([{}])))).toBe('/document/expect');
    expect(badPath(save(testDocument([{}, { fires: 'glade' }])))).toBe('/document/expect/1/fires');
    expect(badPath(save(testDocument([{ slot: { glade: 'nowhere' } }, {}])))).toBe('/document/expect/0/slot/glade');
    const withBooks = JSON.parse(GOOD) as { turns: Record<string, unknown>[] };
    withBooks.turns[0]!['books'] = {};
    expect(badPath(save(JSON.stringify(withBooks)))).toBe('/document/turns/0/books');
    expect(lib.loreTests.list(id)).toEqual([]);
    lib.close();
  });

  it('goes with its book', () => {
    const lib = freshLibrary();
    const { id } = lib.lorebooks.create({ name: 'Eldoria', document: eldoria });
    lib.loreTests.save({ lorebookId: id, name: 'forest', document: GOOD });
    lib.db.prepare('DELETE FROM lorebooks WHERE id = ?').run(id);
    expect(lib.db.prepare('SELECT count(*) AS n FROM lore_tests').get()).toEqual({ n: 0 });
    lib.close();
  });

  it('is reachable through the API, with schema and document errors as bad_input', async () => {
    const lib = freshLibrary();
    const host = createApiHost({ library: lib } as Parameters<typeof createApiHost>[0]);
    const { id } = lib.lorebooks.create({ name: 'Eldoria', document: eldoria });
    const saved = await host.call('loreTests.save', { lorebookId: id, name: 'forest', document: GOOD });
    expect(saved).toMatchObject({ ok: true, value: { name: 'forest' } });
    expect(await host.call('loreTests.run', { lorebookId: id })).toMatchObject({ ok: true, value: [{ passed: true }] });
    expect(await host.call('loreTests.save', { lorebookId: id, name: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'bad_input' },
    });
    expect(await host.call('loreTests.save', { lorebookId: id, name: 'x', document: '[]' })).toMatchObject({
      ok: false,
      error: { code: 'bad_input', details: [{ path: '/document' }] },
    });
    expect(await host.call('loreTests.list', { lorebookId: id })).toMatchObject({
      ok: true,
      value: [{ name: 'forest' }],
    });
    lib.close();
  });

  it('fails a test whose book has a runaway regex key within the time limit, instead of freezing the app', async () => {
    const lib = freshLibrary();
    const trap = JSON.stringify({
      entries: {
        '0': {
          uid: 0,
          key: ['/(a+)+$/'],
          keysecondary: [],
          content: 'trap',
          comment: 'runaway',
          constant: false,
          selective: false,
          order: 100,
          position: 0,
          disable: false,
        },
      },
    });
    const book = lib.lorebooks.create({ name: 'Trap', document: trap });
    const chat = [{ role: 'user' as const, text: `${'a'.repeat(40)}b` }];
    const turns = buildTurns('Trap', { entries: {} }, DEFAULT_SETUP, chat).map(({ books: _books, ...turn }) => turn);
    lib.loreTests.save({
      lorebookId: book.id,
      name: 'trap',
      document: JSON.stringify({ turns, expect: [{ fires: ['Trap.0'] }] }),
    });
    const [result] = await lib.loreTests.run(book.id, (turns) => scanInSandbox(pool, turns, { timeoutMs: 1500 }));
    expect(result).toMatchObject({ name: 'trap', passed: false });
    expect(result!.error).toContain('did not finish within 1500 ms: regex key /(a+)+$/ of entry Trap.0 (runaway)');
    lib.close();
  });
});
