// Flags regular expressions that can backtrack catastrophically: a repeated group that itself contains unbounded
// repetition (star height above one, as in `(a+)+`, `(\w+\s?)*`, `(?:x*y?)+`). Such a pattern takes exponential
// time on a near-miss input. A heuristic for an early warning; the sandbox's time limit stays the guarantee.

/** Repetition counts at or above this act like unbounded ones for backtracking. */
const LARGE = 32;

/** The first nested repetition in `source`, as the text of the repeated group, or undefined when none. */
export function nestedQuantifier(source: string): string | undefined {
  // Each open group: where it starts and whether anything inside it repeats without (a small) bound.
  const stack: { start: number; repeats: boolean }[] = [{ start: 0, repeats: false }];
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    let closed: { start: number; end: number; repeats: boolean } | undefined;
    if (c === '\\') {
      i++;
    } else if (c === '[') {
      // A class is one atom: skip to its closing bracket.
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
    } else if (c === '(') {
      stack.push({ start: i, repeats: false });
    } else if (c === ')' && stack.length > 1) {
      const group = stack.pop()!;
      closed = { start: group.start, end: i, repeats: group.repeats };
      if (group.repeats) stack.at(-1)!.repeats = true;
    }
    const quantifier = /^(?:[*+]|\{(\d+)(,(\d*))?\})/.exec(source.slice(i + 1));
    if (quantifier) {
      const max =
        quantifier[0] === '*' || quantifier[0] === '+'
          ? Infinity
          : quantifier[2] === undefined
            ? Number(quantifier[1])
            : quantifier[3] === ''
              ? Infinity
              : Number(quantifier[3]);
      if (max >= LARGE) {
        if (closed?.repeats) return source.slice(closed.start, closed.end + 1) + quantifier[0];
        stack.at(-1)!.repeats = true;
      }
      i += quantifier[0].length;
      if (source[i + 1] === '?') i++;
    }
  }
  return undefined;
}
