/**
 * `jsonEqual(a, b)`: whether `JSON.stringify(a) === JSON.stringify(b)`, without printing either. It walks both
 * values and stops at the first difference, where printing costs two strings the size of each document (for a
 * V1→V2 conversion, whose roots differ in their first key, that was most of the time spent deciding the edit).
 * Key order counts, as in the printed text. Values that print in ways of their own (undefined, a function, NaN,
 * ±Infinity, a `toJSON`, a class instance, a bigint) are decided by printing, so the answer is always the printed one.
 */

const UNSURE = 2;
type Verdict = boolean | typeof UNSURE;

export function jsonEqual(a: unknown, b: unknown): boolean {
  const verdict = compare(a, b);
  return verdict === UNSURE ? JSON.stringify(a) === JSON.stringify(b) : verdict;
}

/** An array or object that prints as its own items or keys (no `toJSON`, no class of its own). */
function container(v: object): boolean {
  const proto: unknown = Object.getPrototypeOf(v);
  if (Array.isArray(v)) return proto === Array.prototype;
  return (proto === Object.prototype || proto === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}

/** A value that prints as itself: a string, a finite number, a boolean or null. */
const scalar = (v: unknown): boolean =>
  typeof v === 'string' || typeof v === 'boolean' || v === null || (typeof v === 'number' && Number.isFinite(v));

function compare(a: unknown, b: unknown): Verdict {
  if (a === b) return true;
  if (scalar(a) && scalar(b)) return false; // different, and each prints as itself
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return UNSURE;
  if (!container(a) || !container(b)) return UNSURE;
  const arrays = Array.isArray(a);
  if (arrays !== Array.isArray(b)) return false;
  return arrays
    ? compareArrays(a as unknown[], b as unknown[])
    : compareObjects(a as Record<string, unknown>, b as Record<string, unknown>);
}

function compareArrays(a: unknown[], b: unknown[]): Verdict {
  if (a.length !== b.length) return false;
  let unsure = false;
  for (let i = 0; i < a.length; i++) {
    const v = compare(a[i], b[i]);
    if (v === false) return false;
    if (v === UNSURE) unsure = true;
  }
  return unsure ? UNSURE : true;
}

function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>): Verdict {
  const keys = Object.keys(a);
  const other = Object.keys(b);
  // A key whose value prints as nothing (undefined, a function) is left out of the text: then printing decides.
  const differ = (): Verdict => (hidden(a, keys) || hidden(b, other) ? UNSURE : false);
  if (keys.length !== other.length) return differ();
  let unsure = false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (key !== other[i]) return differ();
    const v = compare(a[key], b[key]);
    if (v === false) return false;
    if (v === UNSURE) unsure = true;
  }
  return unsure ? UNSURE : true;
}

function hidden(o: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.some((k) => {
    const t = typeof o[k];
    return t === 'undefined' || t === 'function' || t === 'symbol';
  });
}
