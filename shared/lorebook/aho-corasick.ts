// Multi-pattern substring search: finds which of many plain keys occur in a text in one pass over the text, so a
// scan does not run one indexOf per key per entry per pass.

export class AhoCorasick {
  /** Transitions, keyed by state × 65536 + UTF-16 code unit. */
  readonly #next = new Map<number, number>();
  readonly #fail: number[] = [0];
  /** Patterns ending exactly at a state. */
  readonly #output: number[][] = [[]];
  /** Nearest proper suffix state that has output (0 = none). */
  readonly #dictionary: number[] = [0];
  readonly #patternCount: number;

  constructor(patterns: readonly string[]) {
    this.#patternCount = patterns.length;
    const children: [number, number][][] = [[]];
    patterns.forEach((pattern, id) => {
      let state = 0;
      for (let i = 0; i < pattern.length; i++) {
        const key = state * 65536 + pattern.charCodeAt(i);
        let child = this.#next.get(key);
        if (child === undefined) {
          child = this.#fail.length;
          this.#next.set(key, child);
          this.#fail.push(0);
          this.#output.push([]);
          this.#dictionary.push(0);
          children.push([]);
          children[state]?.push([pattern.charCodeAt(i), child]);
        }
        state = child;
      }
      this.#output[state]?.push(id);
    });
    // Breadth-first: a state's failure link points to a shallower state, already linked.
    const queue = [...(children[0] ?? []).map(([, child]) => child)];
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head] as number;
      for (const [code, child] of children[state] ?? []) {
        const fail = this.#step(this.#fail[state] as number, code);
        this.#fail[child] = fail;
        this.#dictionary[child] = (this.#output[fail] as number[]).length > 0 ? fail : (this.#dictionary[fail] as number);
        queue.push(child);
      }
    }
  }

  /** Ids of the patterns occurring in `text` (each once). */
  search(text: string): number[] {
    const found: number[] = [];
    const seen = new Uint8Array(this.#patternCount);
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      state = this.#step(state, text.charCodeAt(i));
      for (let s = state; s !== 0; s = this.#dictionary[s] as number) {
        for (const id of this.#output[s] as number[]) {
          if (!seen[id]) {
            seen[id] = 1;
            found.push(id);
          }
        }
      }
    }
    return found;
  }

  #step(state: number, code: number): number {
    for (;;) {
      const next = this.#next.get(state * 65536 + code);
      if (next !== undefined) return next;
      if (state === 0) return 0;
      state = this.#fail[state] as number;
    }
  }
}
