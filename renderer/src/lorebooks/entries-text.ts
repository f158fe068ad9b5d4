/**
 * Writes a new `entries` object into the book's JSON text as minimal edits: changed entries are re-serialized in
 * place, removed ones cut out, new ones appended; every other byte stays as the author had it. A bulk edit of
 * thousands of entries is one parse and one pass, where a generic path edit of the whole `entries` value
 * re-formats all of it (seconds on a large book).
 */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { Edit, Node } from 'jsonc-parser';
import type { WorldInfoEntry } from '../../../shared/lorebook/model.ts';
import { detectIndent } from '../../../shared/library/parse-document.ts';

function serialize(entry: WorldInfoEntry, unit: string, depth: number, eol: string): string {
  return JSON.stringify(entry, null, unit).split('\n').join(eol + unit.repeat(depth));
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
    if (old !== fresh && JSON.stringify(JSON.parse(old)) !== JSON.stringify(entry)) edits.push({ offset: valueNode.offset, length: valueNode.length, content: fresh });
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
