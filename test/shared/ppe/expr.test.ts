import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../../../shared/ppe/expr-eval.ts';
import type { ExprScope } from '../../../shared/ppe/expr-eval.ts';
import { ExprError } from '../../../shared/ppe/expr-parse.ts';

const scopeOf = (vars: Record<string, unknown>): ExprScope => ({
  has: (n) => n in vars,
  get: (n) => vars[n],
  random: () => 0.5,
});
const ev = (src: string, vars: Record<string, unknown> = {}) => evaluateExpression(src, scopeOf(vars));

describe('safe expression evaluator', () => {
  it('covers literals, arithmetic, comparison, logic, ternary, members, ?. and whitelisted methods', () => {
    expect(ev('23+5')).toBe(28);
    expect(ev('2 ** 3 ** 2')).toBe(512);
    expect(ev('a > 1 && !b ? "yes" : "no"', { a: 2, b: false })).toBe('yes');
    expect(ev('o.x.y + o["x"].y', { o: { x: { y: 2 } } })).toBe(4);
    expect(ev('o?.missing?.deep.er', { o: {} })).toBeUndefined();
    expect(ev('name.toUpperCase().slice(0, 3) + name.length', { name: 'dobby' })).toBe('DOB5');
    expect(ev('[1, 2, 3].includes(2) && {a: 1}.a == "1"')).toBe(true);
    expect(ev('this.total + 1', { total: 1 })).toBe(2);
    expect(ev('JSON.stringify({a: [1]}) + Math.max(1, 4) + Object.keys(o).join("")', { o: { x: 1, y: 2 } })).toBe(
      '{"a":[1]}4xy',
    );
    expect(ev('Math.random()')).toBe(0.5);
    expect(ev('missing ?? "dflt"', { missing: null })).toBe('dflt');
  });

  it('refuses undefined names, prototype access and non-whitelisted calls', () => {
    for (const src of [
      'nope',
      'a.constructor',
      '"x".constructor("y")',
      'a.__proto__',
      '({}).toString()',
      'globalThis',
      'fetch("x")',
      'a.b()',
      '"x".at.call',
    ]) {
      expect(() => ev(src, { a: { b: 1 } }), src).toThrow(ExprError);
    }
  });

  it('reports the offset of a syntax error', () => {
    try {
      ev('1 + * 2');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ExprError);
      expect((e as ExprError).where).toBe(4);
    }
  });

  it('agrees with JavaScript on integer arithmetic and comparison', () => {
    const op = fc.constantFrom('+', '-', '*', '%', '<', '<=', '==', '!=', '>', '>=');
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        op,
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: -50, max: 50 }),
        (a, o, b, c) => {
          const src = `(${a}) ${o} ${b} * (${c})`;
          // The same source text, evaluated by JavaScript itself (precedence included).
          const js: Record<string, (x: number, y: number, z: number) => unknown> = {
            '+': (x, y, z) => x + y * z,
            '-': (x, y, z) => x - y * z,
            '*': (x, y, z) => x * y * z,
            '%': (x, y, z) => (x % y) * z,
            '<': (x, y, z) => x < y * z,
            '<=': (x, y, z) => x <= y * z,
            '==': (x, y, z) => x == y * z,
            '!=': (x, y, z) => x != y * z,
            '>': (x, y, z) => x > y * z,
            '>=': (x, y, z) => x >= y * z,
          };
          expect(ev(src)).toStrictEqual(js[o]!(a, b, c));
        },
      ),
    );
  });
});
