// Token counting for the budget: SillyTavern's offline estimate, and a counter for a text that only grows.
import type { Tokenizer } from './model.ts';
import { guesstimate } from '../tokenize/guesstimate.ts';

export { utf8Length } from '../tokenize/guesstimate.ts';

/** The budget's default counter: the one shared estimate (shared/tokenize), additive so the budget can grow it. */
export const guesstimateTokenizer: Tokenizer = guesstimate;

/**
 * Counts a text that only ever grows by appending or prepending. With an additive tokenizer this is O(added length)
 * per step instead of recounting the whole concatenation (SillyTavern's O(n²) budget loop).
 */
export class GrowingTextCounter {
  readonly #tokenizer: Tokenizer;
  #text = '';
  #measure = 0;

  constructor(tokenizer: Tokenizer) {
    this.#tokenizer = tokenizer;
  }

  /**
   * Returns the piece's measure, or undefined when the tokenizer has none (see `prependMeasured`). `known`: the
   * piece's measure, when already taken.
   */
  append(piece: string, known?: number): number | undefined {
    const { measure } = this.#tokenizer;
    if (!measure) {
      this.#text += piece;
      return undefined;
    }
    const measured = known ?? measure(piece);
    this.#measure += measured;
    return measured;
  }

  prepend(piece: string): void {
    const { measure } = this.#tokenizer;
    if (measure) this.#measure += measure(piece);
    else this.#text = piece + this.#text;
  }

  /**
   * Prepends pieces joined by "\n" (`text`). With an additive tokenizer, `known(i)` is piece i's measure when one was
   * already taken (else -1), so a piece is measured once however many counters it joins.
   */
  prependJoined(text: string, pieces: readonly string[], known: (i: number) => number): void {
    const { measure } = this.#tokenizer;
    if (!measure) {
      this.#text = text + this.#text;
      return;
    }
    let measured = pieces.length > 1 ? (pieces.length - 1) * measure('\n') : 0;
    for (let i = 0; i < pieces.length; i++) {
      const m = known(i);
      measured += m >= 0 ? m : measure(pieces[i] as string);
    }
    this.#measure += measured;
  }

  tokens(): number {
    const { measure, fromMeasure, count } = this.#tokenizer;
    if (measure && fromMeasure) return fromMeasure(this.#measure);
    return count(this.#text);
  }
}
