/**
 * Rewrites a JSON text to hold another document with the smallest text change: every untouched part keeps its
 * bytes (indentation, key order, escapes, number spelling, line endings). The changes between the two documents
 * become jsonc-parser edits at their paths; the result is checked by parsing it back, and when an edit cannot be
 * expressed in place (keys reordered, duplicate keys in the source) the document is printed whole in the source's
 * style instead.
 */
import { applyEdits, modify } from 'jsonc-parser';
import type { Edit, FormattingOptions } from 'jsonc-parser';
import { isObject } from './types.ts';
import { jsonEqual } from './json-equal.ts';
import { getOwn, setOwn } from '../util/own.ts';

type Path = (string | number)[];

const MAX_EDITS = 64;

export interface JsonChange {
  path: Path;
  /** undefined removes the key. */
  value: unknown;
}

/** The changes that turn `from` into `to`, as few and as deep as possible; arrays change in place or whole. */
export function jsonChanges(from: unknown, to: unknown, path: Path = []): JsonChange[] {
  if (jsonEqual(from, to)) return [];
  if (isObject(from) && isObject(to)) {
    const out: JsonChange[] = [];
    for (const key of Object.keys(from))
      if (!Object.hasOwn(to, key)) out.push({ path: [...path, key], value: undefined });
    for (const [key, value] of Object.entries(to)) {
      out.push(
        ...(Object.hasOwn(from, key)
          ? jsonChanges(from[key], value, [...path, key])
          : [{ path: [...path, key], value }]),
      );
    }
    return out;
  }
  if (Array.isArray(from) && Array.isArray(to) && from.length === to.length)
    return to.flatMap((v, i) => jsonChanges(from[i], v, [...path, i]));
  return [{ path, value: to }];
}

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** Applies changes to a parsed document (a copy), the way the text edits apply them to the text. */
export function applyJsonChanges(doc: unknown, changes: readonly JsonChange[]): unknown {
  let root: unknown = clone(doc);
  for (const { path, value } of changes) {
    if (path.length === 0) {
      root = clone(value);
      continue;
    }
    let at: unknown = root;
    // Own keys only: a document's `__proto__` key is data, and must never lead the edit into Object.prototype.
    for (const key of path.slice(0, -1)) {
      const holder = at as object;
      const next = getOwn(holder, key);
      if (!isObject(next) && !Array.isArray(next)) setOwn(holder, key, typeof key === 'number' ? [] : {});
      at = getOwn(holder, key);
    }
    const last = path.at(-1)!;
    if (value === undefined) delete (at as Record<string | number, unknown>)[last];
    else setOwn(at as object, last, clone(value));
  }
  return root;
}

/** The indentation and line ending a JSON text uses, for the text an edit inserts. */
export function jsonStyle(text: string): { indent: number | string; eol: string; minified: boolean } {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const m = /[{[][ \t]*\r?\n([ \t]+)\S/.exec(text);
  if (!m) return { indent: 2, eol, minified: !/\n/.test(text.trim()) };
  return { indent: m[1]!.includes('\t') ? '\t' : m[1]!.length, eol, minified: false };
}

function formatting(text: string): FormattingOptions {
  const style = jsonStyle(text);
  return typeof style.indent === 'string'
    ? { insertSpaces: false, tabSize: 1, eol: style.eol }
    : { insertSpaces: true, tabSize: style.indent, eol: style.eol };
}

/** What a single-line JSON text writes after a key (`:` or `: `…) and between items (`,` or `, `…). */
interface OneLine {
  colon: string;
  comma: string;
}

/**
 * The separators of a single-line text: what follows its first colon and comma outside strings. Without a colon,
 * JSON.stringify's; without a comma, the colon's spacing.
 */
function oneLineStyle(text: string): OneLine {
  let colon: string | undefined;
  let comma: string | undefined;
  let inString = false;
  for (let i = 0; i < text.length && (colon === undefined || comma === undefined); i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === ':' || c === ',') {
      let end = i + 1;
      while (text[end] === ' ' || text[end] === '\t') end++;
      if (c === ':') colon ??= text.slice(i, end);
      else comma ??= text.slice(i, end);
    }
  }
  colon ??= ':';
  return { colon, comma: comma ?? `,${colon.slice(1)}` };
}

/** `value` on one line with the separators of `style`. */
function printOneLine(value: unknown, style: OneLine): string {
  if (style.colon === ':' && style.comma === ',') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => printOneLine(v, style)).join(style.comma)}]`;
  if (isObject(value))
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}${style.colon}${printOneLine(v, style)}`)
      .join(style.comma)}}`;
  return JSON.stringify(value);
}

/**
 * An edit jsonc-parser made unformatted (`,"key": value`, `"key": value,`, or the value alone) in the separators
 * of a single-line text: its formatter knows indented text only, and would break a single line into many.
 */
function restyle(edit: Edit, value: unknown, style: OneLine): Edit {
  const printed = JSON.stringify(value);
  const { content } = edit;
  const lead = content.startsWith(',');
  const trail = !lead && content.endsWith(',');
  const body = content.slice(lead ? 1 : 0, trail ? -1 : undefined);
  if (value === undefined || !body.endsWith(printed)) return edit;
  const key =
    body.length > printed.length
      ? `${body.slice(0, body.length - printed.length).replace(/: $/, '')}${style.colon}`
      : '';
  const restyled = `${lead ? style.comma : ''}${key}${printOneLine(value, style)}${trail ? style.comma : ''}`;
  return { ...edit, content: restyled };
}

/** `doc` printed whole in the style of `text` (indent or single line, line endings, final newline, BOM). */
export function printJsonLike(doc: unknown, text: string): string {
  const style = jsonStyle(text);
  let out = style.minified ? printOneLine(doc, oneLineStyle(text)) : JSON.stringify(doc, null, style.indent);
  if (style.eol === '\r\n') out = out.replace(/\n/g, '\r\n');
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  return `${bom}${out}${trailingSpace(text)}`;
}

/** The whitespace `text` ends with (a regex anchored at the end would try every run of spaces in the text). */
export function trailingSpace(text: string): string {
  let start = text.length;
  while (start > 0 && /\s/.test(text[start - 1]!)) start--;
  return text.slice(start);
}

function parses(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

/**
 * `text` (whose parsed value is `from`) changed to hold `to`. Key order follows `to` where keys are added, since
 * each added key is inserted at its position among its siblings.
 */
export function editJsonTo(text: string, from: unknown, to: unknown): string {
  if (jsonEqual(from, to)) return text;
  const changes = jsonChanges(from, to);
  // Each edit rescans the text; past a few dozen changes the document is printed whole instead.
  if (changes.length > MAX_EDITS || editPrintsWhole(text, from, to, changes)) return printJsonLike(to, text);
  return editJsonInPlace(text, to, changes);
}

/**
 * Whether editing `text` in place gives what printing `to` whole gives, so the edits (each a rescan of the text)
 * can be skipped: the text is `from` exactly as printJsonLike prints it (indented or on one line), and every change is to a
 * top-level key of a non-empty result, so every key the edits keep already reads as printed. A V1→V2 conversion
 * of a card as tools write it is such an edit. (The property test in json-edit.property.test.ts holds the two
 * paths equal.)
 */
function editPrintsWhole(text: string, from: unknown, to: unknown, changes: readonly JsonChange[]): boolean {
  return (
    isObject(to) &&
    Object.keys(to).length > 0 &&
    changes.every((c) => c.path.length === 1) &&
    printJsonLike(from, text) === text
  );
}

/** `text` with `changes` applied as edits in place; printed whole when the edits do not give `to`. */
export function editJsonInPlace(text: string, to: unknown, changes: readonly JsonChange[]): string {
  const oneLine = jsonStyle(text).minified ? oneLineStyle(text) : undefined;
  const options = oneLine ? undefined : formatting(text);
  let out = text;
  try {
    for (const change of changes) {
      const parent = change.path.length > 1 ? lookup(to, change.path.slice(0, -1)) : to;
      const last = change.path.at(-1);
      const insertAt = isObject(parent) && typeof last === 'string' ? Object.keys(parent).indexOf(last) : -1;
      const edits = modify(out, change.path, change.value, {
        ...(options ? { formattingOptions: options } : {}),
        ...(insertAt >= 0
          ? { getInsertionIndex: (keys: string[]) => countBefore(Object.keys(parent as object), last as string, keys) }
          : {}),
      });
      out = applyEdits(out, oneLine ? edits.map((e) => restyle(e, change.value, oneLine)) : edits);
    }
  } catch {
    return printJsonLike(to, text);
  }
  return jsonEqual(parses(out), to) ? out : printJsonLike(to, text);
}

function lookup(doc: unknown, path: Path): unknown {
  let at = doc;
  for (const key of path)
    at = isObject(at) || Array.isArray(at) ? (at as Record<string | number, unknown>)[key] : undefined;
  return at;
}

/** Where a new key goes among the keys already in the text: after every key that precedes it in the target. */
function countBefore(targetOrder: string[], key: string, present: string[]): number {
  const before = new Set(targetOrder.slice(0, targetOrder.indexOf(key)));
  let index = 0;
  present.forEach((k, i) => {
    if (before.has(k)) index = i + 1;
  });
  return index;
}
