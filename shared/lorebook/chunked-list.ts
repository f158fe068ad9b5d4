// An immutable list stored in fixed-size chunks: replacing a few items copies only the chunk table and the chunks
// that hold them, so an edited 100k-entry book shares all but a thousand or so of its entries with the one before.
const CHUNK_BITS = 10;
const CHUNK = 1 << CHUNK_BITS;

export class ChunkedList<T> {
  readonly length: number;
  readonly #chunks: readonly (readonly T[])[];

  private constructor(chunks: readonly (readonly T[])[], length: number) {
    this.#chunks = chunks;
    this.length = length;
  }

  static from<T>(items: readonly T[]): ChunkedList<T> {
    const chunks: T[][] = [];
    for (let at = 0; at < items.length; at += CHUNK) chunks.push(items.slice(at, at + CHUNK));
    return new ChunkedList(chunks, items.length);
  }

  at(index: number): T | undefined {
    return this.#chunks[index >>> CHUNK_BITS]?.[index & (CHUNK - 1)];
  }

  /** This list with the items at some positions (all < length) replaced. */
  with(replaced: ReadonlyMap<number, T>): ChunkedList<T> {
    const chunks = this.#chunks.slice();
    const copied = new Set<number>();
    for (const [index, item] of replaced) {
      const c = index >>> CHUNK_BITS;
      if (!copied.has(c)) {
        copied.add(c);
        chunks[c] = (chunks[c] as readonly T[]).slice();
      }
      (chunks[c] as T[])[index & (CHUNK - 1)] = item;
    }
    return new ChunkedList(chunks, this.length);
  }
}
