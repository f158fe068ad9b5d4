// Distinct texts numbered in insertion order, in an open-addressing hash table over typed arrays: a key index
// registers hundreds of thousands of key texts, which a Map<string, number> inserts several times slower. The same
// hash, computed while walking a buffer, finds the buffer's words in the table without slicing them out.

/** A text's hash starts here, and takes in each code unit with `wordHash` (FNV-1a over UTF-16 code units). */
export const WORD_SEED = 0x811c9dc5 | 0;

export function wordHash(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

function hashOf(text: string): number {
  let hash = WORD_SEED;
  for (let i = 0; i < text.length; i++) hash = wordHash(hash, text.charCodeAt(i));
  return hash;
}

export class TextTable {
  /** Id → text. */
  readonly texts: string[] = [];
  /** Id → hash. */
  #hashes = new Int32Array(16);
  /** Slot → id + 1 (0 = empty). */
  #slots = new Int32Array(32);

  /** The id of `text`, adding it when new. */
  add(text: string): number {
    const hash = hashOf(text);
    const mask = this.#slots.length - 1;
    let slot = hash & mask;
    for (let id = this.#slots[slot] as number; id !== 0; id = this.#slots[slot] as number) {
      if (this.#hashes[id - 1] === hash && this.texts[id - 1] === text) return id - 1;
      slot = (slot + 1) & mask;
    }
    const id = this.texts.length;
    this.texts.push(text);
    if (id >= this.#hashes.length) {
      const hashes = new Int32Array(this.#hashes.length * 2);
      hashes.set(this.#hashes);
      this.#hashes = hashes;
    }
    this.#hashes[id] = hash;
    this.#slots[slot] = id + 1;
    if (this.texts.length * 2 > this.#slots.length) this.#grow();
    return id;
  }

  /** The id of `text`, or -1. */
  get(text: string): number {
    const hash = hashOf(text);
    const mask = this.#slots.length - 1;
    for (let slot = hash & mask, id = this.#slots[slot] as number; id !== 0; id = this.#slots[slot] as number) {
      if (this.#hashes[id - 1] === hash && this.texts[id - 1] === text) return id - 1;
      slot = (slot + 1) & mask;
    }
    return -1;
  }

  /**
   * The id of the text equal to `text[start, end)`, whose hash (`WORD_SEED`, then `wordHash` per code unit) is
   * `hash`, or -1: a walk of a buffer finds its words in the table without slicing them out.
   */
  wordId(hash: number, text: string, start: number, end: number): number {
    const slots = this.#slots;
    const mask = slots.length - 1;
    for (let slot = hash & mask, id = slots[slot] as number; id !== 0; id = slots[slot] as number) {
      if (this.#hashes[id - 1] === hash && sameText(this.texts[id - 1] as string, text, start, end)) return id - 1;
      slot = (slot + 1) & mask;
    }
    return -1;
  }

  #grow(): void {
    const slots = new Int32Array(this.#slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.texts.length; id++) {
      let slot = (this.#hashes[id] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.#slots = slots;
  }
}

function sameText(word: string, text: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}
