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

  append(piece: string): void {
    const { measure } = this.#tokenizer;
    if (measure) this.#measure += measure(piece);
    else this.#text += piece;
  }

  prepend(piece: string): void {
    const { measure } = this.#tokenizer;
    if (measure) this.#measure += measure(piece);
    else this.#text = piece + this.#text;
  }

  tokens(): number {
    const { measure, fromMeasure, count } = this.#tokenizer;
    if (measure && fromMeasure) return fromMeasure(this.#measure);
    return count(this.#text);
  }
}
