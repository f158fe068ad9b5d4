// What to offer at a cursor in a PPE script: front-matter keys (from the front-matter schema, one level of nesting
// for `parameters` and `prompt`) inside the front matter, directives and roles in the body. Pure, so it is tested
// without Monaco.
import { DIRECTIVES } from '../../../shared/ppe/check.ts';
import { frontMatterSchema } from '../../../shared/ppe/front-matter-schema.ts';

export type CompletionKind = 'key' | 'directive' | 'role';

export interface Completion {
  label: string;
  insertText: string;
  kind: CompletionKind;
}

export interface CompletionResult {
  /** 1-based column where the word being completed starts (a leading `$` included). */
  startColumn: number;
  items: Completion[];
}

const BARE = new Set(['AI', 'break', 'continue']);
const ROLES = ['system', 'user', 'assistant'];

type SchemaNode = { properties?: Record<string, unknown> };
const keysOf = (node: unknown): string[] => Object.keys((node as SchemaNode | undefined)?.properties ?? {});
const NESTED: Record<string, string[]> = {
  parameters: keysOf(frontMatterSchema.properties.parameters),
  prompt: keysOf(frontMatterSchema.properties.prompt),
};
const TOP_KEYS = keysOf(frontMatterSchema);

const key = (label: string): Completion => ({ label, insertText: `${label}: `, kind: 'key' });

/** The 0-based line that closes the front matter, -1 when the script has none, Infinity when it is still open. */
function frontMatterEnd(lines: string[]): number {
  if (lines[0]?.trim() !== '---') return -1;
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  return end === -1 ? Infinity : end;
}

const indentOf = (line: string): number => /^ */.exec(line)![0].length;

/** The key of the nearest line above that is less indented: the mapping the cursor's line belongs to. */
function parentKey(lines: string[], lineIndex: number, indent: number): string | undefined {
  for (let i = lineIndex - 1; i > 0; i--) {
    const l = lines[i]!;
    if (l.trim() === '' || l.trimStart().startsWith('#')) continue;
    if (indentOf(l) < indent) return /^\s*([\w$-]+)\s*:/.exec(l)?.[1];
  }
  return undefined;
}

/** Completions at a 1-based line and column, or null when nothing fits there. */
export function completionsAt(text: string, line: number, column: number): CompletionResult | null {
  const lines = text.split(/\r?\n/);
  const lineIndex = line - 1;
  const before = (lines[lineIndex] ?? '').slice(0, column - 1);
  // Only the key position of a line completes: indentation, an optional list dash, then the word being typed.
  const m = /^(\s*(?:-\s+)?)(\$?[\w-]*)$/.exec(before);
  if (!m) return null;
  const startColumn = m[1]!.length + 1;
  const end = frontMatterEnd(lines);
  if (lineIndex > 0 && lineIndex < end) {
    const indent = m[1]!.length;
    if (indent === 0) return { startColumn, items: TOP_KEYS.map(key) };
    const parent = parentKey(lines, lineIndex, indent);
    const nested = parent === undefined ? undefined : NESTED[parent];
    return nested ? { startColumn, items: nested.map(key) } : null;
  }
  if (lineIndex === end || (lineIndex === 0 && end !== -1)) return null;
  const directives = DIRECTIVES.map((d): Completion => ({
    label: `$${d}`,
    insertText: BARE.has(d) ? `$${d}` : `$${d}: `,
    kind: 'directive',
  }));
  if (m[2]!.startsWith('$')) return { startColumn, items: directives };
  return {
    startColumn,
    items: [...ROLES.map((r): Completion => ({ label: r, insertText: `${r}: `, kind: 'role' })), ...directives],
  };
}
