// Plain-JSON helpers: type guards that fail with a path, structural equality, and undefined-free objects.

import { BookFormatError } from './errors.ts';
import { isObject } from '../../util/is-object.ts';
import { setOwn } from '../../util/own.ts';

export type JsonObject = Record<string, unknown>;

export { isObject, setOwn };

export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

export function expectRecord(value: unknown, path: string, what: string): JsonObject {
  if (!isObject(value)) throw new BookFormatError(path, `expected ${what} (an object), got ${describe(value)}`);
  return value;
}

export function expectArray(value: unknown, path: string, what: string): unknown[] {
  if (!Array.isArray(value)) throw new BookFormatError(path, `expected ${what} (an array), got ${describe(value)}`);
  return value;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
}

/** Drops `undefined` members, so "missing stays missing" holds for objects built from optional source fields. */
export function compact<T extends JsonObject>(object: T): T {
  for (const key of Object.keys(object)) if (object[key] === undefined) delete object[key];
  return object;
}

/** Deep copy of JSON data (inputs are parsed JSON, so nothing is lost). */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
