import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { convertFiles } from '../../../electron/services/convert/index.ts';
import { releasePool, stopWorkers, takePool } from '../../../electron/services/convert/worker-pool.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';
import { v1Card } from '../../shared/card/helpers.ts';

const tempDir = useTempDir();
const bin = path.resolve(import.meta.dirname, '../../../bin/lorewright.mjs');

/** Enough small V1 JSON cards for worker threads (32 or more). */
function jsonCards(count = 40): string {
  const dir = tempDir();
  for (let i = 0; i < count; i++)
    fs.writeFileSync(path.join(dir, `card${i}.json`), JSON.stringify(v1Card({ name: `Card ${i}` }), null, 2));
  return dir;
}

describe('the worker pool kept between batches', () => {
  it('is taken up again by the next batch of its size; another size closes it and starts its own', async () => {
    const first = takePool(1);
    await releasePool(first);
    const again = takePool(1);
    expect(again).toBe(first);
    expect(again.has(1)).toBe(true);
    await releasePool(again);
    const wider = takePool(2);
    expect(wider).not.toBe(first);
    expect(first.has(1)).toBe(false);
    await wider.close();
  });

  it('keeps one pool: a second given back while one is kept is closed, and a hard stop closes the kept one', async () => {
    const a = takePool(1);
    const b = takePool(1);
    await releasePool(a);
    await releasePool(b);
    expect(b.has(1)).toBe(false);
    await stopWorkers();
    expect(a.has(1)).toBe(false);
    const fresh = takePool(1);
    expect(fresh).not.toBe(a);
    await fresh.close();
  });

  it('converts batch after batch on the same threads, each report counting the threads it used', async () => {
    const dir = jsonCards();
    const out = tempDir();
    const runs = [];
    for (const name of ['a', 'b'])
      runs.push(await convertFiles({ inputs: [dir], to: 'v2', outDir: path.join(out, name), jobs: 2, threads: true }));
    expect(runs.map((r) => [r.threads, r.totals.converted])).toEqual([
      [1, 40],
      [1, 40],
    ]);
    expect(fs.readFileSync(path.join(out, 'b', 'card0.json'), 'utf8')).toBe(
      fs.readFileSync(path.join(out, 'a', 'card0.json'), 'utf8'),
    );
    await stopWorkers();
  });

  it('shares what the answers repeat: one empty warnings list, one object per distinct loss summary', async () => {
    const report = await convertFiles({ inputs: [jsonCards()], to: 'v2', outDir: tempDir(), jobs: 2, threads: true });
    expect([report.threads, report.totals.converted]).toEqual([1, 40]);
    expect(new Set(report.files.map((f) => f.warnings))).toEqual(new Set([[]]));
    const losses = new Set(report.files.map((f) => f.loss));
    expect(losses.size).toBe(1);
    expect([...losses][0]).toMatchObject({ dropped: 0 });
    await stopWorkers();
  });

  it('does not hold the process open: the CLI ends once its batch is done', { timeout: 30_000 }, async () => {
    const dir = jsonCards();
    const out = path.join(tempDir(), 'out');
    const code = await new Promise<number | null>((resolve) => {
      const child = execFile(process.execPath, [bin, 'convert', dir, '--to', 'v2', '--out', out, '--jobs', '2']);
      child.on('exit', resolve);
    });
    expect(code).toBe(0);
    expect(fs.readdirSync(out)).toHaveLength(40);
  });
});
