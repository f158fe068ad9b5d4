/** Builders for card test inputs: minimal valid cards, PNGs with arbitrary chunks, fixture loading. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { encodeChunk, PNG_SIGNATURE } from '../../../shared/card/png-chunks.ts';
import { concatBytes, latin1Encode, utf8Encode, base64Encode } from '../../../shared/card/bytes.ts';
import { placeholderPng } from '../../../shared/card/placeholder-png.ts';
import type { JsonObject } from '../../../shared/card/types.ts';

export const FIXTURES = path.join(import.meta.dirname, '../../fixtures/cards');

export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(FIXTURES, name)));
}

export function v1Card(extra: JsonObject = {}): JsonObject {
  return { name: 'Aria', description: 'A bard.', personality: 'cheerful', scenario: 'A tavern.', first_mes: 'Hello!', mes_example: '<START>\n{{char}}: Hi.', ...extra };
}

export function v2Card(data: JsonObject = {}, root: JsonObject = {}): JsonObject {
  return {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      ...v1Card(),
      creator_notes: '',
      system_prompt: '',
      post_history_instructions: '',
      alternate_greetings: [],
      tags: [],
      creator: '',
      character_version: '',
      extensions: {},
      ...data,
    },
    ...root,
  };
}

export function v3Card(data: JsonObject = {}, root: JsonObject = {}): JsonObject {
  return { ...v2Card({ group_only_greetings: [], ...data }), spec: 'chara_card_v3', spec_version: '3.0', ...root };
}

export function book(entries: JsonObject[], extra: JsonObject = {}): JsonObject {
  return { extensions: {}, entries, ...extra };
}

export function entry(extra: JsonObject = {}): JsonObject {
  return { keys: ['castle'], content: 'The castle is old.', extensions: {}, enabled: true, insertion_order: 100, ...extra };
}

export interface RawChunk {
  type: string;
  data: Uint8Array;
}

export function textChunk(keyword: string, text: string, type = 'tEXt'): RawChunk {
  return { type, data: concatBytes([latin1Encode(keyword), new Uint8Array([0]), latin1Encode(text)]) };
}

export function b64(doc: unknown): string {
  return base64Encode(utf8Encode(JSON.stringify(doc)));
}

/** The placeholder PNG's chunks, with `extra` chunks inserted before IEND (or after IDAT when asked). */
export function pngWith(extra: RawChunk[], options: { afterIdat?: boolean } = {}): Uint8Array {
  const base = placeholderPng();
  const ihdrEnd = 8 + 12 + 13;
  const iendStart = base.length - 12;
  const encoded = extra.map((c) => encodeChunk(c.type, c.data));
  const body = base.subarray(ihdrEnd, iendStart);
  const parts = options.afterIdat ? [base.subarray(0, ihdrEnd), body, ...encoded, base.subarray(iendStart)] : [base.subarray(0, ihdrEnd), ...encoded, body, base.subarray(iendStart)];
  return concatBytes(parts);
}

export function pngSignature(): Uint8Array {
  return Uint8Array.from(PNG_SIGNATURE);
}
