/**
 * One document, two views. The session holds the text (what Monaco shows), the last valid parsed value (what the
 * form shows) and one undo history shared by both views. Invalid text never replaces the last valid value: the
 * form keeps showing it with the error until the text parses again.
 */
import { parseDocument } from '../library/parse-document.ts';
import type { JsonObject } from '../library/parse-document.ts';
import { ApiError } from '../errors.ts';
import type { ErrorDetail } from '../errors.ts';
import type { JsonPath } from './json-path.ts';
import { editJsonText } from './json-text-edit.ts';
import { hasUnicodeEscape, keyPlaces, plainKey } from './json-keys.ts';
import { DEFAULT_MAX_DOCUMENT_BYTES, DEFAULT_TREE_LIMITS, findTreeProblem } from '../util/document-limits.ts';

export interface DocState {
  readonly text: string;
  /** The last document that parsed; the form edits this one. */
  readonly value: JsonObject;
  readonly error: ErrorDetail | null;
  readonly undo: readonly HistoryEntry[];
  readonly redo: readonly HistoryEntry[];
  /** The text as last saved, to show unsaved changes. */
  readonly savedText: string;
  /** Which view made the last change: the JSON view must not be fed back its own (possibly older) text. */
  readonly changedBy: 'open' | 'text' | 'form' | 'history';
  /** Where the form last wrote a string, so typing on in that field splices text instead of reparsing it all. */
  readonly lastField?: { key: string; offset: number; length: number; text: string };
  /** What an entry-only parse must know of the whole text, carried from edit to edit (see `TextFacts`). */
  readonly facts?: TextFacts;
}

interface HistoryEntry {
  text: string;
  /** Typing in the same place within this window merges into one undo step. */
  at: number;
  source: 'text' | 'form';
  group?: string;
}

const MERGE_MS = 800;
const MAX_HISTORY = 500;

export function openDoc(text: string): DocState {
  return {
    text,
    value: parseDocument(text, 'json'),
    error: null,
    undo: [],
    redo: [],
    savedText: text,
    changedBy: 'open',
  };
}

function parse(text: string): { value: JsonObject } | { error: ErrorDetail } {
  try {
    return { value: parseDocument(text, 'json') };
  } catch (e) {
    if (e instanceof ApiError) return { error: e.details?.[0] ?? { message: e.message } };
    throw e;
  }
}

function push(
  state: DocState,
  text: string,
  now: number,
  source: HistoryEntry['source'],
  group?: string,
): readonly HistoryEntry[] {
  const last = state.undo[state.undo.length - 1];
  // Merge a burst of edits to the same field (or typing in Monaco) into one undo step.
  if (last && last.source === source && last.group === group && now - last.at < MERGE_MS) {
    return [...state.undo.slice(0, -1), { ...last, at: now }];
  }
  return [...state.undo, { text: state.text, at: now, source, ...(group === undefined ? {} : { group }) }].slice(
    -MAX_HISTORY,
  );
}

/**
 * Where a text edit happened, when the editor knows: `base` (the text it edited) changed only inside the value at
 * `path` (object keys), whose text `before` is now `after`. The session then reads those two texts, never the whole
 * new text.
 */
export interface EditedValue {
  base: string;
  path: readonly string[];
  before: string;
  after: string;
}

/**
 * Facts about the whole of `text` that decide whether an edit inside one value may be parsed alone, carried from edit
 * to edit by looking only at the replaced and the new value: whether it has a `\u` escape, and per key the places it
 * may be written as an object key (`keyPlaces`). In the page a new text is a concatenation that no one has read
 * whole yet; its first whole read copies it (≈30 ms for a 7 MB book in Chromium), so no keystroke may read it.
 */
interface TextFacts {
  text: string;
  escapeFree: boolean;
  keyPlaceCounts: ReadonlyMap<string, number>;
}

/**
 * The facts of the new text from those of `state.text` and the edit alone. The text outside the edited value is
 * unchanged, and neither an escape nor a key's place (see `keyPlaces`) spans the edge of a whole JSON value, so no
 * escape stays none if the new value has none, and a key's places change by the new value's minus the old one's.
 */
function factsAfterEdit(state: DocState, text: string, at: EditedValue): TextFacts | undefined {
  const known = state.facts?.text === state.text ? state.facts : undefined;
  if (!(known?.escapeFree ?? !hasUnicodeEscape(state.text)) || hasUnicodeEscape(at.after)) return;
  const placeCountsAfter = new Map<string, number>();
  for (const key of new Set([...(known?.keyPlaceCounts.keys() ?? []), ...at.path])) {
    const was = known?.keyPlaceCounts.get(key) ?? keyPlaces(state.text, key).length;
    placeCountsAfter.set(key, was - keyPlaces(at.before, key).length + keyPlaces(at.after, key).length);
  }
  return { text, escapeFree: true, keyPlaceCounts: placeCountsAfter };
}

/**
 * The state knowing the facts an edit inside the value at `path` needs (see `TextFacts`): found when the editor
 * expects such an edit (an entry opened in the form), so that its first keystroke reads only the value. The same
 * state when they are known.
 */
export function withFacts(state: DocState, path: readonly string[]): DocState {
  if (state.error) return state;
  const known = state.facts?.text === state.text ? state.facts : undefined;
  if (known && path.every((key) => known.keyPlaceCounts.has(key))) return state;
  const keyPlaceCounts = new Map(known?.keyPlaceCounts);
  for (const key of path) if (!keyPlaceCounts.has(key)) keyPlaceCounts.set(key, keyPlaces(state.text, key).length);
  const escapeFree = known?.escapeFree ?? !hasUnicodeEscape(state.text);
  return { ...state, facts: { text: state.text, escapeFree, keyPlaceCounts } };
}

/**
 * The value of `text` without parsing it all, when it differs from the state's (valid) text only inside one value:
 * that value is parsed and put in place, sharing the rest. Only where this is certain to equal a whole parse — each
 * key of the path written once in the whole text (no duplicate could win instead), the new value within the tree
 * limits at its depth, the text too short to hold more values than the limit — else undefined. A 5,000-entry book is
 * 7 MB: parsing it all on every keystroke in an entry's field was about 55 ms.
 */
function valueAfterEdit(
  state: DocState,
  text: string,
  at: EditedValue,
): { value: JsonObject; facts: TextFacts } | undefined {
  const { maxDepth, maxNodes } = DEFAULT_TREE_LIMITS;
  // A JSON value takes at least two characters with its separator, so this text holds fewer values than the limit.
  if (state.error || at.base !== state.text || at.path.length === 0 || text.length >= 2 * maxNodes - 2) return;
  if (text.length > DEFAULT_MAX_DOCUMENT_BYTES || !at.path.every(plainKey)) return;
  const parents: Record<string, unknown>[] = [state.value];
  for (const key of at.path.slice(0, -1)) {
    const child = parents[parents.length - 1]![key];
    if (typeof child !== 'object' || child === null || Array.isArray(child)) return;
    parents.push(child as Record<string, unknown>);
  }
  if (!Object.hasOwn(parents[parents.length - 1]!, at.path[at.path.length - 1]!)) return;
  let value: unknown;
  try {
    value = JSON.parse(at.after);
  } catch {
    return;
  }
  // The keys are in the parsed value, so each is written at least once: a bound of one means exactly once.
  const facts = factsAfterEdit(state, text, at);
  if (!facts || !at.path.every((key) => facts.keyPlaceCounts.get(key) === 1)) return;
  if (findTreeProblem(value, { maxDepth: maxDepth - at.path.length, maxNodes })) return;
  for (let i = at.path.length - 1; i >= 0; i--) {
    const copy = { ...parents[i], [at.path[i]!]: value };
    replacements.set(copy, { base: parents[i]!, key: at.path[i]! });
    value = copy;
  }
  return { value: value as JsonObject, facts };
}

/** Each object an entry-only parse copied: the object it copied and the key whose value it replaced. */
const replacements = new WeakMap<object, { base: object; key: string }>();
/** How many replacements `replacedKeys` follows back before it gives up (a reader that fell that far behind). */
const MAX_REPLACEMENTS = 64;

/**
 * The keys whose values were replaced on the way from `from` to `to`, two objects at one place of successive values
 * of a session (a reader that kept what it derived from `from` then updates just those keys); null when `to` was not
 * made from `from` that way (a whole parse, or more than 64 replacements ago). A key may be listed more than once.
 */
export function replacedKeys(from: object, to: object): string[] | null {
  const keys: string[] = [];
  for (let at = to; at !== from;) {
    const step = replacements.get(at);
    if (!step || keys.length === MAX_REPLACEMENTS) return null;
    keys.push(step.key);
    at = step.base;
  }
  return keys;
}

/** The JSON view changed the text (`at`: where, when the editor knows, so the rest need not be parsed again). */
export function applyText(state: DocState, text: string, now = Date.now(), at?: EditedValue): DocState {
  // Told where the edit was, compare that value's texts rather than two whole texts.
  if (at && at.base === state.text ? at.before === at.after : text === state.text) return state;
  const known = at && valueAfterEdit(state, text, at);
  const parsed = known ?? parse(text);
  return {
    ...state,
    text,
    value: 'value' in parsed ? parsed.value : state.value,
    error: 'error' in parsed ? parsed.error : null,
    facts: known?.facts,
    undo: push(state, text, now, 'text'),
    redo: [],
    changedBy: 'text',
  };
}

/** Sets a string at a path in the parsed value, copying only the objects along the path. */
function withString(value: JsonObject, path: JsonPath, text: string): JsonObject {
  const [head, ...rest] = path;
  const copy: Record<string | number, unknown> = Array.isArray(value)
    ? ([...value] as unknown as Record<number, unknown>)
    : { ...value };
  copy[head as string] = rest.length === 0 ? text : withString(copy[head as string] as JsonObject, rest, text);
  return copy as JsonObject;
}

/**
 * Typing in one field: when the previous edit wrote this same string field and nothing else touched the text
 * since, the field's encoded bytes are exactly where we left them, so the new text is a splice (a 1 MB
 * description costs microseconds per keystroke instead of a full parse).
 */
function spliceField(state: DocState, key: string, value: string): DocState | null {
  const last = state.lastField;
  if (!last || last.key !== key || last.text !== state.text) return null;
  const encoded = JSON.stringify(value);
  const text = state.text.slice(0, last.offset) + encoded + state.text.slice(last.offset + last.length);
  return { ...state, text, lastField: { key, offset: last.offset, length: encoded.length, text } };
}

/** The form changed one field. Refused while the text is invalid, so no keystroke in Monaco is overwritten. */
export function applyField(state: DocState, path: JsonPath, value: unknown, now = Date.now()): DocState {
  if (state.error) return state;
  const key = JSON.stringify(path);
  const spliced = typeof value === 'string' ? spliceField(state, key, value) : null;
  if (spliced) {
    return {
      ...spliced,
      value: withString(state.value, path, value as string),
      error: null,
      undo: push(state, spliced.text, now, 'form', key),
      redo: [],
      changedBy: 'form',
    };
  }
  const { text, edits } = editJsonText(state.text, path, value);
  if (text === state.text) return state;
  const parsed = parse(text);
  if (!('value' in parsed)) return state;
  // A single replacement of a string value: remember where it sits for the next keystroke.
  const only = edits.length === 1 ? edits[0] : undefined;
  const encoded = typeof value === 'string' ? JSON.stringify(value) : undefined;
  // The value is the last thing the edit wrote (after its key, when the key is new), so search backwards.
  const at =
    only && encoded !== undefined ? text.lastIndexOf(encoded, only.offset + only.content.length - encoded.length) : -1;
  const lastField = only && at >= only.offset ? { key, offset: at, length: encoded!.length, text } : undefined;
  return {
    ...state,
    text,
    value: parsed.value,
    error: null,
    undo: push(state, text, now, 'form', key),
    redo: [],
    changedBy: 'form',
    ...(lastField ? { lastField } : { lastField: undefined }),
  };
}

function restore(state: DocState, text: string): Pick<DocState, 'text' | 'value' | 'error' | 'changedBy'> {
  const parsed = parse(text);
  return {
    text,
    value: 'value' in parsed ? parsed.value : state.value,
    error: 'error' in parsed ? parsed.error : null,
    changedBy: 'history',
  };
}

export function undo(state: DocState): DocState {
  const entry = state.undo[state.undo.length - 1];
  if (!entry) return state;
  return {
    ...state,
    ...restore(state, entry.text),
    undo: state.undo.slice(0, -1),
    redo: [...state.redo, { text: state.text, at: 0, source: entry.source }],
  };
}

export function redo(state: DocState): DocState {
  const entry = state.redo[state.redo.length - 1];
  if (!entry) return state;
  return {
    ...state,
    ...restore(state, entry.text),
    redo: state.redo.slice(0, -1),
    undo: [...state.undo, { text: state.text, at: 0, source: entry.source }],
  };
}

export function markSaved(state: DocState, savedText: string): DocState {
  return { ...state, savedText };
}

export function isDirty(state: DocState): boolean {
  return state.text !== state.savedText;
}
