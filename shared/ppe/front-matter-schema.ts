// JSON Schema of PPE front matter (the keys the spec documents; any other key is an input default), checked with
// ajv; errors are placed on the YAML node their instance path names.
import Ajv from 'ajv';
import { entryOf, itemsOf } from './located-yaml.ts';
import type { Diagnostic, Pos, YamlNode } from './types.ts';

const stringList = { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };
const inputSpec = {
  type: ['object', 'null'],
  properties: {
    required: { type: 'boolean' },
    index: { type: 'integer', minimum: 0 },
    type: { type: 'string' },
    description: { type: 'string' },
  },
};

export const frontMatterSchema = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    type: { type: 'string' },
    extends: { type: 'string' },
    title: { type: 'string' },
    version: { type: ['string', 'number'] },
    tag: stringList,
    templateFormat: {
      enum: [
        'hf',
        'huggingface',
        'jinja',
        'jinja2',
        'golang',
        'localai',
        'ollama',
        'fstring',
        'python',
        'f-string',
        'langchain',
      ],
    },
    input: {
      anyOf: [
        { type: 'string' },
        {
          type: 'array',
          items: {
            anyOf: [
              { type: 'string' },
              { type: 'object', minProperties: 1, maxProperties: 1, additionalProperties: inputSpec },
            ],
          },
        },
        { type: 'object', additionalProperties: inputSpec },
      ],
    },
    output: { type: ['object', 'boolean'] },
    parameters: {
      type: 'object',
      properties: {
        temperature: { type: 'number', minimum: 0 },
        top_p: { type: 'number', minimum: 0, maximum: 1 },
        max_tokens: { type: 'integer', minimum: 1 },
        presence_penalty: { type: 'number' },
        frequency_penalty: { type: 'number' },
        seed: { type: 'integer' },
        stop: stringList,
        stop_words: stringList,
        stream: { type: 'boolean' },
        timeout: { type: 'number' },
        maxRetry: { type: 'integer', minimum: 0 },
        continueOnLengthLimit: { type: 'boolean' },
        response_format: {
          anyOf: [
            { enum: ['json', 'json_object', 'yaml', 'text', 'nobj'] },
            {
              type: 'object',
              properties: { type: { enum: ['json', 'json_object', 'json_schema', 'yaml', 'text', 'nobj'] } },
              required: ['type'],
            },
          ],
        },
      },
    },
    prompt: {
      type: 'object',
      properties: {
        add_generation_prompt: { type: 'boolean' },
        stop_words: stringList,
        messages: {
          type: 'array',
          items: {
            type: 'object',
            properties: { role: { enum: ['system', 'user', 'assistant'] }, content: { type: 'string' } },
            required: ['role', 'content'],
          },
        },
      },
    },
    import: { type: ['string', 'array', 'object'] },
    export: { type: ['string', 'array', 'object'] },
    roles: { type: 'object', additionalProperties: { type: 'string' } },
    autoRunLLMIfPromptAvailable: { type: 'boolean' },
    forceJson: { type: ['boolean', 'null'] },
    llmStream: { type: 'boolean' },
    completion_delimiter: { type: 'string' },
  },
} as const;

let validator: ReturnType<Ajv['compile']> | undefined;

/** The node at a JSON pointer, or the deepest ancestor that has a position. */
function nodeAt(root: YamlNode, pointer: string): YamlNode {
  let node = root;
  for (const token of pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    const next = Array.isArray(node.value) ? itemsOf(node)[Number(token)] : entryOf(node, token);
    if (!next) break;
    node = next;
  }
  return node;
}

export function checkFrontMatterSchema(
  data: Record<string, unknown>,
  root: YamlNode | undefined,
  fallback: Pos,
): Diagnostic[] {
  validator ??= new Ajv({ allErrors: true, strict: false }).compile(frontMatterSchema);
  if (validator(data)) return [];
  // anyOf reports every failed branch; the branch errors say more than the summary, so keep those only.
  const errors = (validator.errors ?? []).filter((e) => e.keyword !== 'anyOf');
  const seen = new Set<string>();
  return errors.flatMap((e) => {
    const key = `${e.instancePath} ${e.message}`;
    if (seen.has(key)) return [];
    seen.add(key);
    const pos = root ? nodeAt(root, e.instancePath).pos : fallback;
    const where = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'front matter';
    const allowed =
      e.keyword === 'enum' ? `: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}` : '';
    return [
      {
        code: 'front-matter-schema' as const,
        severity: 'error' as const,
        message: `${where} ${e.message ?? 'is invalid'}${allowed}`,
        line: pos.line,
        column: pos.column,
      },
    ];
  });
}
