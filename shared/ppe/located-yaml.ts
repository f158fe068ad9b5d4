// js-yaml with positions: its parse listener reports where every node opens, which we pair with the value it
// closes with, so diagnostics can point inside nested values.
import yaml from 'js-yaml';
import type { Pos, YamlNode } from './types.ts';
import { describeProblem, findTreeProblem } from '../util/document-limits.ts';
import { LocatedError } from '../util/located-error.ts';

/** A `!fn` / `!fn#` tagged value inside YAML: JavaScript source that Lorewright keeps but never runs. */
export class FnSource {
  readonly tag: '!fn' | '!fn#';
  readonly source: string;
  constructor(tag: '!fn' | '!fn#', source: string) {
    this.tag = tag;
    this.source = source;
  }
}

const fnType = (tag: '!fn' | '!fn#'): yaml.Type =>
  new yaml.Type(tag, { kind: 'scalar', construct: (data: unknown) => new FnSource(tag, String(data ?? '')) });

/** CORE schema (no dates or binaries: scripts want plain strings) plus the PPE function tags. */
export const ppeSchema = yaml.CORE_SCHEMA.extend([fnType('!fn'), fnType('!fn#')]);

/** `where`: the source position of the problem. */
export class YamlError extends LocatedError<Pos> {}

interface Frame {
  start: number;
  children: YamlNode[];
}

/**
 * Parses `text`, whose first line is source line `firstLine` and whose columns equal the source columns.
 * Throws YamlError with the source position of the problem.
 */
export function loadLocated(text: string, firstLine: number): YamlNode {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const toPos = (offset: number): Pos => {
    let line = lineStarts.length - 1;
    while (line > 0 && lineStarts[line]! > offset) line--;
    return { line: firstLine + line, column: offset - lineStarts[line]! + 1 };
  };

  const stack: Frame[] = [{ start: 0, children: [] }];
  const listener = (event: 'open' | 'close', state: yaml.State): void => {
    if (event === 'open') {
      stack.push({ start: state.position, children: [] });
      return;
    }
    const frame = stack.pop()!;
    const node: YamlNode = { value: state.result, pos: toPos(contentStart(text, frame.start)) };
    if (state.kind === 'sequence') node.items = frame.children;
    if (state.kind === 'mapping') pairEntries(node, frame.children);
    stack[stack.length - 1]!.children.push(node);
  };
  try {
    yaml.load(text, { schema: ppeSchema, listener });
  } catch (e) {
    if (e instanceof yaml.YAMLException) {
      throw new YamlError(e.reason || e.message, { line: firstLine + e.mark.line, column: e.mark.column + 1 });
    }
    throw e;
  }
  const root = stack[0]!.children[0];
  // Aliases share one value wherever they appear: bound what they expand to before anything walks it.
  const problem = root && findTreeProblem(root.value);
  if (problem) throw new YamlError(describeProblem(problem), root.pos);
  return root ?? { value: null, pos: toPos(0) };
}

/** A node opens before the whitespace and comments that precede its content; skip them. */
function contentStart(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    if (/\s/.test(text[i]!)) i++;
    else if (text[i] === '#') while (i < text.length && text[i] !== '\n') i++;
    else break;
  }
  return i < text.length ? i : from;
}

/** Mapping children alternate key, value; anything else (merge keys, odd flow forms) keeps only the map's position. */
function pairEntries(node: YamlNode, children: YamlNode[]): void {
  const value = node.value;
  if (!value || typeof value !== 'object' || children.length % 2 !== 0) return;
  const entries: NonNullable<YamlNode['entries']> = [];
  for (let i = 0; i < children.length; i += 2) {
    const key = children[i]!;
    entries.push({ key: String(key.value), keyPos: key.pos, value: children[i + 1]! });
  }
  node.entries = entries;
}

/** The child node for `key`, or a node at the parent's position when positions are unknown. */
export function entryOf(node: YamlNode, key: string): YamlNode | undefined {
  const found = node.entries?.find((e) => e.key === key);
  if (found) return found.value;
  const value = (node.value as Record<string, unknown> | null)?.[key];
  return value === undefined ? undefined : { value, pos: node.pos };
}

/** The item nodes of a sequence, positioned when known. */
export function itemsOf(node: YamlNode): YamlNode[] {
  if (!Array.isArray(node.value)) return [];
  return node.items ?? node.value.map((value: unknown) => ({ value, pos: node.pos }));
}

/** Key/value nodes of a mapping in source order. */
export function entriesOf(node: YamlNode): { key: string; keyPos: Pos; value: YamlNode }[] {
  const value = node.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return (
    node.entries ??
    Object.entries(value).map(([key, v]) => ({ key, keyPos: node.pos, value: { value: v, pos: node.pos } }))
  );
}
