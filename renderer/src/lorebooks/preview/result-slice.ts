/**
 * A big change of the result list (more lines than a frame lays out cheaply) is shown over a few frames, a slice of
 * new lines per frame, so no frame lays out and paints all of them at once. Lines are compared by value: a line
 * already on screen as it is costs nothing and does not count against a slice.
 */

/** One line of the result list, in display order. */
export interface ResultLine {
  /** Unique in a list: the line's section and its entry. */
  id: string;
  /** The heading of the section it is listed under. */
  section: string;
}

/**
 * The list to show next on the way from `shown` to `target`: the target's lines up to and including the `budget`-th
 * line that is not on screen as it is, then the lines of `shown` from that position on (old lines keep their place
 * until the slice that replaces them, so the list does not jump), without those the slice now shows. Returns
 * `target` itself once the rest of it is on screen.
 */
export function nextSlice<L extends ResultLine>(
  shown: readonly L[],
  target: readonly L[],
  budget: number,
  same: (a: L, b: L) => boolean,
): readonly L[] {
  const onScreen = new Map(shown.map((line) => [line.id, line]));
  let fresh = 0;
  let end = 0;
  for (; end < target.length; end++) {
    const line = target[end]!;
    const old = onScreen.get(line.id);
    if (old !== undefined && same(old, line)) continue;
    if (fresh === budget) break;
    fresh++;
  }
  if (end === target.length) return target;
  const head = target.slice(0, end);
  const taken = new Set(head.map((line) => line.id));
  return [...head, ...shown.slice(end).filter((line) => !taken.has(line.id))];
}

/** Consecutive lines under one heading, as rendered; `key` is unique in the list (a section may recur mid-slice). */
export function sections<L extends ResultLine>(lines: readonly L[]): { key: string; section: string; lines: L[] }[] {
  const out: { key: string; section: string; lines: L[] }[] = [];
  const seen = new Map<string, number>();
  for (const line of lines) {
    const last = out.at(-1);
    if (last?.section === line.section) {
      last.lines.push(line);
      continue;
    }
    const n = seen.get(line.section) ?? 0;
    seen.set(line.section, n + 1);
    out.push({ key: n === 0 ? line.section : `${line.section}#${n}`, section: line.section, lines: [line] });
  }
  return out;
}
