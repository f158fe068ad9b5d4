/**
 * Writes a new `entries` object into the book's JSON text as minimal edits: changed entries are re-serialized in
 * place, removed ones cut out, new ones appended; every other byte stays as the author had it. A bulk edit of
 * thousands of entries is one parse and one pass, where a generic path edit of the whole `entries` value
 * re-formats all of it (seconds on a large book).
 */
import { applyEdits, findNodeAtLocation, modify, parseTree } from 'jsonc-parser';
import type { Edit, Node } from 'jsonc-parser';
import type { JsonPath } from '../../../shared/document/json-path.ts';
import type { WorldInfoEntry } from '../../../shared/lorebook/model.ts';
import { detectIndent } from '../../../shared/library/parse-document.ts';
import { hasUnicodeEscape, keyPlaces, plainKey } from '../../../shared/document/json-keys.ts';

function serialize(entry: WorldInfoEntry, unit: string, depth: number, eol: string): string {
  return JSON.stringify(entry, null, unit)
    .split('\n')
    .join(eol + unit.repeat(depth));
}

/** The new text, or null when the text has no `entries` object to edit in place (the caller falls back). */
export function writeEntries(text: string, next: Record<string, WorldInfoEntry>): string | null {
  const root = parseTree(text);
  const entries = root && findNodeAtLocation(root, ['entries']);
  if (!entries || entries.type !== 'object') return null;
  const indent = detectIndent(text);
  const unit = typeof indent === 'number' ? ' '.repeat(indent) : indent;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const props = (entries.children ?? []) as Node[];
  if (props.length === 0) return null;
  const edits: Edit[] = [];
  const present = new Set<string>();
  const kept: Node[] = [];
  for (const prop of props) {
    const [keyNode, valueNode] = prop.children ?? [];
    if (!keyNode || !valueNode) continue;
    const id = String(keyNode.value);
    present.add(id);
    if (!(id in next)) continue;
    kept.push(prop);
    const entry = next[id]!;
    // Untouched entries keep their object identity through the editor's helpers, so comparing text is rare.
    const old = text.slice(valueNode.offset, valueNode.offset + valueNode.length);
    const fresh = serialize(entry, unit, 2, eol);
    if (old !== fresh && JSON.stringify(JSON.parse(old)) !== JSON.stringify(entry))
      edits.push({ offset: valueNode.offset, length: valueNode.length, content: fresh });
  }
  // Removed entries: each is cut from its start to the next kept property (or back to the previous one when last).
  for (let i = 0; i < props.length; i++) {
    const prop = props[i]!;
    const id = String(prop.children?.[0]?.value);
    if (id in next) continue;
    const following = props.slice(i + 1).find((p) => String(p.children?.[0]?.value) in next);
    if (following) edits.push({ offset: prop.offset, length: following.offset - prop.offset, content: '' });
    else {
      const previous = [...props.slice(0, i)].reverse().find((p) => String(p.children?.[0]?.value) in next);
      const start = previous ? previous.offset + previous.length : prop.offset;
      edits.push({ offset: start, length: prop.offset + prop.length - start, content: '' });
    }
  }
  const added = Object.keys(next).filter((id) => !present.has(id));
  if (added.length > 0) {
    if (kept.length === 0) return null;
    const last = kept[kept.length - 1]!;
    const lead = eol + unit.repeat(2);
    const content = added.map((id) => `,${lead}${JSON.stringify(id)}: ${serialize(next[id]!, unit, 2, eol)}`).join('');
    edits.push({ offset: last.offset + last.length, length: 0, content });
  }
  // Removals of a run of trailing entries overlap; merge by applying from the end, skipping covered ranges.
  edits.sort((a, b) => b.offset - a.offset);
  const merged: Edit[] = [];
  for (const e of edits) {
    const prev = merged[merged.length - 1];
    if (prev && e.offset + e.length > prev.offset) {
      const end = Math.max(prev.offset + prev.length, e.offset + e.length);
      merged[merged.length - 1] = { offset: e.offset, length: end - e.offset, content: e.content + prev.content };
    } else merged.push(e);
  }
  return splice(text, merged.reverse());
}

/** Applies non-overlapping edits sorted by offset in one pass (applying them one by one copies the text each time). */
function splice(text: string, edits: readonly Edit[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const e of edits) {
    parts.push(text.slice(at, e.offset), e.content);
    at = e.offset + e.length;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * The text range of `entries[id]`'s value, found with a scan that only tracks strings and nesting (a full JSON
 * parse of a multi-megabyte book costs far more than the form's one-field edit).
 */
export function entryRange(text: string, id: string): { start: number; end: number } | null {
  let depth = 0;
  let inEntries = false;
  let entriesDepth = -1;
  for (let i = nextStructural(text, 0); i >= 0; i = nextStructural(text, i + 1)) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const end = stringEnd(text, i);
      if (end < 0) return null;
      // Only keys of the top level and of `entries` matter: others are not even read.
      const wanted = inEntries ? depth === entriesDepth : depth === 1;
      const colon = wanted ? nextNonSpace(text, end + 1) : -1;
      if (colon >= 0 && text.charCodeAt(colon) === 58 /* : */) {
        const key = text.slice(i + 1, end);
        const name = key.includes('\\') ? (JSON.parse(`"${key}"`) as string) : key;
        const valueStart = nextNonSpace(text, colon + 1);
        if (!inEntries && name === 'entries' && text.charCodeAt(valueStart) === 123) {
          inEntries = true;
          entriesDepth = depth + 1;
        } else if (inEntries && name === id) {
          const valueEnd = valueEndAt(text, valueStart);
          return valueEnd < 0 ? null : { start: valueStart, end: valueEnd };
        }
      }
      i = end;
    } else if (c === 123 || c === 91) depth++;
    else {
      depth--;
      if (inEntries && depth < entriesDepth) return null;
    }
  }
  return null;
}

/** Quotes, braces and brackets: the rest of the text (whitespace, numbers, literals) is skipped by the regex engine. */
const STRUCTURAL = /["{}[\]]/g;

/** The offset of the next quote, brace or bracket at or after `from`; -1 when there is none. */
function nextStructural(text: string, from: number): number {
  STRUCTURAL.lastIndex = from;
  return STRUCTURAL.exec(text)?.index ?? -1;
}

function stringEnd(text: string, open: number): number {
  for (let j = text.indexOf('"', open + 1); j >= 0; j = text.indexOf('"', j + 1)) {
    let backslashes = 0;
    for (let k = j - 1; text.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 0) return j;
  }
  return -1;
}

function nextNonSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

/** End (exclusive) of the object or array starting at `start`. */
function valueEndAt(text: string, start: number): number {
  const open = text.charCodeAt(start);
  if (open !== 123 && open !== 91) return -1;
  let depth = 0;
  for (let i = start; i >= 0; i = nextStructural(text, i + 1)) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = stringEnd(text, i);
      if (i < 0) return -1;
    } else if (c === 123 || c === 91) depth++;
    else {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * An entry's place in the book's text, which is `head + entry + tail`, with what an edit of the entry needs of the
 * rest: the book's indentation and whether the rest has CRLF line ends. Kept between the keystrokes in one entry,
 * it lets the next edit neither search nor read the whole text: the new text is the same head and tail around the
 * edited entry, concatenated (no copy until something reads it whole, and nothing in the form does).
 */
export interface EntryPlace {
  text: string;
  id: string;
  head: string;
  entry: string;
  tail: string;
  indent: number | string;
  crlfOutside: boolean;
}

/**
 * The range of `entries[id]`'s value when `id` is known to be a key of the book's `entries` in `text` (the caller
 * parsed it) and, with no `\u` escape in the text, the quoted id is written as a key in one place only: that place
 * is the entry. Two searches of the text instead of a scan that follows all of its structure.
 */
function knownEntryRange(text: string, id: string): { start: number; end: number } | null {
  if (!plainKey(id) || hasUnicodeEscape(text)) return null;
  const places = keyPlaces(text, id);
  if (places.length !== 1) return null;
  const start = nextNonSpace(text, places[0]!);
  const end = valueEndAt(text, start);
  return end < 0 ? null : { start, end };
}

/** Where `entries[id]` lies in `text`; null when it is not found. `known`: `id` is a key of `entries` in `text`. */
export function entryPlace(text: string, id: string, known = false): EntryPlace | null {
  const range = (known && knownEntryRange(text, id)) || entryRange(text, id);
  if (!range) return null;
  const head = text.slice(0, range.start);
  const tail = text.slice(range.end);
  return {
    text,
    id,
    head,
    entry: text.slice(range.start, range.end),
    tail,
    // The indentation is read from the first line, and the head holds it (an entry's value is never first).
    indent: detectIndent(head),
    crlfOutside: head.includes('\r\n') || tail.includes('\r\n'),
  };
}

/**
 * Where the string value of `key` is written in the object `text`: of properties so named the first, as jsonc finds
 * it; null when there is none, or its value is no string.
 */
function stringValueRange(text: string, key: string): { offset: number; length: number } | null {
  let depth = 0;
  // One entry's text: a plain loop over it is cheaper than a regex search per quote or brace.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const end = stringEnd(text, i);
      if (end < 0) return null;
      const colon = depth === 1 ? nextNonSpace(text, end + 1) : -1;
      if (colon >= 0 && text.charCodeAt(colon) === 58 /* : */) {
        const raw = text.slice(i + 1, end);
        if ((raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw) === key) {
          const start = nextNonSpace(text, colon + 1);
          const close = text.charCodeAt(start) === 34 ? stringEnd(text, start) : -1;
          return close < 0 ? null : { offset: start, length: close + 1 - start };
        }
      }
      i = end;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) depth--;
  }
  return null;
}

/**
 * One field of one entry edited in place: jsonc's minimal edit runs on that entry's text only, in the book's own
 * indentation. `last` is the entry's place from the previous edit; it is used when it is the place of this `id` in
 * this `text`; `known` as for `entryPlace`. Returns the entry's new place and its text before the edit; null when
 * the entry is not found (the caller falls back to a whole-document edit).
 */
export function editEntryField(
  text: string,
  id: string,
  path: JsonPath,
  value: unknown,
  last?: EntryPlace | null,
  known = false,
): { place: EntryPlace; before: string } | null {
  const place = last && last.text === text && last.id === id ? last : entryPlace(text, id, known);
  if (!place) return null;
  const { indent, entry } = place;
  // An existing string field: jsonc replaces a value with its JSON and formats nothing outside it (the range it
  // formats is the new value alone), so the new string is put where the old one is written, without jsonc.
  const old =
    typeof value === 'string' && path.length === 1 && typeof path[0] === 'string'
      ? stringValueRange(entry, path[0])
      : null;
  let edited: string;
  if (old) edited = entry.slice(0, old.offset) + JSON.stringify(value) + entry.slice(old.offset + old.length);
  else {
    const formattingOptions =
      typeof indent === 'number' ? { tabSize: indent, insertSpaces: true } : { tabSize: 1, insertSpaces: false };
    const eol = place.crlfOutside || entry.includes('\r\n') ? '\r\n' : '\n';
    edited = applyEdits(entry, modify(entry, [...path], value, { formattingOptions: { ...formattingOptions, eol } }));
  }
  return { place: { ...place, text: place.head + edited + place.tail, entry: edited }, before: entry };
}
