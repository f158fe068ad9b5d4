/** Paths as the user typed them: relative to the working folder when inside it, absolute otherwise. */
import path from 'node:path';

export function displayPath(cwd: string): (file: string) => string {
  return (file) => {
    const rel = path.relative(cwd, file);
    return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
  };
}
