// Resolves a script for running: parse it and, for `type: X`, prepend X's body and merge X's front matter
// (recursively, refusing cycles). `type: char` falls back to Lorewright's own char type.
import { CHAR_TYPE_ID, CHAR_TYPE_SCRIPT } from './char-type.ts';
import { mergeInputs, normalizeInputs } from './inputs.ts';
import { parsePpe } from './parse.ts';
import { PpeRunError } from './run-error.ts';
import type { Instruction } from './types.ts';

export type LoadScript = (id: string) => string | undefined | Promise<string | undefined>;

export interface ResolvedScript {
  id?: string;
  /** The script's own text, for placing run errors inside a value (a parent's instructions keep their lines). */
  source: string;
  frontMatter: Record<string, unknown>;
  body: Instruction[];
}

/** Types that mark a script's role rather than naming a parent. */
const MARKER_TYPES = new Set(['type', 'lib', 'script']);
/** Keys that describe the parent type itself and are not inherited. */
const TYPE_OWN_KEYS = ['_id', 'type', 'description', 'title'];

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export async function resolveScript(
  text: string,
  id: string | undefined,
  loadScript: LoadScript,
  lineage: string[] = [],
): Promise<ResolvedScript> {
  const { ast, diagnostics } = parsePpe(text);
  const error = diagnostics.find((d) => d.severity === 'error');
  if (error) throw new PpeRunError('syntax', error.message, error, id);
  const frontMatter = ast.frontMatter?.data ?? {};
  const type = frontMatter['type'];
  if (typeof type !== 'string' || MARKER_TYPES.has(type)) return { id, source: text, frontMatter, body: ast.body };

  if (type === id || lineage.includes(type)) {
    throw new PpeRunError(
      'type-cycle',
      `Type inheritance loops: ${[...lineage, id ?? '(script)', type].join(' → ')}`,
      ast.frontMatter?.range.start,
      id,
    );
  }
  const parentText = (await loadScript(type)) ?? (type === CHAR_TYPE_ID ? CHAR_TYPE_SCRIPT : undefined);
  if (parentText === undefined)
    throw new PpeRunError(
      'missing-script',
      `Type "${type}" is not a script in the library`,
      ast.frontMatter?.range.start,
      id,
    );
  const parent = await resolveScript(parentText, type, loadScript, [...lineage, id ?? '(script)']);
  return {
    id,
    source: text,
    frontMatter: mergeFrontMatter(parent.frontMatter, frontMatter),
    body: [...parent.body, ...ast.body],
  };
}

function mergeFrontMatter(parent: Record<string, unknown>, child: Record<string, unknown>): Record<string, unknown> {
  const inherited = Object.fromEntries(Object.entries(parent).filter(([k]) => !TYPE_OWN_KEYS.includes(k)));
  const merged: Record<string, unknown> = { ...inherited, ...child };
  for (const key of ['parameters', 'prompt']) {
    if (key in parent || key in child) merged[key] = { ...record(parent[key]), ...record(child[key]) };
  }
  if ('input' in parent || 'input' in child) {
    merged['input'] = mergeInputs(normalizeInputs(parent['input']), normalizeInputs(child['input'])).map(
      ({ name, ...rest }) => ({ [name]: rest }),
    );
  }
  return merged;
}
