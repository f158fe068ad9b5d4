// JSON paths for reports and errors, JavaScript-style: `$.entries[0].keys`, `$.entries["12"].key`.

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export const ROOT = '$';

export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return IDENTIFIER.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/** Where an input path lives once the input is kept as the book's `originalData`. */
export function inOriginalData(inputPath: string): string {
  return `${ROOT}.originalData${inputPath.slice(ROOT.length)}`;
}
