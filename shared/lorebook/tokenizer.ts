// Token counting for the budget. SillyTavern's offline estimate ("guesstimate", ≥1.17): ceil(UTF-8 bytes / 3.35).
import type { Tokenizer } from './model.ts';

const BYTES_PER_TOKEN = 3.35;

/** UTF-8 byte length as TextEncoder would produce it (a lone surrogate becomes U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

export const guesstimateTokenizer: Tokenizer = {
  name: 'guesstimate',
  count: (text) => (text.length === 0 ? 0 : Math.ceil(utf8Length(text) / BYTES_PER_TOKEN)),
  measure: utf8Length,
  fromMeasure: (bytes) => Math.ceil(bytes / BYTES_PER_TOKEN),
};

/**
 * Counts a text that only ever grows by appending. With an additive tokenizer this is O(appended length) per step
 * instead of recounting the whole concatenation (SillyTavern's O(n²) budget loop).
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

  tokens(): number {
    const { measure, fromMeasure, count } = this.#tokenizer;
    if (measure && fromMeasure) return fromMeasure(this.#measure);
    return count(this.#text);
  }
}
