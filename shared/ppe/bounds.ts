// Size limits of what a script builds (strings, lists, the whole output), checked before the work is done so a
// hostile script fails with a clear error instead of exhausting memory. The builtins that can grow data are
// implemented here with the same results as JavaScript's own.
import { DEFAULT_LIMITS, type EvalLimits } from '../sandbox/limits.ts';

export type SizeLimits = Pick<EvalLimits, 'maxString' | 'maxList' | 'maxOutput'>;

export const DEFAULT_SIZE_LIMITS: SizeLimits = {
  maxString: DEFAULT_LIMITS.maxString,
  maxList: DEFAULT_LIMITS.maxList,
  maxOutput: DEFAULT_LIMITS.maxOutput,
};

/** A script or template tried to build more than a limit allows. */
export class LimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LimitError';
  }
}

const fmt = (n: number): string => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'unbounded');

export function checkString(length: number, limits: SizeLimits, what: string): void {
  if (length > limits.maxString)
    throw new LimitError(
      `${what} would build a string of ${fmt(length)} characters; the limit is ${fmt(limits.maxString)}`,
    );
}

export function checkList(length: number, limits: SizeLimits, what: string): void {
  if (length > limits.maxList)
    throw new LimitError(`${what} would build a list of ${fmt(length)} items; the limit is ${fmt(limits.maxList)}`);
}

/** `items.join(sep)` as JavaScript joins (nested lists joined with ",", cycles as ""), refusing to grow past the limit. */
export function boundedJoin(items: readonly unknown[], sep: string, limits: SizeLimits, what = 'join()'): string {
  let total = 0;
  const seen = new Set<readonly unknown[]>();
  const join = (list: readonly unknown[], separator: string): string => {
    if (seen.has(list)) return '';
    seen.add(list);
    const parts: string[] = [];
    for (let i = 0; i < list.length; i++) {
      if (i > 0) total += separator.length;
      const v = list[i];
      const text =
        v === undefined || v === null
          ? ''
          : Array.isArray(v)
            ? join(v, ',')
            : typeof v === 'object'
              ? '[object Object]'
              : String(v);
      if (!Array.isArray(v)) total += text.length;
      checkString(total, limits, what);
      parts.push(text);
    }
    seen.delete(list);
    return parts.join(separator);
  };
  return join(items, sep);
}

/** Characters `JSON.stringify(value)` would produce, counted only up to `max` (then Infinity), so huge values cost little. */
export function jsonLength(value: unknown, max: number): number {
  let total = 0;
  const seen = new Set<object>();
  const walk = (v: unknown): void => {
    if (total > max) return;
    if (v === null || v === undefined || typeof v === 'function' || typeof v === 'symbol') total += 4;
    else if (typeof v === 'string') total += v.length + 2;
    else if (typeof v !== 'object') total += String(v).length;
    else {
      // A shared value counts each time it appears, as stringify writes it each time; only a cycle stops here.
      if (seen.has(v)) return;
      seen.add(v);
      const entries = Array.isArray(v) ? v.map((x) => ['', x] as const) : Object.entries(v);
      total += 2 + entries.length;
      for (const [k, x] of entries) {
        total += k.length ? k.length + 3 : 0;
        walk(x);
        if (total > max) break;
      }
      seen.delete(v);
    }
  };
  walk(value);
  return total > max ? Infinity : total;
}

/** `JSON.stringify` that refuses output over the string limit before building it. */
export function boundedStringify(
  value: unknown,
  limits: SizeLimits,
  indent?: number,
  what = 'JSON.stringify()',
): string | undefined {
  const length = jsonLength(value, limits.maxString);
  checkString(indent ? length * 2 : length, limits, what);
  return JSON.stringify(value, null, indent);
}

/** The text one match is replaced with: `$$`, `$&`, `` $` `` and `$'` expanded as String.prototype.replace does for a string pattern. */
function substitution(replacement: string, s: string, at: number, match: string): string {
  if (!replacement.includes('$')) return replacement;
  return replacement.replace(/\$([$&`'])/g, (_m, c: string) =>
    c === '$' ? '$' : c === '&' ? match : c === '`' ? s.slice(0, at) : s.slice(at + match.length),
  );
}

/** `s.replace(pattern, replacement)` / `replaceAll` for a string pattern, refusing to grow past the limit. */
export function boundedReplace(
  s: string,
  pattern: string,
  replacement: string,
  all: boolean,
  limits: SizeLimits,
  what = all ? 'replaceAll()' : 'replace()',
): string {
  let length = s.length;
  const replace = (match: string, at: number): string => {
    const piece = substitution(replacement, s, at, match);
    length += piece.length - match.length;
    checkString(length, limits, what);
    return piece;
  };
  return all ? s.replaceAll(pattern, replace) : s.replace(pattern, replace);
}
