/**
 * Writing keys that come from untrusted documents. `obj[key] = value` with key `__proto__` replaces the object's
 * prototype, and reading such a key walks into Object.prototype, so writes there pollute every object: readers use
 * own keys only, and writers either skip these names or define an own property.
 */
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether `key` names a prototype link rather than data (`__proto__`, `constructor`, `prototype`). */
export function isUnsafeKey(key: string | number): boolean {
  return typeof key === 'string' && UNSAFE.has(key);
}

/** Sets an own enumerable property, whatever its name: never the prototype. */
export function setOwn(object: object, key: string | number, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The own value of `key`, never an inherited one. */
export function getOwn(object: object, key: string | number): unknown {
  return Object.hasOwn(object, key) ? (object as Record<string | number, unknown>)[key] : undefined;
}
