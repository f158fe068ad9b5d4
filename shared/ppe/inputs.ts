// `input:` declarations (list of names, list of `{name: spec}`, or a map) and how a run's arguments fill them.
import { PpeRunError } from './run-error.ts';
import { isObject } from '../util/is-object.ts';

export interface InputSpec {
  name: string;
  required?: boolean;
  index?: number;
  default?: unknown;
  type?: string;
  description?: string;
}

function spec(name: string, options: unknown): InputSpec {
  const o = isObject(options) ? options : {};
  return {
    name,
    required: o['required'] === true || undefined,
    index: typeof o['index'] === 'number' ? o['index'] : undefined,
    default: o['default'],
    type: typeof o['type'] === 'string' ? o['type'] : undefined,
    description: typeof o['description'] === 'string' ? o['description'] : undefined,
  };
}

export function normalizeInputs(input: unknown): InputSpec[] {
  if (typeof input === 'string') return [spec(input, undefined)];
  if (Array.isArray(input)) {
    return input.flatMap((item): InputSpec[] => {
      if (typeof item === 'string') return [spec(item, undefined)];
      if (isObject(item)) return Object.entries(item).map(([name, options]) => spec(name, options));
      return [];
    });
  }
  if (isObject(input)) return Object.entries(input).map(([name, options]) => spec(name, options));
  return [];
}

/** Child declarations replace parent ones of the same name; order is parent first. */
export function mergeInputs(parent: InputSpec[], child: InputSpec[]): InputSpec[] {
  const names = new Set(child.map((s) => s.name));
  return [...parent.filter((s) => !names.has(s.name)), ...child];
}

/**
 * Variables for a run: front-matter values (every key is a default), then the run's named arguments, then
 * positional ones by `index`, then declared defaults. A required input that is still empty is an error.
 */
export function applyInputs(
  specs: InputSpec[],
  defaults: Record<string, unknown>,
  input: unknown,
  positional: unknown[] = [],
): Record<string, unknown> {
  // Variables live in an object without a prototype, so no input name (`__proto__` included) reaches Object.prototype.
  const vars = Object.assign(Object.create(null) as Record<string, unknown>, defaults);
  if (isObject(input)) Object.assign(vars, input);
  else if (input !== undefined && input !== null) positional = [input, ...positional];
  for (const s of specs) {
    const byIndex =
      s.index ?? (positional.length > 0 && s.name === 'content' && !specs.some((o) => o.index === 0) ? 0 : undefined);
    if (byIndex !== undefined && positional[byIndex] !== undefined) vars[s.name] = positional[byIndex];
    if (vars[s.name] === undefined && s.default !== undefined) vars[s.name] = s.default;
    if (s.required && (vars[s.name] === undefined || vars[s.name] === null || vars[s.name] === '')) {
      throw new PpeRunError('missing-input', `Required parameter ${s.name} is missing`);
    }
  }
  return vars;
}
