/**
 * Edits JSON text at a path without reformatting the rest: the form changes one field and the author's layout,
 * key order and untouched bytes stay as they were (jsonc-parser computes the minimal text edit).
 */
import { applyEdits, modify } from 'jsonc-parser';
import type { Edit } from 'jsonc-parser';
import type { JsonPath } from './json-path.ts';

export interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

function indentOf(text: string): { tabSize: number; insertSpaces: boolean } {
  const m = /\n([ \t]+)\S/.exec(text);
  if (!m?.[1]) return { tabSize: 2, insertSpaces: true };
  return m[1].startsWith('\t') ? { tabSize: 1, insertSpaces: false } : { tabSize: m[1].length, insertSpaces: true };
}

function eol(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** `value === undefined` removes the key. Returns the new text and the edits that turn the old text into it. */
export function editJsonText(text: string, path: JsonPath, value: unknown): { text: string; edits: TextEdit[] } {
  const edits: Edit[] = modify(text, [...path], value, { formattingOptions: { ...indentOf(text), eol: eol(text) } });
  return { text: applyEdits(text, edits), edits };
}

/** Moves an array item (used to reorder greetings) as one edit of the whole array. */
export function moveArrayItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
