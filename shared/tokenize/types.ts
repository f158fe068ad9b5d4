/** Counts tokens of a text. `exact` is false for estimates (SillyTavern's guesstimate), true for the model's own BPE. */
export interface Tokenizer {
  readonly name: string;
  readonly exact: boolean;
  count(text: string): number;
  /** Optional additive measure: `count(a + b) === fromMeasure(measure(a) + measure(b))` (the lore budget uses it). */
  measure?(text: string): number;
  fromMeasure?(measure: number): number;
}
