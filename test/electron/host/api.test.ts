import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { openLibrary } from '../../../electron/services/library/library.ts';
import type { Library } from '../../../electron/services/library/library.ts';
import { createApiHost } from '../../../electron/host/api.ts';
import { methods } from '../../../shared/api/contract.ts';
import { useTempDir, v2Card } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();
let library: Library | undefined;
afterEach(() => library?.close());

function api() {
  library = openLibrary(path.join(tempDir(), 'library.db'));
  return createApiHost({ library });
}

describe('API boundary', () => {
  it('rejects malformed inputs with the field path and changes nothing', async () => {
    const host = api();
    const cases: [string, unknown, string][] = [
      ['cards.list', { limit: 0 }, '/limit'],
      ['cards.list', { sort: 'random' }, '/sort'],
      ['cards.list', { tags: [''] }, '/tags/0'],
      ['cards.get', { id: 'one' }, '/id'],
      ['cards.get', {}, ''],
      ['cards.update', { id: 1, bogus: true }, ''],
      ['cards.create', { name: 42 }, '/name'],
      ['cards.import', { files: [{ name: 'a.json' }] }, '/files/0'],
      ['cards.list', 'not an object', ''],
    ];
    for (const [method, input, pathExpected] of cases) {
      const reply = await host.call(method, input);
      expect(reply.ok, `${method} ${JSON.stringify(input)}`).toBe(false);
      if (reply.ok) continue;
      expect(reply.error.code).toBe('bad_input');
      expect(reply.error.details?.map((d) => d.path)).toContain(pathExpected);
      expect(reply.error.message).toContain(method);
    }
    expect(library!.cards.list({}).total).toBe(0);
  });

  it("compiles every method's schema (strict mode) and rejects an empty call cleanly", async () => {
    const host = api();
    for (const name of Object.keys(methods)) {
      const reply = await host.call(name, { unexpected: true });
      expect(reply.ok, name).toBe(false);
      if (!reply.ok) expect(reply.error.code, `${name}: ${reply.error.message}`).toBe('bad_input');
    }
    const bulk = await host.call('cards.bulk', { ids: [1], action: 'addTags' });
    expect(bulk).toMatchObject({ ok: false, error: { code: 'bad_input', details: [{ path: '/tags' }] } });
  });

  it('names unknown methods', async () => {
    const reply = await api().call('library.explode', {});
    expect(reply).toEqual({
      ok: false,
      error: { code: 'unknown_method', message: 'Unknown API method "library.explode".' },
    });
    const proto = await api().call('__proto__', {});
    expect(proto.ok).toBe(false);
  });

  it('runs good calls end to end', async () => {
    const host = api();
    const created = await host.call('cards.create', { name: 'Mira', tags: ['Witch'] });
    expect(created.ok).toBe(true);
    const id = (created as { value: { id: number } }).value.id;
    expect(await host.call('cards.update', { id, name: 'Mira Vale' })).toMatchObject({
      ok: true,
      value: { name: 'Mira Vale', revision: 2 },
    });
    expect(await host.call('cards.list', { query: 'vale', tags: ['witch'] })).toMatchObject({
      ok: true,
      value: { total: 1 },
    });
    expect(await host.call('cards.revisions', { id })).toMatchObject({
      ok: true,
      value: [{ revision: 1, name: 'Mira' }],
    });
    expect(await host.call('cards.delete', { id })).toMatchObject({
      ok: true,
      value: { deletedAt: expect.any(Number) },
    });
    expect(await host.call('cards.restore', { id })).toMatchObject({ ok: true, value: { deletedAt: null } });
    expect(await host.call('cards.get', { id: 99 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('streams import progress and reports each file, failures included', async () => {
    const host = api();
    const progress: unknown[] = [];
    const reply = await host.call(
      'cards.import',
      {
        files: [
          { name: 'a.json', text: v2Card('A') },
          { name: 'b.json', text: '{"broken": ' },
          { name: 'a-again.json', text: v2Card('A') },
          { name: 'c.yaml', text: 'spec: chara_card_v2\nspec_version: "2.0"\ndata:\n  name: C\n' },
          { name: 'd.png', text: 'AAAA', encoding: 'base64' },
        ],
      },
      { onProgress: (p) => progress.push(p) },
    );
    expect(progress).toHaveLength(5);
    expect(progress[4]).toEqual({ done: 5, total: 5, file: 'd.png' });
    expect(reply.ok).toBe(true);
    const results = (reply as { value: { file: string; status: string; message?: string }[] }).value;
    expect(results.map((r) => r.status)).toEqual(['imported', 'failed', 'duplicate', 'imported', 'failed']);
    expect(results[1]!.message).toMatch(/^the file is not valid JSON at line 1/);
    expect(library!.cards.list({}).items.map((c) => c.name)).toEqual(['A', 'C']);
  });

  it('stops an import when cancelled', async () => {
    const host = api();
    const abort = new AbortController();
    abort.abort();
    const reply = await host.call(
      'cards.import',
      { files: [{ name: 'a.json', text: v2Card('A') }] },
      { signal: abort.signal },
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(library!.cards.list({}).total).toBe(0);
  });
});
