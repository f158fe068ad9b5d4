/**
 * JSON and YAML output. Key order is the document's (as read). When the document is unchanged from `original`,
 * the original text is returned as is — byte-identical whatever its style; otherwise its indent, line endings and
 * final newline are reused.
 */
import yaml from 'js-yaml';
import type { JsonObject } from './types.ts';
import { editJsonTo } from './json-edit.ts';

export interface TextWriteOptions {
  /** Indent: 2, 4 or '\t'. Default: the original's, else 2. */
  indent?: number | string;
  /** The text the document was read from. */
  original?: string;
  /** JSON: the value `original` parses to, when the caller holds it (unchanged since), so it is not parsed again. */
  parsed?: unknown;
}

/** The indent of a JSON text: spaces, '\t', or 0 for single-line JSON; undefined when it cannot tell. */
export function detectIndent(text: string): number | string | undefined {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (/^[{[][ \t]*[^\s]/.test(body)) return 0;
  const m = /^[{[][ \t]*\r?\n([ \t]+)\S/.exec(body);
  if (!m) return undefined;
  return m[1]!.includes('\t') ? '\t' : m[1]!.length;
}

function unchanged(doc: JsonObject, original: string, parse: (text: string) => unknown): boolean {
  try {
    return JSON.stringify(parse(original.replace(/^\uFEFF/, ''))) === JSON.stringify(doc);
  } catch {
    return false;
  }
}

function layoutLike(text: string, original: string | undefined): string {
  if (original === undefined) return text.endsWith('\n') ? text : `${text}\n`;
  let out = text.replace(/\n$/, '');
  if (original.includes('\r\n')) out = out.replace(/\n/g, '\r\n');
  const eol = /\r?\n$/.exec(original)?.[0] ?? '';
  return `${original.startsWith('\uFEFF') ? '\uFEFF' : ''}${out}${eol}`;
}

export function writeJsonText(doc: JsonObject, options: TextWriteOptions = {}): string {
  const { original } = options;
  if (original !== undefined && options.indent === undefined) {
    const before = options.parsed ?? parseJson(original);
    // Edits land in place: untouched parts keep their formatting, key order and escapes.
    if (before !== undefined) return editJsonTo(original, before, doc);
  }
  const indent = options.indent ?? (original !== undefined ? detectIndent(original) : undefined) ?? 2;
  return layoutLike(JSON.stringify(doc, null, indent), original);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

export function writeYamlText(doc: JsonObject, options: TextWriteOptions = {}): string {
  const { original } = options;
  const load = (text: string): unknown => yaml.load(text, { schema: yaml.CORE_SCHEMA });
  if (original !== undefined && options.indent === undefined && unchanged(doc, original, load)) return original;
  const indent = typeof options.indent === 'number' ? options.indent : 2;
  return layoutLike(yaml.dump(doc, { indent, lineWidth: -1, noRefs: true, schema: yaml.CORE_SCHEMA }), original);
}
