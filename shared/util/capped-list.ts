/** Lists in messages stay short whatever the input: a hostile file can hold 200,000 chunks or entries. */

/** "a, b, c, …and 199,990 more chunks" once there are more than `max` items. */
export function cappedList(items: readonly string[], noun: string, max = 10, separator = ', '): string {
  if (items.length <= max) return items.join(separator);
  return `${items.slice(0, max).join(separator)}${separator}…and ${(items.length - max).toLocaleString('en-US')} more ${noun}`;
}

/**
 * Pushes `item` unless `max` items already came from this source; `overflow` counts the rest, so the caller can
 * end with one summary line instead of a line per item.
 */
export class CappedLog<T> {
  readonly items: T[] = [];
  overflow = 0;

  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  push(item: T): void {
    if (this.items.length < this.max) this.items.push(item);
    else this.overflow++;
  }
}
