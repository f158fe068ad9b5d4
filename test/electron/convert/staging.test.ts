import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { convertFiles } from '../../../electron/services/convert/index.ts';
import { readCard } from '../../../shared/card/index.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';
import { v1Card } from '../../shared/card/helpers.ts';

const tempDir = useTempDir();
const isTemp = (name: string): boolean => name.includes('.lorewright-tmp-');

/** `count` V1 JSON cards in two subfolders of a new folder. */
function cards(count: number, dir = path.join(tempDir(), 'cards')): string {
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `set-${i % 2}`, `card${i}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(v1Card({ name: `C${i}` })));
  }
  return dir;
}

/** Every output the report names exists and is a V2 card. */
function expectWhole(files: { output?: string | undefined }[], count: number): void {
  const outputs = files.flatMap((f) => (f.output ? [f.output] : []));
  expect(outputs).toHaveLength(count);
  for (const o of outputs) expect(readCard(fs.readFileSync(o)).spec).toBe('v2');
}

describe.each([
  ['worker threads', true],
  ['this thread', false],
])('a new output folder, %s', (_, threads) => {
  it('is written hidden beside its place and appears whole at the end', async () => {
    const src = cards(40);
    const parent = tempDir();
    const out = path.join(parent, 'out');
    const seen: { out: boolean; beside: string[]; output: string | undefined }[] = [];
    const report = await convertFiles({ inputs: [src], to: 'v2', outDir: out, jobs: 2, threads }, (p) =>
      seen.push({ out: fs.existsSync(out), beside: fs.readdirSync(parent), output: p.result.output }),
    );
    expect(seen).toHaveLength(40);
    for (const s of seen) {
      expect(s.out).toBe(false);
      expect(s.beside).toHaveLength(1);
      expect(s.beside[0]).toMatch(/^\.out\.lorewright-tmp-/);
      // The report names the file where it will be.
      expect(s.output!.startsWith(out + path.sep)).toBe(true);
    }
    expect(fs.readdirSync(parent)).toEqual(['out']);
    expect(fs.readdirSync(out).sort()).toEqual(['set-0', 'set-1']);
    expect(fs.readdirSync(path.join(out, 'set-0')).filter(isTemp)).toEqual([]);
    expectWhole(report.files, 40);
  });
});

describe('staging an output folder', () => {
  it('an output folder that exists gets each file as it is done, and keeps its other files', async () => {
    const src = cards(40);
    const out = tempDir();
    fs.writeFileSync(path.join(out, 'notes.txt'), 'mine');
    const present: boolean[] = [];
    const report = await convertFiles({ inputs: [src], to: 'v2', outDir: out, jobs: 2 }, (p) =>
      present.push(fs.existsSync(p.result.output!)),
    );
    expect(present).toEqual(Array.from({ length: 40 }, () => true));
    expect(fs.readdirSync(out).sort()).toEqual(['notes.txt', 'set-0', 'set-1']);
    expectWhole(report.files, 40);
  });

  it('a folder made at the output path during the batch gets the files, and keeps its own', async () => {
    const src = cards(40);
    const out = path.join(tempDir(), 'out');
    const report = await convertFiles({ inputs: [src], to: 'v2', outDir: out, jobs: 2 }, (p) => {
      if (p.done !== 1) return;
      fs.mkdirSync(path.join(out, 'set-1'), { recursive: true });
      fs.writeFileSync(path.join(out, 'set-1', 'notes.txt'), 'mine');
    });
    expect(fs.readFileSync(path.join(out, 'set-1', 'notes.txt'), 'utf8')).toBe('mine');
    expect(fs.readdirSync(path.dirname(out))).toEqual(['out']);
    expect(fs.readdirSync(path.join(out, 'set-1'))).toHaveLength(21);
    expectWhole(report.files, 40);
  });

  it("a killed run's staging folder inside an input folder is neither read nor kept", async () => {
    const src = cards(40);
    const out = path.join(src, 'v2');
    // What a run killed while staging leaves: a hidden folder of whole and half-written cards, under a dead pid.
    const leftover = path.join(src, '.v2.lorewright-tmp-999999999-0123456789ab');
    cards(4, path.join(leftover, 'set-0'));
    fs.writeFileSync(path.join(leftover, 'set-0', 'half.json'), '{"name": "ha');
    const report = await convertFiles({ inputs: [src], to: 'v2', outDir: out, jobs: 2 });
    expect(report.totals).toMatchObject({ files: 40, converted: 40 });
    expect(report.cleanedTemps).toEqual([leftover]);
    expect(fs.readdirSync(src).sort()).toEqual(['set-0', 'set-1', 'v2']);
    expectWhole(report.files, 40);
  });
});
