// A seeded mutation fuzzer over every reader of untrusted bytes: each mutated input must end as a parsed document
// or a specific error of the reader's own kind, never a crash (TypeError, RangeError…) or a hang.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { readCard } from '../../../shared/card/read.ts';
import { writeCard } from '../../../shared/card/write.ts';
import { CardError } from '../../../shared/card/errors.ts';
import { utf8Encode } from '../../../shared/card/bytes.ts';
import { parseDocument } from '../../../shared/library/parse-document.ts';
import { ApiError } from '../../../shared/errors.ts';
import { importBook, BookFormatError } from '../../../shared/lorebook/formats/index.ts';
import { parsePpe } from '../../../shared/ppe/parse.ts';
import { b64, book, entry, pngWith, textChunk, v2Card, v3Card } from '../card/helpers.ts';
import { mulberry32 } from '../../../shared/util/mulberry32.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');

const INTERESTING = [0x00, 0xff, 0x7b, 0x7d, 0x5b, 0x5d, 0x22, 0x3a, 0x2c, 0x26, 0x2a, 0x0a, 0x50, 0x4b, 0x80, 0x7f];

/** One to four mutations: flip, set to an interesting byte, insert, delete, duplicate a range, truncate. */
function mutate(input: Uint8Array, rand: () => number): Uint8Array {
  let bytes = input.slice();
  const at = (): number => Math.floor(rand() * Math.max(1, bytes.length));
  const steps = 1 + Math.floor(rand() * 4);
  for (let s = 0; s < steps; s++) {
    const op = Math.floor(rand() * 6);
    const i = at();
    if (op === 0 && bytes.length) bytes[i] = bytes[i]! ^ (1 << Math.floor(rand() * 8));
    else if (op === 1 && bytes.length) bytes[i] = INTERESTING[Math.floor(rand() * INTERESTING.length)]!;
    else if (op === 2)
      bytes = Uint8Array.from([...bytes.subarray(0, i), Math.floor(rand() * 256), ...bytes.subarray(i)]);
    else if (op === 3)
      bytes = Uint8Array.from([...bytes.subarray(0, i), ...bytes.subarray(i + 1 + Math.floor(rand() * 16))]);
    else if (op === 4) {
      const len = Math.floor(rand() * 64);
      bytes = Uint8Array.from([...bytes.subarray(0, i), ...bytes.subarray(i, i + len), ...bytes.subarray(i)]);
    } else bytes = bytes.subarray(0, i);
  }
  return bytes;
}

/** Runs `cases` mutations of each seed through `read`; returns how many parsed, and fails on any other error. */
function fuzz(
  seeds: Uint8Array[],
  cases: number,
  seed: number,
  read: (bytes: Uint8Array) => unknown,
  specific: (e: unknown) => boolean,
): number {
  const rand = mulberry32(seed);
  let parsed = 0;
  for (let n = 0; n < cases; n++) {
    const input = mutate(seeds[n % seeds.length]!, rand);
    try {
      read(input);
      parsed++;
    } catch (e) {
      if (!specific(e))
        throw new Error(`case ${n} (seed ${seed}) crashed with ${(e as Error).name}: ${(e as Error).message}`, {
          cause: e,
        });
      expect((e as Error).message.length, `case ${n}`).toBeLessThan(2000);
    }
  }
  return parsed;
}

const isCardError = (e: unknown): boolean => e instanceof CardError;

describe('fuzzing the readers', () => {
  it('cards: mutated PNG, CharX, JSON and YAML bytes', () => {
    const card = v3Card({
      character_book: book([entry(), entry({ keys: ['dragon'] })]),
      alternate_greetings: ['Hi', 'Hey'],
    });
    const read = readCard(utf8Encode(JSON.stringify(card)));
    const seeds = [
      pngWith([textChunk('chara', b64(v2Card())), textChunk('ccv3', b64(card))]),
      writeCard(card, 'charx', { source: read }).bytes,
      utf8Encode(JSON.stringify(card, null, 2)),
      utf8Encode(yaml.dump(card)),
    ];
    for (const [i, s] of seeds.entries()) {
      const parsed = fuzz([s], 600, 1000 + i, (b) => readCard(b, i === 3 ? 'card.yaml' : ''), isCardError);
      expect(parsed, `seed ${i} should still parse sometimes`).toBeGreaterThan(0);
    }
  });

  it('lorebooks: mutated SillyTavern and NovelAI books through the library parser and importBook', () => {
    const seeds = [
      'lorebooks/Eldoria-1.12.6.json',
      'lorebooks/novelai-sample.lorebook',
      'lorebooks/agnai-sample.json',
    ].map((f) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, f))));
    const decoder = new TextDecoder();
    const parsed = fuzz(
      seeds,
      900,
      2000,
      (b) => importBook(parseDocument(decoder.decode(b), 'json', 'book.json')),
      (e) => e instanceof ApiError || e instanceof BookFormatError,
    );
    expect(parsed).toBeGreaterThan(0);
  });

  it('PPE scripts: mutated source always parses to an AST with diagnostics', () => {
    const seeds = ['ppe/case-14.ai.yaml', 'ppe/case-25.ai.yaml'].map(
      (f) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, f))),
    );
    const decoder = new TextDecoder();
    const parsed = fuzz(
      seeds,
      600,
      3000,
      (b) => parsePpe(decoder.decode(b)),
      () => false,
    );
    expect(parsed).toBe(600);
  });
});
