/**
 * Bounds on documents: text size, and the shape of parsed values. JSON.parse and js-yaml build arbitrarily deep values, and YAML aliases share one
 * node many times (a "billion laughs" file is tiny but expands to billions of nodes, or even loops); every
 * recursive walk, JSON.stringify and the database would then overflow the stack or run out of memory. Readers
 * check each parsed value here, once, with an explicit stack (never recursion), so nothing downstream meets one.
 */

export interface TreeLimits {
  /** Deepest nesting of arrays/objects. Default 256: real cards, lorebooks and scripts stay below 20. */
  maxDepth?: number;
  /** Most nodes once shared (aliased) nodes are counted every time they appear. Default 10,000,000. */
  maxNodes?: number;
}

/** Largest document text (a card's JSON/YAML, card.json, a lorebook, a script) read by default: 64 MiB. */
export const DEFAULT_MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

export const DEFAULT_TREE_LIMITS: Required<TreeLimits> = { maxDepth: 256, maxNodes: 10_000_000 };

export type TreeProblemKind = 'too_deep' | 'too_many_values' | 'self_reference';

export interface TreeProblem {
  kind: TreeProblemKind;
  /** JSON pointer of the node where the limit was passed. */
  pointer: string;
  /** What was passed, without the place (shortPointer(pointer) says where). */
  message: string;
}

interface Frame {
  node: object;
  /** Object keys; undefined for an array, walked by index (no key strings for long arrays). */
  keys: string[] | undefined;
  size: number;
  next: number;
}

function frame(node: object): Frame {
  if (Array.isArray(node)) return { node, keys: undefined, size: node.length, next: 0 };
  const keys = Object.keys(node);
  return { node, keys, size: keys.length, next: 0 };
}

function keyAt(f: Frame, i: number): string {
  return f.keys ? f.keys[i]! : String(i);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function pointerOf(stack: Frame[]): string {
  return stack.map((f) => `/${escapePointer(keyAt(f, f.next - 1))}`).join('');
}

/** A pointer fit for a message: a 256-level path is cut in the middle. */
export function shortPointer(pointer: string): string {
  return pointer.length > 120 ? `${pointer.slice(0, 60)}…${pointer.slice(-40)}` : pointer;
}

/** The first limit `value` passes, or undefined when it is within bounds. Visits at most maxNodes nodes. */
export function findTreeProblem(value: unknown, limits: TreeLimits = {}): TreeProblem | undefined {
  const { maxDepth, maxNodes } = { ...DEFAULT_TREE_LIMITS, ...limits };
  if (typeof value !== 'object' || value === null) return undefined;
  const stack: Frame[] = [frame(value)];
  const open = new Set<object>([value]);
  let nodes = 1;
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.next >= top.size) {
      open.delete(top.node);
      stack.pop();
      continue;
    }
    const i = top.next++;
    const child = top.keys ? (top.node as Record<string, unknown>)[top.keys[i]!] : (top.node as unknown[])[i];
    if (++nodes > maxNodes) {
      return {
        kind: 'too_many_values',
        pointer: pointerOf(stack),
        message: `document expands to more than ${maxNodes.toLocaleString('en-US')} values (YAML aliases repeat their anchors; is it an alias bomb?)`,
      };
    }
    if (typeof child !== 'object' || child === null) continue;
    if (open.has(child)) {
      return {
        kind: 'self_reference',
        pointer: pointerOf(stack),
        message: 'document refers to itself (a YAML alias inside its own anchor)',
      };
    }
    if (stack.length >= maxDepth) {
      return { kind: 'too_deep', pointer: pointerOf(stack), message: `document nests deeper than ${maxDepth} levels` };
    }
    open.add(child);
    stack.push(frame(child));
  }
  return undefined;
}

/** "document nests deeper than 256 levels at /data/extensions/x/0/0/…" */
export function describeProblem(problem: TreeProblem): string {
  return `${problem.message} at ${shortPointer(problem.pointer) || 'the top level'}`;
}

/** Raised by checkTree: the message names the limit and where it was passed. */
export class TreeLimitError extends Error {
  readonly kind: TreeProblemKind;
  readonly pointer: string;

  constructor(problem: TreeProblem, source?: string) {
    super(source ? `${source}: ${describeProblem(problem)}` : describeProblem(problem));
    this.name = 'TreeLimitError';
    this.kind = problem.kind;
    this.pointer = problem.pointer;
  }
}

/** Returns `value` unchanged, or throws TreeLimitError naming the limit passed and where. */
export function checkTree<T>(value: T, limits?: TreeLimits, source?: string): T {
  const problem = findTreeProblem(value, limits);
  if (problem) throw new TreeLimitError(problem, source);
  return value;
}
