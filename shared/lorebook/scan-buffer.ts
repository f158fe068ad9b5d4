// The text an entry is matched against (docs/world-info.md#scan-buffer): newest message first, every segment introduced by \x01,
// then the entry's opted-in match sources, injected prompts and (outside min-activation passes) recursion chunks.
// Views are built once per distinct layout and shared by every entry with that layout; recursion extends the views
// that include its chunks, carrying their key-index hits over so only the appended text is searched.
import type { MatchSegment, WorldInfoEntry } from './model.ts';
import { findWholeWord, type RegexKey, type TextKey } from './keys.ts';
import { KeyHits, type KeyIndex, type Pieces } from './key-index.ts';

export const MAX_SCAN_DEPTH = 1000;

/** Match sources in buffer order, with the entry flag that opts in. */
export const MATCH_SOURCES = [
  ['persona', 'matchPersonaDescription'],
  ['description', 'matchCharacterDescription'],
  ['personality', 'matchCharacterPersonality'],
  ['depthPrompt', 'matchCharacterDepthPrompt'],
  ['scenario', 'matchScenario'],
  ['creatorNotes', 'matchCreatorNotes'],
] as const;

export type MatchSourceName = (typeof MATCH_SOURCES)[number][0];

/** A part of a buffer's text, and where its text starts. */
export interface Segment {
  start: number;
  segment: MatchSegment;
}

export class BufferView {
  readonly text: string;
  /** Shared by a view and every view `extend` made from it: their texts start with this one's. */
  readonly lineage: object;
  /** Part of the exhaustive reference scan: keys are searched plainly, from the start (see findKey). */
  readonly reference: boolean;
  readonly #segments: readonly Segment[];
  /** A fresh view's text as the parts it joined (see `hits`), unless they include recursion chunks: seen once. */
  readonly #parts: Pieces | undefined;
  #lower: string | undefined;
  /** Hits of the key indexes asked about so far (see `hits`). */
  #hits: KeyHits[] = [];

  /** `base`: the view whose text comes first. */
  constructor(parts: readonly { text: string; segment: MatchSegment }[], base?: BufferView, reference = false) {
    const segments: Segment[] = base ? [...base.#segments] : [];
    let text = base?.text ?? '';
    for (const part of parts) {
      text += text ? '\n\x01' : '\x01';
      segments.push({ start: text.length, segment: part.segment });
      text += part.text;
    }
    this.text = text;
    this.lineage = base?.lineage ?? {};
    this.reference = base?.reference ?? reference;
    this.#segments = segments;
    this.#parts =
      base || parts.length === 0 || parts.some((p) => p.segment.kind === 'recursion')
        ? undefined
        : { texts: parts.map((p) => p.text), lead: 1, gap: 2 };
  }

  /**
   * This view with one more part appended, taking over its lowered text and key-index hits (this view keeps none).
   * Lowering the appended part alone gives the same text: no case mapping looks across the "\n\x01" separator.
   * `pieces` joined by "\n" make up the part's text (entry contents, whose hits the key index remembers).
   */
  extend(part: { text: string; segment: MatchSegment }, pieces?: readonly string[]): BufferView {
    const view = new BufferView([part], this);
    // The separator lowers to itself; slicing the appended text off the new one would copy the whole text.
    if (this.#lower !== undefined)
      view.#lower = this.#lower + (this.text ? '\n\x01' : '\x01') + part.text.toLowerCase();
    view.#hits = this.#hits;
    this.#hits = [];
    const gain = pieces && { texts: pieces, lead: 2, gap: 1 };
    for (const hits of view.#hits) hits.advance(view.text, view.lower(), gain);
    return view;
  }

  lower(): string {
    return (this.#lower ??= this.text.toLowerCase());
  }

  /**
   * The hits of `index` in this view's text, found on first use (from the remembered hits of its parts: a chat's
   * messages come back in the next scan) and brought up to date when recursion extends it.
   */
  hits(index: KeyIndex): KeyHits {
    for (const hits of this.#hits) if (hits.index === index) return hits;
    const hits = new KeyHits(index);
    this.#hits.push(hits);
    hits.advance(this.text, this.lower(), this.#parts);
    return hits;
  }

  /**
   * First offset of a plain key text in the text (lowered unless case-sensitive), as a whole word if asked: from the
   * key-index hits when an index covers the text, else by searching.
   */
  occurrence(text: string, caseSensitive: boolean, whole: boolean): number {
    for (const hits of this.#hits) {
      const at = hits.first(text, caseSensitive, whole);
      if (at !== undefined) return at;
    }
    const haystack = caseSensitive ? this.text : this.lower();
    return whole ? findWholeWord(haystack, text) : haystack.indexOf(text);
  }

  /** `occurrence` of a key's text (the literal of a regex key), as a whole word if asked. */
  keyOccurrence(key: TextKey, whole: boolean): number {
    for (const hits of this.#hits) {
      const at = hits.keyFirst(key, whole);
      if (at !== undefined) return at;
    }
    if (key.kind === 'regex') {
      if (key.literal !== null) return (key.caseSensitive ? this.text : this.lower()).indexOf(key.literal);
      let found = -1;
      for (const text of key.alternatives ?? []) {
        const at = this.lower().indexOf(text);
        if (at >= 0 && (found < 0 || at < found)) found = at;
      }
      return found;
    }
    const haystack = key.caseSensitive ? this.text : this.lower();
    return whole ? findWholeWord(haystack, key.text) : haystack.indexOf(key.text);
  }

  /** Every occurrence of the literal that leads a regex key's matches, when a key index keeps them; else undefined. */
  leadingOccurrences(key: RegexKey): readonly number[] | undefined {
    for (const hits of this.#hits) {
      const found = hits.leadingOccurrences(key);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * The segment containing a buffer offset, with where its text starts (a hit on a separator belongs to the next
   * segment); null when the buffer has none.
   */
  locate(offset: number): Readonly<Segment> | null {
    let found: Segment | null = null;
    for (const s of this.#segments) {
      if (s.start - 2 > offset) break;
      found = s;
    }
    return found;
  }
}

/** Which buffer an entry's keys see: its own scan depth (null: the global one) and its match sources (bit i: MATCH_SOURCES[i]). */
export interface BufferLayout {
  readonly depth: number | null;
  readonly mask: number;
}

/** The layout of an entry's buffer, from its raw fields. */
export function bufferLayout(entry: WorldInfoEntry): BufferLayout {
  const scanDepth = entry.scanDepth;
  let depth: number | null = null;
  if (scanDepth !== null && scanDepth !== undefined) {
    depth = Number(scanDepth);
    depth = depth > 0 ? Math.min(depth, MAX_SCAN_DEPTH) : 0;
  }
  let mask = 0;
  MATCH_SOURCES.forEach(([, flag], i) => {
    if (entry[flag]) mask |= 1 << i;
  });
  return { depth, mask };
}

export interface BufferSources {
  /** Newest first, trimmed. */
  messages: readonly string[];
  sources: Readonly<Record<MatchSourceName, string>>;
  injects: readonly { id: string; text: string }[];
}

export class ScanBuffer {
  readonly #input: BufferSources;
  readonly #globalDepth: number;
  readonly #reference: boolean;
  readonly #chunks: { pass: number; text: string }[] = [];
  #skew = 0;
  /** By layout: depth, match-source mask and whether recursion chunks are included. */
  #views = new Map<number, BufferView>();

  /** `reference`: views for the exhaustive reference scan (see BufferView.reference). */
  constructor(input: BufferSources, globalDepth: number, reference = false) {
    this.#input = { ...input, messages: input.messages.slice(0, MAX_SCAN_DEPTH) };
    this.#globalDepth = globalDepth;
    this.#reference = reference;
  }

  /** Current global depth, including min-activation widening. */
  get depth(): number {
    return this.#globalDepth + this.#skew;
  }

  get hasRecursion(): boolean {
    return this.#chunks.length > 0;
  }

  widen(): void {
    this.#skew++;
    this.#views.clear();
  }

  /** Appends the contents a pass activated, joined by "\n", as one recursion chunk, unless that is empty; returns it. */
  addRecursion(pass: number, pieces: readonly string[]): string {
    const text = pieces.join('\n');
    if (!text) return text;
    this.#chunks.push({ pass, text });
    // Views with recursion (id ≥ 0) and any text gain the chunk; the others do not change.
    for (const [id, view] of this.#views) {
      if (id >= 0 && view.text)
        this.#views.set(id, view.extend({ text, segment: { kind: 'recursion', pass } }, pieces));
    }
    return text;
  }

  /** The view of a layout (see `bufferLayout`), with or without recursion chunks. */
  view(layout: BufferLayout, withRecursion: boolean): BufferView {
    const global = this.depth;
    const depth = layout.depth ?? (global > 0 ? Math.min(global, MAX_SCAN_DEPTH) : 0);
    // One view per buffer `#build` makes: depth 0 is no buffer at all, any other depth shows its whole number of
    // messages (as Array#slice truncates it), so 0.5 differs from 0 but 2.7 is 2. A key of the raw depth made an entry
    // with a depth in (0, 1) and one with depth 0 share whichever view was built first.
    const shown = depth === 0 ? 0 : Math.trunc(depth) + 1;
    const id = withRecursion ? shown + layout.mask * 4096 : -1 - shown - layout.mask * 4096;
    let view = this.#views.get(id);
    if (!view) {
      view = this.#build(depth, layout.mask, withRecursion);
      this.#views.set(id, view);
    }
    return view;
  }

  #build(depth: number, mask: number, withRecursion: boolean): BufferView {
    if (depth === 0) return new BufferView([], undefined, this.#reference);
    const { messages, sources, injects } = this.#input;
    const parts: { text: string; segment: MatchSegment }[] = [];
    const shown = messages.slice(0, depth);
    if (shown.length === 0) parts.push({ text: '', segment: { kind: 'message', index: 0 } });
    shown.forEach((text, index) => parts.push({ text, segment: { kind: 'message', index } }));
    MATCH_SOURCES.forEach(([name], i) => {
      if (mask & (1 << i) && sources[name]) parts.push({ text: sources[name], segment: { kind: name } });
    });
    for (const inject of injects) parts.push({ text: inject.text, segment: { kind: 'inject', id: inject.id } });
    if (withRecursion)
      for (const c of this.#chunks) parts.push({ text: c.text, segment: { kind: 'recursion', pass: c.pass } });
    return new BufferView(parts, undefined, this.#reference);
  }
}
