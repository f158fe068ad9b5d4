import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readCard } from '../../../shared/card/read.ts';
import { b64, noisePng, pngWith, textChunk, v2Card } from '../../shared/card/helpers.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();
const bin = path.resolve(import.meta.dirname, '../../../bin/lorewright.mjs');
const COUNT = 10;

/**
 * `count` cards of about `bytes` each, alternately a large card in a small image (written whole) and a card after a
 * large image (its image copied in the kernel, the card written over the copy), so a stop catches either write.
 */
function cardsOf(count: number, bytes: number): string {
  const dir = tempDir();
  const text = 'The bard sings of old wars. '.repeat(bytes / 36);
  for (let i = 0; i < count; i++) {
    const card = (description: string) => textChunk('chara', b64(v2Card({ name: `Card ${i}`, description })));
    fs.writeFileSync(
      path.join(dir, `card${String(i).padStart(2, '0')}.png`),
      i % 2 ? noisePng(bytes, [], [card('short')]) : pngWith([card(text)]),
    );
  }
  return dir;
}

/** Cards big enough (about 0.7 MB each) that a batch is always writing one when it is stopped. */
const bigCards = (): string => cardsOf(COUNT, 700_000);

/** Enough files for worker threads (32 or more), each batch holding several. */
const manyCards = (): string => cardsOf(48, 300_000);

function convertInto(dir: string, out: string): ChildProcess {
  return spawn(process.execPath, [bin, 'convert', dir, '--to', 'v3', '--out', out, '--jobs', '2'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function convertInPlace(dir: string): ChildProcess {
  return spawn(process.execPath, [bin, 'convert', dir, '--to', 'v3', '--in-place', '--jobs', '2'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves once the run has reported its first finished file (its own progress line). */
function firstProgress(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      if (/^\[1\/\d+\] /m.test(err)) resolve();
    });
    child.on('exit', () => reject(new Error(`exited before any progress: ${err}`)));
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }> {
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, out })));
}

const temps = (dir: string): string[] => fs.readdirSync(dir).filter((n) => n.includes('.lorewright-tmp-'));
const cards = (dir: string): string[] => fs.readdirSync(dir).filter((n) => n.endsWith('.png'));
const specOf = (file: string): string => readCard(fs.readFileSync(file)).spec;

describe('in-place conversion survives being stopped', { timeout: 90_000 }, () => {
  it('SIGKILL mid-batch: every card is old or new; the next run removes the leftovers and finishes', async () => {
    const dir = bigCards();
    const child = convertInPlace(dir);
    const done = exited(child);
    await firstProgress(child);
    child.kill('SIGKILL');
    expect((await done).signal).toBe('SIGKILL');
    for (const name of cards(dir)) expect(['v2', 'v3']).toContain(specOf(path.join(dir, name)));
    // Whatever the kill left (often a half-written temp file), plus one planted under the dead run's pid for certain.
    fs.writeFileSync(path.join(dir, `.card00.png.lorewright-tmp-${child.pid}-0123456789ab`), 'half a card');
    const again = convertInPlace(dir);
    const second = await exited(again);
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/removed \d+ temp file\(s\) left by an earlier run that was killed mid-write/);
    expect(temps(dir)).toEqual([]);
    expect(cards(dir)).toHaveLength(COUNT);
    for (const name of cards(dir)) expect(specOf(path.join(dir, name))).toBe('v3');
  });

  it('SIGTERM: stops starting files, finishes those in flight, prints the summary and leaves no temp file', async () => {
    const dir = bigCards();
    const child = convertInPlace(dir);
    const done = exited(child);
    await firstProgress(child);
    child.kill('SIGTERM');
    const r = await done;
    expect(r.code).toBe(130);
    expect(r.out).toMatch(/^Interrupted: converting to V3 in place/);
    expect(temps(dir)).toEqual([]);
    for (const name of cards(dir)) expect(['v2', 'v3']).toContain(specOf(path.join(dir, name)));
  });

  it("a second signal quits at once and removes this run's temp files", async () => {
    const dir = bigCards();
    const child = convertInPlace(dir);
    const done = exited(child);
    await firstProgress(child);
    child.kill('SIGTERM');
    child.kill('SIGINT');
    const r = await done;
    expect(r.code).toBe(130);
    expect(temps(dir)).toEqual([]);
    for (const name of cards(dir)) expect(['v2', 'v3']).toContain(specOf(path.join(dir, name)));
  });
});

describe('conversion into an output folder on worker threads survives being killed', { timeout: 90_000 }, () => {
  it('SIGKILL mid-batch into a new folder: no output folder, only a hidden one the next run removes', async () => {
    const dir = manyCards();
    const parent = tempDir();
    const out = path.join(parent, 'out');
    const child = convertInto(dir, out);
    const done = exited(child);
    await firstProgress(child);
    child.kill('SIGKILL');
    expect((await done).signal).toBe('SIGKILL');
    // The folder was being staged: nothing is under its name, whole or half-written.
    expect(fs.existsSync(out)).toBe(false);
    expect(temps(parent)).toHaveLength(1);
    const second = await exited(convertInto(dir, out));
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/removed 1 temp file\(s\) left by an earlier run that was killed mid-write/);
    expect(fs.readdirSync(parent)).toEqual(['out']);
    expect(cards(out)).toHaveLength(48);
    for (const name of cards(out)) expect(specOf(path.join(out, name))).toBe('v3');
  });

  it('SIGKILL mid-batch into an existing folder: no partial output file; the next run removes the leftovers and finishes', async () => {
    const dir = manyCards();
    const out = tempDir();
    const child = convertInto(dir, out);
    const done = exited(child);
    await firstProgress(child);
    child.kill('SIGKILL');
    expect((await done).signal).toBe('SIGKILL');
    // Every output there is a whole V3 card: a file being written when the process died is only ever a temp file.
    for (const name of cards(out)) expect(specOf(path.join(out, name))).toBe('v3');
    fs.writeFileSync(path.join(out, `.card00.png.lorewright-tmp-${child.pid}-0123456789ab`), 'half a card');
    const second = await exited(convertInto(dir, out));
    expect(second.code).toBe(0);
    expect(temps(out)).toEqual([]);
    expect(cards(out)).toHaveLength(48);
    for (const name of cards(out)) expect(specOf(path.join(out, name))).toBe('v3');
  });

  it("a second signal quits at once and removes this run's staging folder", async () => {
    const dir = manyCards();
    const parent = tempDir();
    const child = convertInto(dir, path.join(parent, 'out'));
    const done = exited(child);
    await firstProgress(child);
    child.kill('SIGTERM');
    child.kill('SIGINT');
    expect((await done).code).toBe(130);
    expect(fs.readdirSync(parent)).toEqual([]);
  });
});
