// `output:` is a JSON Schema for the script's result, checked with ajv when the run ends.
import Ajv from 'ajv';
import { PpeRunError } from './run-error.ts';

export function checkOutput(schema: unknown, value: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  let validate;
  try {
    // A fresh instance per check: ajv caches every compiled schema, and scripts' schemas come and go.
    validate = new Ajv({ allErrors: true, strict: false }).compile(schema as Record<string, unknown>);
  } catch (e) {
    throw new PpeRunError('output-schema', `The output schema is not a valid JSON Schema: ${(e as Error).message}`);
  }
  if (validate(value)) return;
  const problems = (validate.errors ?? []).map((e) => `${e.instancePath || 'result'} ${e.message ?? 'is invalid'}`);
  throw new PpeRunError('output-schema', `The result does not match the output schema: ${problems.join('; ')}`);
}
