// `a.b.c` key paths for `$set`/`$get`, refusing prototype keys so a script cannot reach object internals.
import { PpeRunError } from './run-error.ts';

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function keys(path: string): string[] {
  const parts = path.split('.');
  const bad = parts.find((k) => FORBIDDEN.has(k) || k === '');
  if (bad !== undefined) throw new PpeRunError('expression', `"${path}" is not a usable variable path`);
  return parts;
}

export function getPath(root: Record<string, unknown>, path: string): unknown {
  let v: unknown = root;
  for (const key of keys(path)) {
    if (!v || typeof v !== 'object' || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

export function setPath(root: Record<string, unknown>, path: string, value: unknown): void {
  const parts = keys(path);
  let target = root;
  for (const key of parts.slice(0, -1)) {
    const next = target[key];
    target =
      next && typeof next === 'object' && !Array.isArray(next) ? (next as Record<string, unknown>) : (target[key] = {});
  }
  target[parts[parts.length - 1]!] = value;
}
