/** Addressing inside a JSON document by path segments (object keys and array indexes). */
export type JsonPath = readonly (string | number)[];

export function getAtPath(value: unknown, path: JsonPath): unknown {
  let cur = value;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[seg];
  }
  return cur;
}

/** RFC 6901 pointer for messages and validation results. */
export function toPointer(path: JsonPath): string {
  return path.map((s) => `/${String(s).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}
