// Multi-pattern substring search: one pass over a text reports every occurrence of every pattern with its end
// offset, so a scan does not run one indexOf per key per entry per pass. The automaton lives in typed arrays (a
// 100k-entry book has millions of states), and a search can stop and resume: feeding a text in pieces reports the
// same occurrences as feeding it whole, which lets recursion scan only the text it appends. Steps are memoised in a
// small hash table (a lazily built DFA), so a text costs about one table probe per character. The same walk can look
// the text's words up in a word table, so a buffer is read once for both.
import { isWordChar } from './keys.ts';
import { WORD_SEED, wordHash } from './text-table.ts';

/** Called for every occurrence: pattern id and the offset just past its last character. */
export type OnMatch = (pattern: number, end: number) => void;

/** Texts found as whole runs of ASCII word characters (see TextTable.wordId). */
export interface WordTable {
  wordId(hash: number, text: string, start: number, end: number): number;
}

/** Called for every run of ASCII word characters that is a text of the word table: its id and start. */
export type OnWord = (id: number, start: number) => void;

const MEMO_BITS = 16;
const MEMO_SIZE = 1 << MEMO_BITS;
const MEMO_SHIFT = 32 - MEMO_BITS;

export class AhoCorasick {
  readonly patternCount: number;
  /** Pattern id → length in UTF-16 code units. */
  readonly lengths: Int32Array;
  /** Root transitions by code unit (0 = stay at the root). */
  readonly #root = new Int32Array(65536);
  /**
   * States are numbered breadth-first, so a state's children are the contiguous, code-sorted range
   * [childStart[s], childStart[s + 1]), found by binary search in `#code` (the code unit leading into each state).
   */
  readonly #childStart: Int32Array;
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
    const trie = buildTrie(patterns);
    const states = trie.states;
    // Renumber breadth-first: children of one state get consecutive numbers, in code order.
    const order = new Int32Array(states);
    this.#childStart = new Int32Array(states + 1);
    this.#code = new Uint16Array(states);
    this.#pattern = new Int32Array(states).fill(-1);
    let tail = 1;
    for (let head = 0; head < states; head++) {
      const old = order[head] as number;
      this.#childStart[head] = tail;
      for (let child = trie.first[old] as number; child >= 0; child = trie.next[child] as number) {
        this.#code[tail] = trie.code[child] as number;
        this.#pattern[tail] = trie.pattern[child] as number;
        order[tail++] = child;
      }
    }
    this.#childStart[states] = tail;
    for (let child = this.#childStart[0] as number; child < (this.#childStart[1] as number); child++)
      this.#root[this.#code[child] as number] = child;
    // Breadth-first again: a state's failure link points to a shallower state, already linked.
    this.#fail = new Int32Array(states);
    this.#dictionary = new Int32Array(states);
    this.#output = new Int32Array(states);
    for (let state = 0; state < states; state++) {
      for (let child = this.#childStart[state] as number; child < (this.#childStart[state + 1] as number); child++) {
        const fail = state === 0 ? 0 : this.#step(this.#fail[state] as number, this.#code[child] as number);
        this.#fail[child] = fail;
        this.#dictionary[child] = (this.#pattern[fail] as number) >= 0 ? fail : (this.#dictionary[fail] as number);
        this.#output[child] = (this.#pattern[child] as number) >= 0 ? child : (this.#dictionary[child] as number);
      }
    }
  }

  /**
   * Feeds `text` from offset `from` to its end, starting in `state` (0 at the start of a text), and returns the state
   * reached, to resume with when the text grows. With `words`, also reports each maximal run of ASCII word characters
   * that is one of its texts (`from` must not fall inside such a run, and the text's end ends one: text is only ever
   * appended after a separator).
   */
  run(text: string, from: number, state: number, onMatch: OnMatch, words?: WordTable, onWord?: OnWord): number {
    const pattern = this.#pattern;
    const dictionary = this.#dictionary;
    const output = this.#output;
    const root = this.#root;
    const memo = this.#memo;
    let wordStart = -1;
    let hash = 0;
    for (let i = from; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (words) {
        if (isWordChar(code)) {
          if (wordStart < 0) {
            wordStart = i;
            hash = WORD_SEED;
          }
          hash = wordHash(hash, code);
        } else if (wordStart >= 0) {
          const id = words.wordId(hash, text, wordStart, i);
          if (id >= 0) onWord!(id, wordStart);
          wordStart = -1;
        }
      }
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
    if (wordStart >= 0) {
      const id = words!.wordId(hash, text, wordStart, text.length);
      if (id >= 0) onWord!(id, wordStart);
    }
    return state;
  }

  #child(state: number, code: number): number {
    let low = this.#childStart[state] as number;
    let high = (this.#childStart[state + 1] as number) - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const c = this.#code[mid] as number;
      if (c === code) return mid;
      if (c < code) low = mid + 1;
      else high = mid - 1;
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

/**
 * The trie of the patterns as first-child/next-sibling lists. Inserting in sorted order makes every new child the last
 * one of its parent and every shared prefix the previous pattern's path, so construction is linear in total length.
 */
function buildTrie(patterns: readonly string[]): {
  states: number;
  first: Int32Array;
  next: Int32Array;
  code: Uint16Array;
  pattern: Int32Array;
} {
  let capacity = 1;
  let longest = 0;
  for (const p of patterns) {
    capacity += p.length;
    longest = Math.max(longest, p.length);
  }
  const first = new Int32Array(capacity).fill(-1);
  const last = new Int32Array(capacity);
  const next = new Int32Array(capacity).fill(-1);
  const code = new Uint16Array(capacity);
  const pattern = new Int32Array(capacity).fill(-1);
  const path = new Int32Array(longest + 1);
  const sorted = Array.from(patterns.keys()).sort((a, b) => {
    const x = patterns[a] as string;
    const y = patterns[b] as string;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  let states = 1;
  let previous = '';
  for (const id of sorted) {
    const p = patterns[id] as string;
    if (!p) continue;
    let shared = 0;
    while (shared < p.length && shared < previous.length && p.charCodeAt(shared) === previous.charCodeAt(shared))
      shared++;
    for (let i = shared; i < p.length; i++) {
      const parent = path[i] as number;
      const state = states++;
      code[state] = p.charCodeAt(i);
      if ((first[parent] as number) < 0) first[parent] = state;
      else next[last[parent] as number] = state;
      last[parent] = state;
      path[i + 1] = state;
    }
    pattern[path[p.length] as number] = id;
    previous = p;
  }
  return { states, first, next, code, pattern };
}
