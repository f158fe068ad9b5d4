/**
 * YAML cards: either a card document written as YAML, or a TextGen WebUI character (`name`, `context`,
 * `greeting`, `example_dialogue`), which becomes a V1 card the way SillyTavern imports it (other keys kept).
 */
import yaml from 'js-yaml';
import { CardError } from './errors.ts';
import type { CardWarning } from './errors.ts';
import { isObject } from './types.ts';
import type { JsonObject } from './types.ts';

const TEXTGEN_MAP: [string, string][] = [
  ['context', 'description'],
  ['greeting', 'first_mes'],
  ['example_dialogue', 'mes_example'],
];

export function parseYamlCard(text: string): { doc: JsonObject; warnings: CardWarning[] } {
  let value: unknown;
  try {
    // CORE schema: no timestamps or other YAML types that JSON cannot hold.
    value = yaml.load(text, { schema: yaml.CORE_SCHEMA });
  } catch (e) {
    const err = e as { reason?: string; message: string; mark?: { line: number; column: number } };
    const at = err.mark ? `line ${err.mark.line + 1}, column ${err.mark.column + 1}` : undefined;
    throw new CardError('yaml_syntax', `not valid YAML: ${err.reason ?? err.message}`, at);
  }
  if (!isObject(value))
    throw new CardError(
      'not_a_card',
      `YAML document is ${value === null ? 'empty' : Array.isArray(value) ? 'a list' : 'a scalar'}, not a card`,
    );
  const looksTextGen = ('context' in value || 'greeting' in value) && !('description' in value) && !('data' in value);
  if (!looksTextGen) return { doc: value, warnings: [] };
  const warnings: CardWarning[] = [];
  const doc: JsonObject = {
    name: value['name'] ?? '',
    description: '',
    personality: '',
    scenario: '',
    first_mes: '',
    mes_example: '',
  };
  for (const [from, to] of TEXTGEN_MAP) {
    if (value[from] === undefined) continue;
    doc[to] = value[from];
    warnings.push({ pointer: `/${from}`, message: `TextGen WebUI "${from}" read as "${to}"` });
  }
  const mapped = new Set(['name', ...TEXTGEN_MAP.map(([from]) => from)]);
  return { doc: { ...doc, ...Object.fromEntries(Object.entries(value).filter(([k]) => !mapped.has(k))) }, warnings };
}
