// Where each pattern of a key index first occurs in a view's text, and first occurs as a whole word: an open-addressing
// table in one typed array, keyed by pattern id. A crowded scan asks it thousands of times (every tabled key check
// reads two to four keys), and two Maps of small integers answered more slowly. It grows with the texts found, not
// with the book.

export class FirstHits {
  /**
   * 4 ints per slot, so a probe reads one cache line: pattern id + 1 (0 = empty), first offset, first whole-word
   * offset (-1 = none yet), unused.
   */
  #slots = EMPTY;
  #size = 0;
  #shift = 32 - Math.log2(INITIAL);

  /** The first offset of pattern `id` (any occurrence, or whole-word only), -1 when none is known. */
  get(id: number, whole: boolean): number {
    if (this.#size === 0) return -1;
    const slots = this.#slots;
    const mask = (slots.length >> 2) - 1;
    for (let slot = Math.imul(id + 1, HASH) >>> this.#shift; ; slot = (slot + 1) & mask) {
      const held = slots[slot << 2] as number;
      if (held === id + 1) return slots[(slot << 2) + (whole ? 2 : 1)] as number;
      if (held === 0) return -1;
    }
  }

  /** Records `at` as pattern `id`'s first (or first whole-word) offset unless one is known; true when it was new. */
  add(id: number, whole: boolean, at: number): boolean {
    // Allocated on first use, at a size most views end within (growing rehashes): a case mode without keys has none.
    if (this.#slots === EMPTY) this.#slots = new Int32Array(INITIAL * 4);
    const at4 = (this.#slot(id) << 2) + (whole ? 2 : 1);
    if ((this.#slots[at4] as number) >= 0) return false;
    this.#slots[at4] = at;
    return true;
  }

  /** The slot of pattern `id`, claimed (with no offsets) when it has none. */
  #slot(id: number): number {
    const slots = this.#slots;
    const mask = (slots.length >> 2) - 1;
    let slot = Math.imul(id + 1, HASH) >>> this.#shift;
    for (let held = slots[slot << 2] as number; held !== 0; held = slots[slot << 2] as number) {
      if (held === id + 1) return slot;
      slot = (slot + 1) & mask;
    }
    if ((this.#size + 1) * 2 > mask + 1) {
      this.#grow();
      return this.#slot(id);
    }
    slots[slot << 2] = id + 1;
    slots[(slot << 2) + 1] = -1;
    slots[(slot << 2) + 2] = -1;
    this.#size++;
    return slot;
  }

  #grow(): void {
    const old = this.#slots;
    this.#slots = new Int32Array(old.length * 2);
    this.#shift--;
    this.#size = 0;
    for (let o = 0; o < old.length; o += 4) {
      const held = old[o] as number;
      if (held === 0) continue;
      const slot = this.#slot(held - 1) << 2;
      this.#slots[slot + 1] = old[o + 1] as number;
      this.#slots[slot + 2] = old[o + 2] as number;
    }
  }
}

const INITIAL = 1024;
/** No table yet (see `add`). */
const EMPTY = new Int32Array(0);
/** Fibonacci hashing: consecutive ids spread over the table. */
const HASH = 0x9e3779b1 | 0;
