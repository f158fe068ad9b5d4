// The app's batch conversion goes through the same service as the CLI; here through the API host, with progress.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { openLibrary } from '../../../electron/services/library/library.ts';
import type { Library } from '../../../electron/services/library/library.ts';
import { createApiHost } from '../../../electron/host/api.ts';
import { readCard } from '../../../shared/card/index.ts';
import { useTempDir, v1Card } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();
let library: Library | undefined;
afterEach(() => library?.close());

describe('convert.batch', () => {
  it('converts a folder into an output folder, streams per-file progress, and leaves originals untouched', async () => {
    const dir = tempDir();
    const inDir = path.join(dir, 'in');
    fs.mkdirSync(inDir);
    const v1 = v1Card('Old', { description: 'd', first_mes: 'hi' });
    fs.writeFileSync(path.join(inDir, 'old.json'), v1);
    fs.writeFileSync(path.join(inDir, 'broken.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    library = openLibrary(path.join(dir, 'library.db'));
    const progress: { done: number; result: { status: string } }[] = [];
    const reply = await createApiHost({ library }).call(
      'convert.batch',
      { inputs: [inDir], to: 'v2', outDir: path.join(dir, 'out') },
      { onProgress: (p) => progress.push(p as never) },
    );
    expect(reply.ok).toBe(true);
    const report = (
      reply as {
        value: {
          totals: { converted: number; failed: number };
          files: { input: string; status: string; output?: string }[];
        };
      }
    ).value;
    expect(report.totals).toMatchObject({ converted: 1, failed: 1 });
    expect(progress).toHaveLength(2);
    const out = report.files.find((f) => f.status === 'converted')!.output!;
    expect(readCard(fs.readFileSync(out), out).spec).toBe('v2');
    expect(fs.readFileSync(path.join(inDir, 'old.json'), 'utf8')).toBe(v1);
  });

  it('refuses contradictory options as bad input', async () => {
    library = openLibrary(path.join(tempDir(), 'library.db'));
    const reply = await createApiHost({ library }).call('convert.batch', { inputs: ['/nowhere'], to: 'v2' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad_input' } });
  });
});
