// The transcript's JSON Schema: checked whenever a transcript crosses a boundary (API input, library load, import).
import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { TRANSCRIPT_FORMAT, TRANSCRIPT_VERSION } from './types.ts';
import type { Transcript } from './types.ts';

const json = { type: 'object', additionalProperties: true } as const;
// `nullable` rather than type unions: the API's Ajv (strict, no union types) compiles this schema too.
const nullableNumber = { type: 'number', nullable: true } as const;

const swipe = {
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: {
    text: { type: 'string' },
    at: { type: 'string' },
    stats: {
      type: 'object',
      additionalProperties: false,
      properties: {
        tokens: { type: 'integer', minimum: 0 },
        promptTokens: { type: 'integer', minimum: 0 },
        firstTokenMs: nullableNumber,
        totalMs: { type: 'number' },
        tokensPerSecond: nullableNumber,
        finishReason: { type: 'string', nullable: true },
        model: { type: 'string' },
      },
    },
    lore: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['book', 'uid', 'comment', 'keys', 'position', 'depth'],
        properties: {
          book: { type: 'string' },
          uid: { type: 'number' },
          comment: { type: 'string' },
          keys: { type: 'array', items: { type: 'string' } },
          position: nullableNumber,
          depth: nullableNumber,
        },
      },
    },
    request: json,
  },
} as const;

const foreign = { type: 'object', additionalProperties: false, properties: { st: json, glm: json } } as const;
const timedRecord = { type: 'object', additionalProperties: true } as const;

export const transcriptSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['format', 'version', 'createdAt', 'character', 'user', 'messages'],
  properties: {
    format: { type: 'string', const: TRANSCRIPT_FORMAT },
    version: { type: 'integer', const: TRANSCRIPT_VERSION },
    createdAt: { type: 'string' },
    character: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: { type: 'string' } },
    },
    user: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: { type: 'string' }, persona: { type: 'string' } },
    },
    messages: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'role', 'name', 'swipes', 'swipe', 'at'],
        properties: {
          id: { type: 'string', minLength: 1 },
          role: { type: 'string', enum: ['user', 'assistant', 'system'] },
          name: { type: 'string' },
          swipes: { type: 'array', minItems: 1, items: swipe },
          swipe: { type: 'integer', minimum: 0 },
          greeting: { type: 'boolean' },
          hidden: { type: 'boolean' },
          at: { type: 'string' },
          foreign,
        },
      },
    },
    timedEffects: {
      type: 'object',
      nullable: true,
      additionalProperties: false,
      required: ['sticky', 'cooldown'],
      properties: {
        sticky: { type: 'object', additionalProperties: timedRecord },
        cooldown: { type: 'object', additionalProperties: timedRecord },
      },
    },
    foreign,
  },
} as const;

let compiled: ValidateFunction | undefined;

export class TranscriptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranscriptError';
  }
}

/** The transcript, or a TranscriptError naming every problem (schema, then swipe indexes and duplicate ids). */
export function validateTranscript(value: unknown): Transcript {
  compiled ??= new Ajv({ allErrors: true, strict: true }).compile(transcriptSchema);
  if (!compiled(value)) {
    const problems = (compiled.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
    throw new TranscriptError(`Not a Lorewright transcript: ${problems.join('; ')}`);
  }
  const t = value as Transcript;
  const ids = new Set<string>();
  t.messages.forEach((m, i) => {
    if (m.swipe >= m.swipes.length)
      throw new TranscriptError(
        `Not a Lorewright transcript: /messages/${i}/swipe ${m.swipe} is past its ${m.swipes.length} swipe(s)`,
      );
    if (ids.has(m.id))
      throw new TranscriptError(`Not a Lorewright transcript: /messages/${i}/id "${m.id}" is used twice`);
    ids.add(m.id);
  });
  return t;
}
