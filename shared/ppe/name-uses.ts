// The names a template or a `?=` expression reads or calls without defining them itself, each with its offset in
// the text, so the checker can report undefined variables and unknown functions where they are written.
import { Template } from '@huggingface/jinja';
import { EXPRESSION_GLOBALS } from './expr-eval.ts';
import { parseExpression } from './expr-parse.ts';
import type { Expr } from './expr-parse.ts';

export interface NameUse {
  name: string;
  /** Called as a function (`name(…)`), rather than read. */
  call: boolean;
  /** 0-based offset of the name in the text. */
  index: number;
}

/** What every hf template may use: the globals @huggingface/jinja sets up, and the loop and macro locals. */
const JINJA_GLOBALS = new Map<string, boolean>([
  ...['range', 'namespace', 'raise_exception', 'strftime_now'].map((n): [string, boolean] => [n, true]),
  ...['true', 'false', 'none', 'True', 'False', 'None', 'loop', 'caller'].map((n): [string, boolean] => [n, false]),
]);

interface JinjaNode {
  type?: string;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is JinjaNode =>
  !!v && typeof v === 'object' && typeof (v as JinjaNode).type === 'string';

/** How a statement's or expression's fields are walked: names they declare, read, or filters (whose names are not variables). */
type Role = 'declare' | 'read' | 'filter';
const FIELDS: Record<string, [field: string, role: Role][]> = {
  For: [
    ['loopvar', 'declare'],
    ['iterable', 'read'],
    ['body', 'read'],
    ['defaultBlock', 'read'],
  ],
  Set: [
    ['assignee', 'declare'],
    ['value', 'read'],
    ['body', 'read'],
  ],
  Macro: [
    ['name', 'declare'],
    ['args', 'declare'],
    ['body', 'read'],
  ],
  CallStatement: [
    ['call', 'read'],
    ['callerArgs', 'declare'],
    ['body', 'read'],
  ],
  FilterExpression: [
    ['operand', 'read'],
    ['filter', 'filter'],
  ],
  FilterStatement: [
    ['body', 'read'],
    ['filter', 'filter'],
  ],
  TestExpression: [['operand', 'read']],
  KeywordArgumentExpression: [['value', 'read']],
};

/** Names the template declares (`{% set %}`, `{% for %}` targets, macros and their parameters) and the ones it uses. */
function walkTemplate(root: unknown): { declared: Set<string>; used: { name: string; call: boolean }[] } {
  const declared = new Set<string>();
  const used: { name: string; call: boolean }[] = [];
  const declare = (target: unknown): void => {
    if (Array.isArray(target)) return target.forEach(declare);
    if (!isNode(target)) return;
    if (target.type === 'Identifier') declared.add(String(target['value']));
    else if (target.type === 'KeywordArgumentExpression') {
      declare(target['key']);
      visit(target['value']);
    } else if (target.type === 'TupleLiteral') declare(target['value']);
    else visit(target); // `{% set ns.x = … %}` reads ns
  };
  const walkers: Record<Role, (v: unknown) => void> = {
    declare,
    read: (v) => visit(v),
    // A filter's name is not a variable; only its arguments are read.
    filter: (v) => isNode(v) && v.type === 'CallExpression' && visit(v['args']),
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node instanceof Map) return node.forEach((value, key) => (visit(key), visit(value)));
    if (!isNode(node)) return;
    const callee = node['callee'];
    if (node.type === 'Identifier') used.push({ name: String(node['value']), call: false });
    else if (node.type === 'CallExpression' && isNode(callee) && callee.type === 'Identifier') {
      used.push({ name: String(callee['value']), call: true });
      visit(node['args']);
    } else if (node.type === 'MemberExpression') {
      visit(node['object']);
      if (node['computed']) visit(node['property']);
    } else if (FIELDS[node.type!]) for (const [field, role] of FIELDS[node.type!]!) walkers[role](node[field]);
    else for (const [key, child] of Object.entries(node)) if (key !== 'type' && key !== 'operator') visit(child);
  };
  visit(root);
  return { declared, used };
}

/** Offset of the first `name` (followed by `(` for a call) inside a `{{ }}` or `{% %}` tag, outside quotes. */
function offsetInTags(text: string, name: string, call: boolean): number {
  const word = new RegExp(`(?<![\\w$.|])${name.replace(/\$/g, '\\$')}\\b${call ? '\\s*\\(' : '(?!\\s*\\()'}`, 'g');
  for (const tag of text.matchAll(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g)) {
    const inside = tag[0].replace(/(["'])(?:\\.|(?!\1)[^\\])*\1/g, (q) => ' '.repeat(q.length));
    word.lastIndex = 0;
    const m = word.exec(inside);
    if (m) return tag.index + m.index;
  }
  return 0;
}

/**
 * Free names of an hf (Jinja) template, first use of each; [] when it does not parse (the syntax check reports
 * that). Names the template declares anywhere and Jinja's own globals are left out.
 */
export function templateUses(text: string): NameUse[] {
  if (!/\{[{%]/.test(text)) return [];
  let parsed: unknown;
  try {
    parsed = new Template(text).parsed;
  } catch {
    return [];
  }
  const { declared, used } = walkTemplate(parsed);
  const seen = new Set<string>();
  const out: NameUse[] = [];
  for (const { name, call } of used) {
    const key = `${call}:${name}`;
    if (declared.has(name) || (JINJA_GLOBALS.has(name) && (!call || JINJA_GLOBALS.get(name))) || seen.has(key))
      continue;
    seen.add(key);
    out.push({ name, call, index: offsetInTags(text, name, call) });
  }
  return out;
}

function subexpressions(e: Expr): Expr[] {
  switch (e.type) {
    case 'call':
      return [e.callee, ...e.args];
    case 'member':
      return [e.object, e.property];
    case 'array':
      return e.items;
    case 'object':
      return e.props.map((p) => p.value);
    case 'unary':
      return [e.arg];
    case 'binary':
      return [e.left, e.right];
    case 'cond':
      return [e.test, e.then, e.else];
    default:
      return [];
  }
}

function walkExpression(e: Expr, out: NameUse[]): void {
  if (e.type === 'id') out.push({ name: e.name, call: false, index: e.index });
  else if (e.type === 'call' && e.callee.type === 'id') {
    out.push({ name: e.callee.name, call: true, index: e.callee.index });
    e.args.forEach((a) => walkExpression(a, out));
  } else subexpressions(e).forEach((sub) => walkExpression(sub, out));
}

/** Names a `?=` expression reads or calls, built-in globals left out; [] when it does not parse. */
export function expressionUses(src: string): NameUse[] {
  let expr: Expr;
  try {
    expr = parseExpression(src);
  } catch {
    return [];
  }
  const out: NameUse[] = [];
  walkExpression(expr, out);
  return out.filter(({ name, call }) => !(EXPRESSION_GLOBALS.has(name) && (!call || EXPRESSION_GLOBALS.get(name))));
}
