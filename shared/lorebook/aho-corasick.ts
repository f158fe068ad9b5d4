// Multi-pattern substring search: one pass over a text reports every occurrence of every pattern with its end
// offset, so a scan does not run one indexOf per key per entry per pass. The automaton lives in typed arrays (a
// 100k-entry book has millions of states), and a search can stop and resume: feeding a text in pieces reports the
// same occurrences as feeding it whole, which lets recursion scan only the text it appends. Steps are memoised in a
// small hash table (a lazily built DFA), so a text costs about one table probe per character.

/** Called for every occurrence: pattern id and the offset just past its last character. */
export type OnMatch = (pattern: number, end: number) => void;

const MEMO_BITS = 16;
const MEMO_SIZE = 1 << MEMO_BITS;
const MEMO_SHIFT = 32 - MEMO_BITS;

export class AhoCorasick {
  readonly patternCount: number;
  /** Pattern id → length in UTF-16 code units. */
  readonly lengths: Int32Array;
  /** Root transitions by code unit (0 = stay at the root). */
  readonly #root = new Int32Array(65536);
  /** Other transitions: first child, next sibling and the code unit leading into each state (-1 = none). */
  readonly #firstChild: Int32Array;
  readonly #nextSibling: Int32Array;
  readonly #code: Uint16Array;
  readonly #fail: Int32Array;
  /** Pattern ending exactly at a state (patterns are distinct, so at most one), or -1. */
  readonly #pattern: Int32Array;
  /** Nearest proper suffix state where a pattern ends (0 = none). */
  readonly #dictionary: Int32Array;
  /** First state on the output chain of each state: itself when a pattern ends there, else its dictionary link. */
  readonly #output: Int32Array;
  /** Memoised steps from non-root states, 4 ints a slot (one cache line): state, code unit, next, next's output. */
  readonly #memo = new Int32Array(MEMO_SIZE * 4).fill(-1);

  constructor(patterns: readonly string[]) {
    this.patternCount = patterns.length;
    this.lengths = Int32Array.from(patterns, (p) => p.length);
    let capacity = 1;
    for (const p of patterns) capacity += p.length;
    this.#firstChild = new Int32Array(capacity).fill(-1);
    this.#nextSibling = new Int32Array(capacity).fill(-1);
    this.#code = new Uint16Array(capacity);
    this.#fail = new Int32Array(capacity);
    this.#pattern = new Int32Array(capacity).fill(-1);
    this.#dictionary = new Int32Array(capacity);
    this.#output = new Int32Array(capacity);
    let states = 1;
    patterns.forEach((pattern, id) => {
      let state = 0;
      for (let i = 0; i < pattern.length; i++) {
        const code = pattern.charCodeAt(i);
        let child = state === 0 ? this.#root[code] || -1 : this.#child(state, code);
        if (child < 0) {
          child = states++;
          this.#code[child] = code;
          if (state === 0) this.#root[code] = child;
          else {
            this.#nextSibling[child] = this.#firstChild[state] as number;
            this.#firstChild[state] = child;
          }
        }
        state = child;
      }
      if (pattern.length > 0) this.#pattern[state] = id;
    });
    // Breadth-first: a state's failure link points to a shallower state, already linked.
    const queue = new Int32Array(states);
    let tail = 0;
    for (let code = 0; code < 65536; code++) if (this.#root[code]) queue[tail++] = this.#root[code] as number;
    for (let head = 0; head < tail; head++) {
      const state = queue[head] as number;
      for (let child = this.#firstChild[state] as number; child >= 0; child = this.#nextSibling[child] as number) {
        const fail = this.#step(this.#fail[state] as number, this.#code[child] as number);
        this.#fail[child] = fail;
        this.#dictionary[child] = (this.#pattern[fail] as number) >= 0 ? fail : (this.#dictionary[fail] as number);
        queue[tail++] = child;
      }
    }
    for (let state = 1; state < states; state++) this.#output[state] = (this.#pattern[state] as number) >= 0 ? state : (this.#dictionary[state] as number);
  }

  /**
   * Feeds `text` from offset `from` to its end, starting in `state` (0 at the start of a text), and returns the state
   * reached, to resume with when the text grows.
   */
  run(text: string, from: number, state: number, onMatch: OnMatch): number {
    const pattern = this.#pattern;
    const dictionary = this.#dictionary;
    const output = this.#output;
    const root = this.#root;
    const memo = this.#memo;
    for (let i = from; i < text.length; i++) {
      const code = text.charCodeAt(i);
      let out: number;
      if (state === 0) {
        state = root[code] as number;
        out = output[state] as number;
      } else {
        const slot = ((Math.imul(state, 0x9e3779b1) ^ Math.imul(code, 0x85ebca6b)) >>> MEMO_SHIFT) << 2;
        if (memo[slot] === state && memo[slot + 1] === code) {
          state = memo[slot + 2] as number;
          out = memo[slot + 3] as number;
        } else {
          memo[slot] = state;
          memo[slot + 1] = code;
          state = memo[slot + 2] = this.#step(state, code);
          out = memo[slot + 3] = output[state] as number;
        }
      }
      for (let s = out; s !== 0; s = dictionary[s] as number) onMatch(pattern[s] as number, i + 1);
    }
    return state;
  }

  #child(state: number, code: number): number {
    for (let child = this.#firstChild[state] as number; child >= 0; child = this.#nextSibling[child] as number) {
      if (this.#code[child] === code) return child;
    }
    return -1;
  }

  #step(state: number, code: number): number {
    while (state !== 0) {
      const next = this.#child(state, code);
      if (next >= 0) return next;
      state = this.#fail[state] as number;
    }
    return this.#root[code] as number;
  }
}
