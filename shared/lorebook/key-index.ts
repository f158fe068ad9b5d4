// A book's plain primary keys indexed for whole-pass lookup: whole-word keys of ASCII word characters through the
// buffer's token set, every other plain key through an Aho-Corasick automaton. Lookup yields a superset of the
// entries whose keys match (a substring hit of a whole-word key may still fail its boundary check); the caller
// re-checks each one exactly. Regex keys and empty keys are not indexable.
import { AhoCorasick } from './aho-corasick.ts';
import type { CompiledKey } from './keys.ts';
import type { BufferView } from './scan-buffer.ts';

interface PatternSet {
  automaton: AhoCorasick;
  /** Pattern id → book indices. */
  targets: readonly (readonly number[])[];
}

class Collector {
  readonly tokens = new Map<string, number[]>();
  readonly patterns = new Map<string, number[]>();

  add(map: Map<string, number[]>, text: string, entry: number): void {
    const list = map.get(text);
    if (!list) map.set(text, [entry]);
    else if (list.at(-1) !== entry) list.push(entry);
  }

  patternSet(): PatternSet | null {
    if (this.patterns.size === 0) return null;
    return { automaton: new AhoCorasick([...this.patterns.keys()]), targets: [...this.patterns.values()] };
  }
}

export class KeyIndex {
  /** Per entry: the index alone finds every buffer its primary keys can match. */
  readonly indexed: readonly boolean[];
  readonly #caseSensitive: { tokens: Map<string, number[]>; patterns: PatternSet | null };
  readonly #caseInsensitive: { tokens: Map<string, number[]>; patterns: PatternSet | null };

  constructor(primaryKeys: readonly (readonly CompiledKey[] | null)[]) {
    const cs = new Collector();
    const ci = new Collector();
    this.indexed = primaryKeys.map((keys, entry) => {
      if (!keys || !keys.every(indexable)) return false;
      for (const key of keys) {
        if (key.kind !== 'word' && key.kind !== 'substring') continue;
        const collector = key.caseSensitive ? cs : ci;
        collector.add(key.kind === 'word' && key.token ? collector.tokens : collector.patterns, key.text, entry);
      }
      return true;
    });
    this.#caseSensitive = { tokens: cs.tokens, patterns: cs.patternSet() };
    this.#caseInsensitive = { tokens: ci.tokens, patterns: ci.patternSet() };
  }

  /** Calls `visit` with the book index of every indexed entry one of whose keys may occur in `view`. */
  forEachHit(view: BufferView, visit: (entry: number) => void): void {
    for (const [side, caseSensitive] of [
      [this.#caseSensitive, true],
      [this.#caseInsensitive, false],
    ] as const) {
      if (side.tokens.size > 0) {
        for (const token of view.tokens(caseSensitive)) side.tokens.get(token)?.forEach(visit);
      }
      if (side.patterns) {
        const { automaton, targets } = side.patterns;
        for (const id of automaton.search(caseSensitive ? view.text : view.lower())) targets[id]?.forEach(visit);
      }
    }
  }
}

function indexable(key: CompiledKey): boolean {
  return key.kind === 'never' || ((key.kind === 'word' || key.kind === 'substring') && key.text.length > 0);
}
