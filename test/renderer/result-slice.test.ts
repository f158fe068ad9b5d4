import { describe, expect, it } from 'vitest';
import { nextSlice, sections, type ResultLine } from '../../renderer/src/lorebooks/preview/result-slice.ts';

interface Line extends ResultLine {
  text: string;
}

const line = (section: string, key: string, text = key): Line => ({ id: `${section}\n${key}`, section, text });
const same = (a: Line, b: Line) => a.text === b.text;
const ids = (lines: readonly Line[]) => lines.map((l) => l.id.replace('\n', ':'));

/** Every slice from `shown` to `target`. */
function slices(shown: readonly Line[], target: readonly Line[], budget: number): (readonly Line[])[] {
  const out: (readonly Line[])[] = [];
  do {
    shown = nextSlice(shown, target, budget, same);
    out.push(shown);
  } while (shown !== target);
  return out;
}

describe('result slices', () => {
  it('shows a small change at once, as the target itself', () => {
    const target = [line('A', '1'), line('A', '2')];
    expect(nextSlice([], target, 2, same)).toBe(target);
    expect(nextSlice([line('A', '1', 'old')], target, 2, same)).toBe(target);
  });

  it('adds a big change a budget of new lines at a time', () => {
    const target = ['1', '2', '3', '4', '5'].map((k) => line('A', k));
    expect(slices([], target, 2).map(ids)).toEqual([['A:1', 'A:2'], ['A:1', 'A:2', 'A:3', 'A:4'], ids(target)]);
  });

  it('does not count lines already on screen as they are', () => {
    const shown = [line('A', '1'), line('A', '2'), line('A', '3')];
    const target = [...shown, line('A', '4'), line('A', '5')];
    expect(nextSlice(shown, target, 2, same)).toBe(target);
    // Changed text is a new line.
    const changed = [line('A', '1', 'x'), line('A', '2', 'y'), line('A', '3', 'z')];
    expect(ids(nextSlice(shown, changed, 2, same))).toEqual(['A:1', 'A:2', 'A:3']);
    expect(nextSlice(shown, changed, 2, same).map((l) => l.text)).toEqual(['x', 'y', '3']);
  });

  it('keeps old lines in their place until a slice replaces them, never twice', () => {
    const shown = ['a', 'b', 'c', 'd'].map((k) => line('A', k));
    const target = ['x', 'y', 'c', 'z'].map((k) => line('B', k)).concat(line('A', 'a'));
    const [first, second, last] = slices(shown, target, 2);
    // x and y replace a and b; c and d stay below them.
    expect(ids(first!)).toEqual(['B:x', 'B:y', 'A:c', 'A:d']);
    // B:c and B:z, then A:a would be the third new line: the old A:a is gone from the tail, listed once.
    expect(ids(second!)).toEqual(['B:x', 'B:y', 'B:c', 'B:z']);
    expect(last).toBe(target);
  });

  it('drops old lines past the end of the target in the last slice', () => {
    const shown = ['a', 'b', 'c', 'd', 'e'].map((k) => line('A', k));
    const target = [line('A', 'x')];
    expect(nextSlice(shown, target, 1, same)).toBe(target);
  });

  it('groups consecutive lines by section, with unique keys when a section recurs', () => {
    const lines = [line('A', '1'), line('A', '2'), line('B', '3'), line('A', '4')];
    expect(sections(lines).map((s) => [s.key, s.section, s.lines.length])).toEqual([
      ['A', 'A', 2],
      ['B', 'B', 1],
      ['A#1', 'A', 1],
    ]);
  });
});
