// Evaluates `?=` expressions without any JavaScript execution: the tree from expr-parse.ts is walked here, and
// only whitelisted methods on strings, arrays and numbers and a few pure globals can be called.
import { ExprError, parseExpression } from './expr-parse.ts';
import type { Expr } from './expr-parse.ts';

export interface ExprScope {
  has(name: string): boolean;
  get(name: string): unknown;
  random(): number;
}

/** Strings an expression may build; larger ones are refused so a script cannot exhaust memory. */
export const MAX_STRING = 1_000_000;

type Fn = (...args: unknown[]) => unknown;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__']);
const STRING_METHODS = new Set(['slice', 'substring', 'substr', 'toUpperCase', 'toLowerCase', 'trim', 'trimStart', 'trimEnd', 'split', 'includes', 'startsWith', 'endsWith', 'indexOf', 'lastIndexOf', 'replace', 'replaceAll', 'padStart', 'padEnd', 'repeat', 'charAt', 'at', 'concat', 'localeCompare', 'toString']);
const ARRAY_METHODS = new Set(['slice', 'includes', 'indexOf', 'lastIndexOf', 'join', 'at', 'concat', 'flat', 'toReversed', 'toSorted']);
const NUMBER_METHODS = new Set(['toFixed', 'toPrecision', 'toString']);

/** A namespace of pure functions and constants (`Math`, `JSON`, …); never a real global object. */
class Namespace {
  readonly members: Record<string, unknown>;
  constructor(members: Record<string, unknown>) {
    this.members = members;
  }
}

const pick = (source: object, names: string[]): Record<string, unknown> => Object.fromEntries(names.map((n) => [n, (source as Record<string, unknown>)[n]]));

function globals(scope: ExprScope): Record<string, unknown> {
  return {
    Math: new Namespace({
      ...pick(Math, ['abs', 'ceil', 'floor', 'round', 'max', 'min', 'pow', 'sqrt', 'trunc', 'sign', 'log', 'exp', 'PI', 'E']),
      random: () => scope.random(),
    }),
    JSON: new Namespace({ stringify: (v: unknown, _r: unknown, indent?: unknown) => JSON.stringify(v, null, typeof indent === 'number' ? indent : undefined), parse: (s: unknown) => JSON.parse(String(s)) }),
    Object: new Namespace({ keys: (o: unknown) => Object.keys(plain(o)), values: (o: unknown) => Object.values(plain(o)), entries: (o: unknown) => Object.entries(plain(o)) }),
    Array: new Namespace({ isArray: (v: unknown) => Array.isArray(v) }),
    Number: (v: unknown) => Number(v),
    String: (v: unknown) => String(v),
    Boolean: (v: unknown) => Boolean(v),
    parseInt: (v: unknown, radix?: unknown) => parseInt(String(v), typeof radix === 'number' ? radix : 10),
    parseFloat: (v: unknown) => parseFloat(String(v)),
    isNaN: (v: unknown) => Number.isNaN(Number(v)),
  };
}

const plain = (o: unknown): object => (o && typeof o === 'object' ? o : {});

/** The value behind `this`: `this.x` reads the variable `x`. */
const THIS = Symbol('this');
/** Result of a `?.` on null/undefined, which short-circuits the rest of the chain. */
const SHORT = Symbol('short');

export function evaluate(expr: Expr, scope: ExprScope): unknown {
  const env = globals(scope);

  const lookup = (name: string, at: number): unknown => {
    if (scope.has(name)) return scope.get(name);
    if (name in env) return env[name];
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
    if (object && typeof object === 'object' && Object.hasOwn(object, name)) return (object as Record<string, unknown>)[name];
    if (object === null || object === undefined) throw new ExprError(`cannot read "${name}" of ${String(object)}`, 0);
    return undefined;
  }

  function callMethod(receiver: unknown, name: string, args: unknown[]): unknown {
    if (receiver instanceof Namespace) {
      const fn = receiver.members[name];
      if (typeof fn !== 'function') throw new ExprError(`${name} is not a function`, 0);
      return (fn as Fn)(...args);
    }
    if (typeof receiver === 'string' && STRING_METHODS.has(name)) {
      guardGrowth(receiver, name, args);
      return (String.prototype as unknown as Record<string, Fn>)[name]!.apply(receiver, args.map(primitive));
    }
    if (Array.isArray(receiver) && ARRAY_METHODS.has(name)) return (Array.prototype as unknown as Record<string, Fn>)[name]!.apply(receiver, args);
    if (typeof receiver === 'number' && NUMBER_METHODS.has(name)) return (Number.prototype as unknown as Record<string, Fn>)[name]!.apply(receiver, args.map(primitive));
    throw new ExprError(`${name}() is not available in Lorewright expressions`, 0);
  }

  function chain(e: Expr): unknown {
    switch (e.type) {
      case 'lit':
        return e.value;
      case 'id':
        return lookup(e.name, 0);
      case 'this':
        return THIS;
      case 'array':
        return e.items.map(value);
      case 'object':
        return Object.fromEntries(e.props.map((p) => {
          if (FORBIDDEN.has(p.key)) throw new ExprError(`"${p.key}" is not allowed as a key`, 0);
          return [p.key, value(p.value)];
        }));
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
        if (typeof fn !== 'function' || !Object.values(env).includes(fn)) throw new ExprError('only built-in functions can be called', 0);
        return (fn as Fn)(...e.args.map(value));
      }
      case 'unary':
        return unary(e.op, value(e.arg));
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
        const sum = typeof a === 'object' || typeof b === 'object' ? String(primitive(a)) + String(primitive(b)) : (a as number) + (b as number);
        if (typeof sum === 'string' && sum.length > MAX_STRING) throw new ExprError('string too long', 0);
        return sum;
      }
      case '-': return a - b;
      case '*': return a * b;
      case '/': return a / b;
      case '%': return a % b;
      case '**': return (a as number) ** (b as number);
      // Loose equality on plain data only; objects never run user code when compared.
      case '==': return a == b;
      case '!=': return a != b;
      case '===': return a === b;
      case '!==': return a !== b;
      case '<': return a < b;
      case '>': return a > b;
      case '<=': return a <= b;
      case '>=': return a >= b;
    }
    throw new ExprError(`unknown operator ${op}`, 0);
  }

  return value(expr);
}

function unary(op: string, v: unknown): unknown {
  if (op === '!') return !v;
  if (op === 'typeof') return typeof v;
  const n = Number(primitive(v));
  return op === '-' ? -n : n;
}

/** Objects become JSON text before meeting string operations, so no toString/valueOf of a data object runs. */
function primitive(v: unknown): unknown {
  if (v && typeof v === 'object') return Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' ? JSON.stringify(x) : String(x))).join(',') : '[object Object]';
  return v;
}

function guardGrowth(s: string, name: string, args: unknown[]): void {
  const n = Number(args[0]);
  const grows = (name === 'repeat' && s.length * n > MAX_STRING) || ((name === 'padStart' || name === 'padEnd') && n > MAX_STRING);
  if (grows) throw new ExprError('string too long', 0);
}

/** Parses and evaluates `src` (without the `?=`). Throws ExprError for syntax and evaluation errors. */
export function evaluateExpression(src: string, scope: ExprScope): unknown {
  return evaluate(parseExpression(src), scope);
}
