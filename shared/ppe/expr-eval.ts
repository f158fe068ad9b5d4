// Evaluates `?=` expressions without any JavaScript execution: the tree from expr-parse.ts is walked here, and
// only whitelisted methods on strings, arrays and numbers and a few pure globals can be called.
import { ExprError, parseExpression } from './expr-parse.ts';
import type { Expr } from './expr-parse.ts';
import {
  boundedJoin,
  boundedReplace,
  boundedStringify,
  checkList,
  checkString,
  DEFAULT_SIZE_LIMITS,
  type SizeLimits,
} from './bounds.ts';

export interface ExprScope {
  has(name: string): boolean;
  get(name: string): unknown;
  random(): number;
  /** How large the strings and lists an expression builds may get; default: the sandbox defaults. */
  limits?: SizeLimits;
}

type Fn = (...args: unknown[]) => unknown;
const FORBIDDEN = new Set([
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);
const STRING_METHODS = new Set([
  'slice',
  'substring',
  'substr',
  'toUpperCase',
  'toLowerCase',
  'trim',
  'trimStart',
  'trimEnd',
  'split',
  'includes',
  'startsWith',
  'endsWith',
  'indexOf',
  'lastIndexOf',
  'replace',
  'replaceAll',
  'padStart',
  'padEnd',
  'repeat',
  'charAt',
  'at',
  'concat',
  'localeCompare',
  'toString',
]);
const ARRAY_METHODS = new Set([
  'slice',
  'includes',
  'indexOf',
  'lastIndexOf',
  'join',
  'at',
  'concat',
  'flat',
  'toReversed',
  'toSorted',
]);
const NUMBER_METHODS = new Set(['toFixed', 'toPrecision', 'toString']);

/** A namespace of pure functions and constants (`Math`, `JSON`, …); never a real global object. */
class Namespace {
  readonly members: Record<string, unknown>;
  constructor(members: Record<string, unknown>) {
    this.members = members;
  }
}

const pick = (source: object, names: string[]): Record<string, unknown> =>
  Object.fromEntries(names.map((n) => [n, (source as Record<string, unknown>)[n]]));

function globals(scope: ExprScope, limits: SizeLimits): Record<string, unknown> {
  return {
    Math: new Namespace({
      ...pick(Math, [
        'abs',
        'ceil',
        'floor',
        'round',
        'max',
        'min',
        'pow',
        'sqrt',
        'trunc',
        'sign',
        'log',
        'exp',
        'PI',
        'E',
      ]),
      random: () => scope.random(),
    }),
    JSON: new Namespace({
      stringify: (v: unknown, _r: unknown, indent?: unknown) =>
        boundedStringify(v, limits, typeof indent === 'number' ? indent : undefined),
      parse: (s: unknown) => JSON.parse(String(s)),
    }),
    Object: new Namespace({
      keys: (o: unknown) => Object.keys(plain(o)),
      values: (o: unknown) => Object.values(plain(o)),
      entries: (o: unknown) => Object.entries(plain(o)),
    }),
    Array: new Namespace({ isArray: (v: unknown) => Array.isArray(v) }),
    Number: (v: unknown) => Number(v),
    String: (v: unknown) => String(primitive(v, limits)),
    Boolean: (v: unknown) => Boolean(v),
    parseInt: (v: unknown, radix?: unknown) => parseInt(String(v), typeof radix === 'number' ? radix : 10),
    parseFloat: (v: unknown) => parseFloat(String(v)),
    isNaN: (v: unknown) => Number.isNaN(Number(v)),
  };
}

/** The globals every expression may use without defining them, each marked callable or not (for the checker). */
export const EXPRESSION_GLOBALS: ReadonlyMap<string, boolean> = new Map(
  Object.entries(globals({ has: () => false, get: () => undefined, random: Math.random }, DEFAULT_SIZE_LIMITS)).map(
    ([name, value]) => [name, typeof value === 'function'],
  ),
);

const plain = (o: unknown): object => (o && typeof o === 'object' ? o : {});

/** The value behind `this`: `this.x` reads the variable `x`. */
const THIS = Symbol('this');
/** Result of a `?.` on null/undefined, which short-circuits the rest of the chain. */
const SHORT = Symbol('short');

export function evaluate(expr: Expr, scope: ExprScope): unknown {
  const limits = scope.limits ?? DEFAULT_SIZE_LIMITS;
  const env = globals(scope, limits);

  const lookup = (name: string, at: number): unknown => {
    // Only own names: `__proto__`, `constructor` and friends never reach an object's internals.
    if (FORBIDDEN.has(name)) throw new ExprError(`"${name}" is not accessible`, at);
    if (scope.has(name)) return scope.get(name);
    if (Object.hasOwn(env, name)) return env[name];
    throw new ExprError(`${name} is not defined`, at);
  };

  const value = (e: Expr): unknown => {
    const v = chain(e);
    return v === SHORT || v === THIS ? undefined : v;
  };

  function member(object: unknown, key: unknown): unknown {
    const name = String(key);
    if (FORBIDDEN.has(name)) throw new ExprError(`"${name}" is not accessible`, 0);
    if (object === THIS) return scope.has(name) ? scope.get(name) : undefined;
    if (object instanceof Namespace) return object.members[name];
    if (typeof object === 'string' || Array.isArray(object)) {
      if (name === 'length') return object.length;
      return /^\d+$/.test(name) ? object[Number(name)] : undefined;
    }
    if (object && typeof object === 'object' && Object.hasOwn(object, name))
      return (object as Record<string, unknown>)[name];
    if (object === null || object === undefined) throw new ExprError(`cannot read "${name}" of ${String(object)}`, 0);
    return undefined;
  }

  function callMethod(receiver: unknown, name: string, args: unknown[]): unknown {
    if (receiver instanceof Namespace) {
      const fn = receiver.members[name];
      if (typeof fn !== 'function') throw new ExprError(`${name} is not a function`, 0);
      return (fn as Fn)(...args);
    }
    if (typeof receiver === 'string' && STRING_METHODS.has(name))
      return stringMethod(
        receiver,
        name,
        args.map((a) => primitive(a, limits)),
        limits,
      );
    if (Array.isArray(receiver) && ARRAY_METHODS.has(name)) return arrayMethod(receiver, name, args, limits);
    if (typeof receiver === 'number' && NUMBER_METHODS.has(name))
      return (Number.prototype as unknown as Record<string, Fn>)[name]!.apply(
        receiver,
        args.map((a) => primitive(a, limits)),
      );
    throw new ExprError(`${name}() is not available in Lorewright expressions`, 0);
  }

  function chain(e: Expr): unknown {
    switch (e.type) {
      case 'lit':
        return e.value;
      case 'id':
        return lookup(e.name, e.index);
      case 'this':
        return THIS;
      case 'array':
        return e.items.map(value);
      case 'object':
        return Object.fromEntries(
          e.props.map((p) => {
            if (FORBIDDEN.has(p.key)) throw new ExprError(`"${p.key}" is not allowed as a key`, 0);
            return [p.key, value(p.value)];
          }),
        );
      case 'member': {
        const object = chain(e.object);
        if (object === SHORT || (e.optional && (object === null || object === undefined))) return SHORT;
        return member(object, value(e.property));
      }
      case 'call': {
        if (e.callee.type === 'member') {
          const receiver = chain(e.callee.object);
          if (receiver === SHORT || (e.callee.optional && (receiver === null || receiver === undefined))) return SHORT;
          return callMethod(receiver, String(value(e.callee.property)), e.args.map(value));
        }
        const fn = chain(e.callee);
        if (fn === SHORT || (e.optional && (fn === null || fn === undefined))) return SHORT;
        if (typeof fn !== 'function' || !Object.values(env).includes(fn))
          throw new ExprError('only built-in functions can be called', 0);
        return (fn as Fn)(...e.args.map(value));
      }
      case 'unary':
        return unary(e.op, value(e.arg), limits);
      case 'binary':
        return binary(e.op, e.left, e.right);
      case 'cond':
        return value(e.test) ? value(e.then) : value(e.else);
    }
  }

  function binary(op: string, l: Expr, r: Expr): unknown {
    if (op === '&&') return value(l) && value(r);
    if (op === '||') return value(l) || value(r);
    if (op === '??') return value(l) ?? value(r);
    const a = value(l) as never;
    const b = value(r) as never;
    switch (op) {
      case '+': {
        const sum =
          typeof a === 'object' || typeof b === 'object'
            ? String(primitive(a, limits)) + String(primitive(b, limits))
            : (a as number) + (b as number);
        if (typeof sum === 'string') checkString(sum.length, limits, '+');
        return sum;
      }
      case '-':
        return a - b;
      case '*':
        return a * b;
      case '/':
        return a / b;
      case '%':
        return a % b;
      case '**':
        return (a as number) ** (b as number);
      // Loose equality on plain data only; objects never run user code when compared.
      case '==':
        return a == b;
      case '!=':
        return a != b;
      case '===':
        return a === b;
      case '!==':
        return a !== b;
      case '<':
        return a < b;
      case '>':
        return a > b;
      case '<=':
        return a <= b;
      case '>=':
        return a >= b;
    }
    throw new ExprError(`unknown operator ${op}`, 0);
  }

  return value(expr);
}

function unary(op: string, v: unknown, limits: SizeLimits): unknown {
  if (op === '!') return !v;
  if (op === 'typeof') return typeof v;
  const n = Number(primitive(v, limits));
  return op === '-' ? -n : n;
}

/** Objects become JSON text before meeting string operations, so no toString/valueOf of a data object runs. */
function primitive(v: unknown, limits: SizeLimits): unknown {
  if (v && typeof v === 'object')
    return Array.isArray(v)
      ? boundedJoin(
          v.map((x) => (x && typeof x === 'object' ? boundedStringify(x, limits) : x)),
          ',',
          limits,
          'converting a list to text',
        )
      : '[object Object]';
  return v;
}

/** A whitelisted string method; the ones that can grow a string are checked against the limit first. */
function stringMethod(s: string, name: string, args: unknown[], limits: SizeLimits): unknown {
  const n = Number(args[0]);
  if (name === 'repeat') checkString(s.length * n, limits, 'repeat()');
  if (name === 'padStart' || name === 'padEnd') checkString(n, limits, `${name}()`);
  if (name === 'concat')
    checkString(
      args.reduce<number>((sum, a) => sum + String(a).length, s.length),
      limits,
      'concat()',
    );
  if (name === 'replace' || name === 'replaceAll')
    return boundedReplace(s, String(args[0]), String(args[1]), name === 'replaceAll', limits);
  const result = (String.prototype as unknown as Record<string, Fn>)[name]!.apply(s, args);
  if (Array.isArray(result)) checkList(result.length, limits, `${name}()`);
  return result;
}

/** Items `list.flat(depth)` would hold, counted up to the limit. */
function flatLength(list: readonly unknown[], depth: number, max: number): number {
  let n = 0;
  for (const v of list) {
    n += Array.isArray(v) && depth > 0 ? flatLength(v, depth - 1, max - n) : 1;
    if (n > max) return n;
  }
  return n;
}

/** A whitelisted array method; join, concat and flat are checked against the limits first. */
function arrayMethod(list: unknown[], name: string, args: unknown[], limits: SizeLimits): unknown {
  if (name === 'join')
    return boundedJoin(list, args[0] === undefined ? ',' : String(primitive(args[0], limits)), limits);
  if (name === 'concat')
    checkList(
      args.reduce<number>((sum, a) => sum + (Array.isArray(a) ? a.length : 1), list.length),
      limits,
      'concat()',
    );
  if (name === 'flat')
    checkList(flatLength(list, args[0] === undefined ? 1 : Number(args[0]), limits.maxList), limits, 'flat()');
  return (Array.prototype as unknown as Record<string, Fn>)[name]!.apply(list, args);
}

/** Parses and evaluates `src` (without the `?=`). Throws ExprError for syntax and evaluation errors. */
export function evaluateExpression(src: string, scope: ExprScope): unknown {
  return evaluate(parseExpression(src), scope);
}
