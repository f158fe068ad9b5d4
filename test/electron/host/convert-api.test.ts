// The app's batch conversion goes through the same service as the CLI; here through the API host, with progress.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { openLibrary } from '../../../electron/services/library/library.ts';
import type { Library } from '../../../electron/services/library/library.ts';
import { createApiHost } from '../../../electron/host/api.ts';
import { readCard } from '../../../shared/card/index.ts';
import { useTempDir, v1Card, v2Card } from '../../helpers/temp-dir.ts';

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

describe('convert.files', () => {
  it('converts picked files by their relative paths, names skipped files and lost fields, and returns the outputs', async () => {
    library = openLibrary(path.join(tempDir(), 'library.db'));
    const v1 = v1Card('Old');
    const progress: string[] = [];
    const reply = await createApiHost({ library }).call(
      'convert.files',
      {
        to: 'v3',
        files: [
          { name: 'cards/old.json', text: v1 },
          {
            name: 'cards/deep/group.json',
            text: v2Card('Group', { group_only_greetings: 'x' }),
          },
          { name: 'cards/notes.txt', text: 'not a card' },
        ],
      },
      { onProgress: (p) => progress.push((p as { result: { input: string } }).result.input) },
    );
    if (!reply.ok) throw new Error(reply.error.message);
    const { report, outputs } = reply.value as {
      report: {
        outDir?: string;
        totals: object;
        files: { input: string; status: string; dropped?: { from?: string }[]; error?: { message: string } }[];
      };
      outputs: { name: string; base64: string }[];
    };
    expect(report.totals).toMatchObject({ files: 3, converted: 2, skipped: 1, failed: 0 });
    expect(report.outDir).toBeUndefined();
    const byInput = Object.fromEntries(report.files.map((f) => [f.input, f]));
    expect(byInput['cards/notes.txt']).toMatchObject({
      status: 'skipped',
      error: { message: 'not a card file (.txt); cards are PNG, JSON, YAML or CharX files' },
    });
    expect(byInput['cards/deep/group.json']!.dropped?.map((d) => d.from)).toEqual(['/data/group_only_greetings']);
    expect(progress.sort()).toEqual(['cards/deep/group.json', 'cards/notes.txt', 'cards/old.json']);
    expect(outputs.map((o) => o.name).sort()).toEqual(['cards/deep/group.json', 'cards/old.json']);
    const old = outputs.find((o) => o.name === 'cards/old.json')!;
    expect(readCard(Buffer.from(old.base64, 'base64'), 'old.json').spec).toBe('v3');
  });

  it('refuses a picked name that would leave the upload folder', async () => {
    library = openLibrary(path.join(tempDir(), 'library.db'));
    const reply = await createApiHost({ library }).call('convert.files', {
      to: 'v2',
      files: [{ name: '../escape.json', text: '{}' }],
    });
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'bad_input', message: expect.stringContaining('escape.json') },
    });
  });
});
