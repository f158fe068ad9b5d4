// Turns parsed YAML values (list items, nested `then:`/`do:` blocks, top-level entries) into instructions.
import { FnSource, entriesOf, itemsOf } from './located-yaml.ts';
import { parseDirectiveHead, splitTopLevel } from './scan.ts';
import type { ChainNode, DirectiveNode, Instruction, MatchArm, Pos, Range, YamlNode } from './types.ts';

export const STANDARD_ROLES = new Set(['system', 'user', 'assistant']);
const CONTROL_KEYS = new Set(['then', 'else', 'do', 'as']);
const SEPARATOR = /^(---|\*\*\*)$/;

export interface BuildContext {
  /** Group-chat speakers declared in the front matter's `roles:`. */
  speakers: ReadonlySet<string>;
}

export const rangeAt = (pos: Pos, length: number): Range => ({
  start: pos,
  end: { line: pos.line, column: pos.column + Math.max(length, 1) },
});

/** Instructions of a block value: a list, a mapping of instructions, or a single string. */
export function instructionsFrom(node: YamlNode, ctx: BuildContext): Instruction[] {
  const value = node.value;
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return itemsOf(node).flatMap((item) => instructionsFrom(item, ctx));
  if (value instanceof FnSource)
    return [
      {
        kind: 'function',
        tag: value.tag,
        source: value.source,
        name: functionName(value.source),
        range: rangeAt(node.pos, 3),
      },
    ];
  if (typeof value === 'object') return fromMapping(node, ctx);
  return [fromScalar(String(value), node.pos)];
}

/** A bare string: separator, `$directive`, `-> chain` or a user message. */
function fromScalar(text: string, pos: Pos): Instruction {
  const trimmed = text.trim();
  if (SEPARATOR.test(trimmed)) return { kind: 'separator', marker: trimmed, range: rangeAt(pos, 3) };
  if (trimmed.startsWith('->')) return chainFrom(trimmed, pos);
  const head = parseDirectiveHead(trimmed);
  if (head && head.rest.trim() === '')
    return { kind: 'directive', name: head.name, callArgs: head.callArgs, range: rangeAt(pos, trimmed.length) };
  return { kind: 'message', role: 'user', text, range: rangeAt(pos, text.length) };
}

export function chainFrom(text: string, pos: Pos): ChainNode {
  const steps = splitTopLevel(text, '->')
    .slice(1)
    .map((part) => {
      const lead = part.text.length - part.text.trimStart().length;
      const stepText = part.text.trim();
      const call = /^([^()\s]+)\s*(?:\((.*)\))?$/s.exec(stepText);
      return {
        target: call ? call[1]! : stepText,
        args: call?.[2],
        pos: { line: pos.line, column: pos.column + part.start + lead },
      };
    });
  return { kind: 'chain', steps, range: rangeAt(pos, text.length) };
}

function fromMapping(node: YamlNode, ctx: BuildContext): Instruction[] {
  const out: Instruction[] = [];
  for (const { key, keyPos, value } of entriesOf(node)) {
    const last = out[out.length - 1];
    if (CONTROL_KEYS.has(key) && last?.kind === 'directive' && attachBlock(last, key, value, ctx)) continue;
    out.push(keyedInstruction(key, keyPos, value, ctx));
  }
  return out;
}

/** Attaches `then:`/`else:`/`do:`/`as:` to the control directive before it; false when it does not take one. */
export function attachBlock(target: DirectiveNode, key: string, value: YamlNode, ctx: BuildContext): boolean {
  const takes: Record<string, string[]> = { if: ['then', 'else'], while: ['do'], for: ['do', 'as'] };
  if (!takes[target.name]?.includes(key) || target[key as 'then' | 'else' | 'do' | 'as'] !== undefined) return false;
  if (key === 'as') target.as = value;
  else target[key as 'then' | 'else' | 'do'] = instructionsFrom(value, ctx);
  return true;
}

/** One `key: value` pair: a directive, a message, or an unknown key for the checker to report. */
function keyedInstruction(key: string, keyPos: Pos, value: YamlNode, ctx: BuildContext): Instruction {
  const range = rangeAt(keyPos, key.length);
  const head = key.startsWith('$') ? parseDirectiveHead(key) : undefined;
  if (head && head.rest.trim() === '') return directiveFrom(head.name, head.callArgs, value, range, ctx);
  const role = /^([A-Za-z_][\w-]*)(?:\[(.*)\])?$/.exec(key);
  if (role && (STANDARD_ROLES.has(role[1]!) || ctx.speakers.has(role[1]!)) && isMessageValue(value.value)) {
    return {
      kind: 'message',
      role: role[1]!,
      text: value.value == null ? '' : String(value.value),
      targets: role[2],
      range,
    };
  }
  return { kind: 'unknown', key, value, range };
}

const isMessageValue = (v: unknown): boolean => v === null || ['string', 'number', 'boolean'].includes(typeof v);

export function directiveFrom(
  name: string,
  callArgs: string | undefined,
  value: YamlNode | undefined,
  range: Range,
  ctx: BuildContext,
): DirectiveNode {
  const node: DirectiveNode = { kind: 'directive', name, callArgs, value, range };
  if (name === 'match' && value) node.arms = armsFrom(value, ctx);
  return node;
}

function armsFrom(node: YamlNode, ctx: BuildContext): MatchArm[] {
  return entriesOf(node).map(({ key, keyPos, value }) => ({
    pattern: key.trim() === '_' ? '_' : key.replace(/^:/, ''),
    body: instructionsFrom(value, ctx),
    range: rangeAt(keyPos, key.length),
  }));
}

/** `name(…)` after an optional `[lang]`, `async` or `function`. */
export function functionName(source: string): string | undefined {
  return /^\s*(?:\[\w+\]\s*)?(?:async\s+)?(?:function\s*)?([A-Za-z_$][\w$]*)\s*\(/.exec(source)?.[1];
}
