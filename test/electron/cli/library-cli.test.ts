import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { useTempDir, v2Card } from '../../helpers/temp-dir.ts';
import { runCliCaptured } from '../../helpers/run-cli.ts';
import { readCard } from '../../../shared/card/index.ts';

const tempDir = useTempDir();
const root = path.resolve(import.meta.dirname, '../../..');
// npm scripts put the pinned Node first on PATH; drop it to run the bin as a user's shell would.
const systemPath = (process.env['PATH'] ?? '')
  .split(path.delimiter)
  .filter((p) => !p.includes('node_modules'))
  .join(path.delimiter);

function setup(): { dir: string; db: string } {
  const dir = tempDir();
  fs.writeFileSync(
    path.join(dir, 'aria.json'),
    v2Card('Aria', { creator: 'kai', tags: ['Elf'], description: 'A wandering bard' }),
  );
  fs.mkdirSync(path.join(dir, 'more'));
  fs.writeFileSync(
    path.join(dir, 'more', 'bram.yaml'),
    'spec: chara_card_v2\nspec_version: "2.0"\ndata:\n  name: Bram\n  tags: [dwarf]\n',
  );
  fs.writeFileSync(path.join(dir, 'more', 'broken.json'), '{"name": ');
  return { dir, db: path.join(dir, 'library.db') };
}

describe('lorewright library', () => {
  it('imports files and folders, lists, searches, gets, deletes and restores', async () => {
    const { dir, db } = setup();
    const imported = await runCliCaptured(['library', 'import', 'aria.json', 'more', '--db', db, '--json'], {}, dir);
    expect(imported.code).toBe(1); // one input failed
    const results = JSON.parse(imported.out) as { file: string; status: string }[];
    expect(results.map((r) => [r.file, r.status])).toEqual([
      ['aria.json', 'imported'],
      [path.join('more', 'bram.yaml'), 'imported'],
      [path.join('more', 'broken.json'), 'failed'],
    ]);

    const list = await runCliCaptured(['library', 'list', '--db', db]);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/Aria\s+kai\s+Elf/);
    expect(list.out).toContain('2 of 2 card(s)');

    const search = await runCliCaptured(['library', 'search', 'bard', '--db', db, '--json']);
    expect(JSON.parse(search.out).items.map((c: { name: string }) => c.name)).toEqual(['Aria']);
    const byTag = await runCliCaptured(['library', 'list', '--tag', 'DWARF', '--db', db, '--json']);
    expect(JSON.parse(byTag.out).items.map((c: { name: string }) => c.name)).toEqual(['Bram']);

    const get = await runCliCaptured(['library', 'get', '1', '--db', db]);
    expect(get.out).toBe(`${v2Card('Aria', { creator: 'kai', tags: ['Elf'], description: 'A wandering bard' })}\n`);

    expect((await runCliCaptured(['library', 'delete', '1', '--db', db])).out).toContain('Moved to the trash: Aria');
    expect(JSON.parse((await runCliCaptured(['library', 'list', '--db', db, '--json'])).out).total).toBe(1);
    expect((await runCliCaptured(['library', 'restore', '1', '--db', db])).code).toBe(0);
    expect(JSON.parse((await runCliCaptured(['library', 'list', '--db', db, '--json'])).out).total).toBe(2);
  });

  it('exports a card as V3 PNG and never overwrites an existing file', async () => {
    const { dir, db } = setup();
    await runCliCaptured(['library', 'import', 'aria.json', '--db', db], {}, dir);
    const first = await runCliCaptured(
      ['library', 'export', '1', '--format', 'png', '--spec', 'v3', '--out', 'aria.png', '--db', db],
      {},
      dir,
    );
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/Wrote .*aria\.png \(v2 → v3/);
    const back = readCard(fs.readFileSync(path.join(dir, 'aria.png')), 'aria.png');
    expect(back.spec).toBe('v3');
    expect(back.doc).toMatchObject({ data: { name: 'Aria', creator: 'kai' } });
    const again = await runCliCaptured(['library', 'export', '1', '--out', 'aria.png', '--db', db], {}, dir);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/EEXIST|already exists/);
    expect((await runCliCaptured(['library', 'export', '1', '--format', 'gif', '--db', db], {}, dir)).code).toBe(2);
  });

  it('uses LOREWRIGHT_DB when --db is absent', async () => {
    const { dir, db } = setup();
    await runCliCaptured(['library', 'import', 'aria.json'], { LOREWRIGHT_DB: db }, dir);
    expect(JSON.parse((await runCliCaptured(['library', 'list', '--json'], { LOREWRIGHT_DB: db })).out).total).toBe(1);
  });

  it('exits 2 with help on usage errors and 1 on failed inputs', async () => {
    const { db } = setup();
    const cases: [string[], number, RegExp][] = [
      [[], 2, /Usage: lorewright/],
      [['frobnicate'], 2, /Unknown command "frobnicate"/],
      [['library', 'explode', '--db', db], 2, /Unknown library command "explode"/],
      [['library', 'get', 'abc', '--db', db], 2, /needs a card id/],
      [['library', 'list', '--sort', 'vibes', '--db', db], 2, /--sort must be one of/],
      [['library', 'list', '--nonsense', '--db', db], 2, /Unknown option '--nonsense'/],
      [['library', 'get', '42', '--db', db], 1, /No card with id 42/],
      [['library', 'list', '--db', path.join(db, 'nope', 'x.db')], 1, /does not exist/],
    ];
    for (const [argv, code, message] of cases) {
      const r = await runCliCaptured(argv);
      expect(r.code, argv.join(' ')).toBe(code);
      expect(r.err + r.out).toMatch(message);
    }
  });

  it('prints help for every command', async () => {
    expect((await runCliCaptured(['--help'])).out).toMatch(/Commands:/);
    const help = await runCliCaptured(['library', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/search <text>/);
  });

  it('runs as the installed bin under the system Node, re-executing on the pinned Node', () => {
    const { db } = setup();
    const r = spawnSync('node', [path.join(root, 'bin/lorewright.mjs'), 'library', 'list', '--db', db, '--json'], {
      encoding: 'utf8',
      env: { ...process.env, PATH: systemPath },
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ items: [], total: 0 });
  });
});
