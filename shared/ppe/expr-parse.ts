// Parser for `?=` expressions: a JavaScript expression subset (literals, arithmetic, comparison, logic, ternary,
// member access incl. `?.`, calls). It only builds a tree; expr-eval.ts decides what a call may do.
import { LocatedError } from '../util/located-error.ts';

export type Expr =
  | { type: 'lit'; value: unknown }
  | { type: 'id'; name: string; /** Offset in the expression text. */ index: number }
  | { type: 'this' }
  | { type: 'array'; items: Expr[] }
  | { type: 'object'; props: { key: string; value: Expr }[] }
  | { type: 'member'; object: Expr; property: Expr; optional: boolean }
  | { type: 'call'; callee: Expr; args: Expr[]; optional: boolean }
  | { type: 'unary'; op: string; arg: Expr }
  | { type: 'binary'; op: string; left: Expr; right: Expr }
  | { type: 'cond'; test: Expr; then: Expr; else: Expr };

/** `where`: the 0-based offset in the expression text. */
export class ExprError extends LocatedError<number> {}

interface Token {
  kind: 'num' | 'str' | 'id' | 'punct' | 'end';
  text: string;
  value?: unknown;
  index: number;
}

const PUNCT = [
  '===',
  '!==',
  '...',
  '?.',
  '??',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '**',
  '+',
  '-',
  '*',
  '/',
  '%',
  '<',
  '>',
  '!',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  '?',
  ':',
];
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const num = /^(?:0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/.exec(src.slice(i));
    if (num) {
      tokens.push({ kind: 'num', text: num[0], value: Number(num[0]), index: i });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_$][\w$]*/.exec(src.slice(i));
    if (id) {
      tokens.push({ kind: 'id', text: id[0], index: i });
      i += id[0].length;
      continue;
    }
    if (ch === '"' || ch === "'") {
      let value = '';
      let j = i + 1;
      for (; j < src.length && src[j] !== ch; j++) {
        if (src[j] === '\\') {
          j++;
          const e = src[j] ?? '';
          if (e === 'u' && /^[0-9a-fA-F]{4}/.test(src.slice(j + 1, j + 5))) {
            value += String.fromCharCode(parseInt(src.slice(j + 1, j + 5), 16));
            j += 4;
          } else value += ESCAPES[e] ?? e;
        } else value += src[j];
      }
      if (j >= src.length) throw new ExprError('unterminated string', i);
      tokens.push({ kind: 'str', text: src.slice(i, j + 1), value, index: i });
      i = j + 1;
      continue;
    }
    // `?.` followed by a digit is `? .5`, as in JavaScript.
    const punct = PUNCT.find((p) => src.startsWith(p, i) && !(p === '?.' && /\d/.test(src[i + 2] ?? '')));
    if (!punct) throw new ExprError(`unexpected character "${ch}"`, i);
    tokens.push({ kind: 'punct', text: punct, index: i });
    i += punct.length;
  }
  tokens.push({ kind: 'end', text: '', index: src.length });
  return tokens;
}

const BINARY: Record<string, number> = {
  '??': 1,
  '||': 2,
  '&&': 3,
  '==': 6,
  '!=': 6,
  '===': 6,
  '!==': 6,
  '<': 7,
  '>': 7,
  '<=': 7,
  '>=': 7,
  '+': 8,
  '-': 8,
  '*': 9,
  '/': 9,
  '%': 9,
  '**': 10,
};
const KEYWORDS: Record<string, unknown> = {
  true: true,
  false: false,
  null: null,
  undefined: undefined,
  NaN: NaN,
  Infinity: Infinity,
};

export function parseExpression(src: string): Expr {
  const tokens = tokenize(src);
  let at = 0;
  const peek = (): Token => tokens[at]!;
  const next = (): Token => tokens[at++]!;
  const isPunct = (text: string): boolean => peek().kind === 'punct' && peek().text === text;
  const expect = (text: string): void => {
    if (!isPunct(text)) throw new ExprError(`expected "${text}"`, peek().index);
    at++;
  };

  function ternary(): Expr {
    const test = binary(0);
    if (!isPunct('?')) return test;
    at++;
    const then = ternary();
    expect(':');
    return { type: 'cond', test, then, else: ternary() };
  }

  function binary(minPrec: number): Expr {
    let left = unary();
    for (;;) {
      const t = peek();
      const prec = t.kind === 'punct' ? BINARY[t.text] : undefined;
      if (prec === undefined || prec <= minPrec) return left;
      at++;
      // `**` is right-associative.
      const right = t.text === '**' ? binary(prec - 1) : binary(prec);
      left = { type: 'binary', op: t.text, left, right };
    }
  }

  function unary(): Expr {
    const t = peek();
    if ((t.kind === 'punct' && ['!', '-', '+'].includes(t.text)) || (t.kind === 'id' && t.text === 'typeof')) {
      at++;
      return { type: 'unary', op: t.text, arg: unary() };
    }
    return postfix(primary());
  }

  function postfix(expr: Expr): Expr {
    for (;;) {
      const optional = isPunct('?.');
      if (optional) at++;
      if (isPunct('.') || (optional && peek().kind === 'id')) {
        if (!optional) at++;
        const name = next();
        if (name.kind !== 'id') throw new ExprError('expected a property name', name.index);
        expr = { type: 'member', object: expr, property: { type: 'lit', value: name.text }, optional };
      } else if (isPunct('[')) {
        at++;
        const property = ternary();
        expect(']');
        expr = { type: 'member', object: expr, property, optional };
      } else if (isPunct('(')) {
        at++;
        expr = { type: 'call', callee: expr, args: list(')'), optional };
      } else if (optional) throw new ExprError('expected a property after "?."', peek().index);
      else return expr;
    }
  }

  function list(close: string): Expr[] {
    const items: Expr[] = [];
    while (!isPunct(close)) {
      items.push(ternary());
      if (!isPunct(close)) expect(',');
    }
    at++;
    return items;
  }

  function primary(): Expr {
    const t = next();
    if (t.kind === 'num' || t.kind === 'str') return { type: 'lit', value: t.value };
    if (t.kind === 'id') {
      if (t.text === 'this') return { type: 'this' };
      if (Object.hasOwn(KEYWORDS, t.text)) return { type: 'lit', value: KEYWORDS[t.text] };
      return { type: 'id', name: t.text, index: t.index };
    }
    if (t.kind === 'punct') {
      if (t.text === '(') {
        const inner = ternary();
        expect(')');
        return inner;
      }
      if (t.text === '[') return { type: 'array', items: list(']') };
      if (t.text === '{') return objectLiteral();
    }
    throw new ExprError(t.kind === 'end' ? 'unexpected end of expression' : `unexpected "${t.text}"`, t.index);
  }

  function objectLiteral(): Expr {
    const props: { key: string; value: Expr }[] = [];
    while (!isPunct('}')) {
      const k = next();
      if (k.kind !== 'id' && k.kind !== 'str' && k.kind !== 'num')
        throw new ExprError('expected a property name', k.index);
      const key = k.kind === 'id' ? k.text : String(k.value);
      // `{a}` is shorthand for `{a: a}`.
      let value: Expr = { type: 'id', name: key, index: k.index };
      if (isPunct(':')) {
        at++;
        value = ternary();
      } else if (k.kind !== 'id') throw new ExprError('expected ":"', peek().index);
      props.push({ key, value });
      if (!isPunct('}')) expect(',');
    }
    at++;
    return { type: 'object', props };
  }

  const expr = ternary();
  if (peek().kind !== 'end') throw new ExprError(`unexpected "${peek().text}"`, peek().index);
  return expr;
}
