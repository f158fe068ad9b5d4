// The production Electron bundle's batch converter: the build emits convert-worker.cjs beside main.cjs, and the
// bundled host (main.cjs under Node, Electron's API made inert) converts a folder on worker threads through it —
// without the worker's bundle the same call still succeeds, but on the calling thread alone (threads: 0).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildElectronBundles } from '../../../scripts/electron-bundles.mjs';
import type { ConvertReport } from '../../../shared/card/index.ts';
import { useTempDir, v1Card } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();
const child = path.resolve(import.meta.dirname, '../../helpers/electron-bundle-child.ts');

describe('the built Electron bundle', () => {
  // Worker threads are used only where there are cores to spare.
  it.skipIf(os.availableParallelism() < 2)(
    'emits the convert worker, and batch convert runs on it',
    async () => {
      const app = tempDir();
      const out = path.join(app, 'dist/electron');
      await buildElectronBundles(out);
      expect(fs.readdirSync(out)).toEqual(expect.arrayContaining(['main.cjs', 'convert-worker.cjs']));
      fs.symlinkSync(path.resolve(import.meta.dirname, '../../../node_modules'), path.join(app, 'node_modules'));
      const cards = tempDir();
      // Enough files for the batch to go to worker threads.
      for (let i = 0; i < 40; i++) fs.writeFileSync(path.join(cards, `card-${i}.json`), v1Card(`Card ${i}`));
      const converted = tempDir();
      const userData = tempDir();
      const calls = [['convert.batch', { inputs: [cards], to: 'v2', outDir: converted }]];
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [child, path.join(out, 'main.cjs'), userData, JSON.stringify(calls)],
        { cwd: userData },
      );
      const reply = JSON.parse(stdout.trim()) as { ok: boolean; value: ConvertReport };
      expect(reply.ok).toBe(true);
      expect(reply.value.totals).toMatchObject({ files: 40, converted: 40, failed: 0 });
      expect(reply.value.threads).toBeGreaterThan(0);
      expect(JSON.parse(fs.readFileSync(path.join(converted, 'card-7.json'), 'utf8'))).toMatchObject({
        spec: 'chara_card_v2',
        data: { name: 'Card 7' },
      });
    },
    120_000,
  );
});
