// The text an entry is matched against (docs/world-info.md#scan-buffer): newest message first, every segment introduced by \x01,
// then the entry's opted-in match sources, injected prompts and (outside min-activation passes) recursion chunks.
// Views are built once per distinct layout per pass and shared by every entry with that layout.
import type { MatchSegment, WorldInfoEntry } from './model.ts';
import { isWordChar } from './keys.ts';

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

interface Segment {
  start: number;
  segment: MatchSegment;
}

export class BufferView {
  readonly text: string;
  readonly #segments: readonly Segment[];
  #lower: string | undefined;
  #tokens: Set<string> | undefined;
  #lowerTokens: Set<string> | undefined;

  constructor(parts: readonly { text: string; segment: MatchSegment }[]) {
    const segments: Segment[] = [];
    let text = '';
    for (const part of parts) {
      text += text ? '\n\x01' : '\x01';
      segments.push({ start: text.length, segment: part.segment });
      text += part.text;
    }
    this.text = text;
    this.#segments = segments;
  }

  lower(): string {
    return (this.#lower ??= this.text.toLowerCase());
  }

  /** Maximal runs of ASCII word characters: the units a whole-word key of word characters can match. */
  tokens(caseSensitive: boolean): Set<string> {
    if (caseSensitive) return (this.#tokens ??= tokenize(this.text));
    return (this.#lowerTokens ??= tokenize(this.lower()));
  }

  /** The segment containing a buffer offset, and the offset inside it (a hit on a separator belongs to the next segment). */
  locate(offset: number): { segment: MatchSegment; offset: number } | null {
    let found: Segment | undefined;
    for (const s of this.#segments) {
      if (s.start - 2 > offset) break;
      found = s;
    }
    return found ? { segment: found.segment, offset: Math.max(0, offset - found.start) } : null;
  }
}

function tokenize(text: string): Set<string> {
  const tokens = new Set<string>();
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const word = i < text.length && isWordChar(text.charCodeAt(i));
    if (word && start < 0) start = i;
    else if (!word && start >= 0) {
      tokens.add(text.slice(start, i));
      start = -1;
    }
  }
  return tokens;
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
  readonly #chunks: { pass: number; text: string }[] = [];
  #skew = 0;
  /** By layout: depth, match-source mask and whether recursion chunks are included. */
  #views = new Map<number, BufferView>();

  constructor(input: BufferSources, globalDepth: number) {
    this.#input = { ...input, messages: input.messages.slice(0, MAX_SCAN_DEPTH) };
    this.#globalDepth = globalDepth;
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

  addRecursion(pass: number, text: string): void {
    this.#chunks.push({ pass, text });
    this.#views.clear();
  }

  view(entry: WorldInfoEntry, withRecursion: boolean): BufferView {
    const scanDepth = entry.scanDepth;
    let depth = scanDepth === null || scanDepth === undefined ? this.depth : Number(scanDepth);
    if (!(depth > 0)) depth = 0;
    depth = Math.min(depth, MAX_SCAN_DEPTH);
    let mask = 0;
    MATCH_SOURCES.forEach(([, flag], i) => {
      if (entry[flag]) mask |= 1 << i;
    });
    const id = withRecursion ? depth + mask * 4096 : -1 - depth - mask * 4096;
    let view = this.#views.get(id);
    if (!view) {
      view = this.#build(depth, mask, withRecursion);
      this.#views.set(id, view);
    }
    return view;
  }

  #build(depth: number, mask: number, withRecursion: boolean): BufferView {
    if (depth === 0) return new BufferView([]);
    const { messages, sources, injects } = this.#input;
    const parts: { text: string; segment: MatchSegment }[] = [];
    const shown = messages.slice(0, depth);
    if (shown.length === 0) parts.push({ text: '', segment: { kind: 'message', index: 0 } });
    shown.forEach((text, index) => parts.push({ text, segment: { kind: 'message', index } }));
    MATCH_SOURCES.forEach(([name], i) => {
      if (mask & (1 << i) && sources[name]) parts.push({ text: sources[name], segment: { kind: name } });
    });
    for (const inject of injects) parts.push({ text: inject.text, segment: { kind: 'inject', id: inject.id } });
    if (withRecursion) for (const c of this.#chunks) parts.push({ text: c.text, segment: { kind: 'recursion', pass: c.pass } });
    return new BufferView(parts);
  }
}
