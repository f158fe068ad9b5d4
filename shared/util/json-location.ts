/** Where a field path (`turns[0].settings.depth`) stands in a JSON text, so an error can name the line. */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { Segment } from 'jsonc-parser';
import { lineColumnAt } from '../library/parse-document.ts';

function segments(path: string): Segment[] {
  return [...path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)].map((m) => (m[1] !== undefined ? Number(m[1]) : (m[2] as string)));
}

/** The line of the path's value; of the nearest parent found when the path is missing (a missing field). */
export function lineOfPath(text: string, path: string): number | undefined {
  const root = parseTree(text);
  if (!root) return undefined;
  const location = segments(path);
  while (location.length > 0) {
    const node = findNodeAtLocation(root, location);
    // A member's line is its key's: the value of an object field may open several lines later.
    if (node) return lineColumnAt(text, node.parent?.type === 'property' ? node.parent.offset : node.offset).line;
    location.pop();
  }
  return undefined;
}
