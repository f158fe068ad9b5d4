// mulberry32: a small seeded generator, the one SillyTavern's recorded cases use. World Info rolls and the prompt's
// {{random}}/{{roll}} both draw from it, so the same input always gives the same result.
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t = (t + Math.imul(t ^ (t >>> 7), t | 61)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
