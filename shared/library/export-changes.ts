/**
 * What exporting a stored card changes in its file, found by comparing bytes: nothing only when the export is the
 * very same file; otherwise each card chunk added, removed, moved or rewritten, each field changed since the file
 * was read, CharX entries rewritten, image bytes replaced, or (same document) a change of formatting.
 */
import { unzipSync } from 'fflate';
import { readCard } from '../card/index.ts';
import { parsePngChunks } from '../card/png-chunks.ts';
import type { PngChunk } from '../card/png-chunks.ts';
import { storedCardChunks } from '../card/png-rewrite.ts';
import { locateZip } from '../card/zip-locate.ts';
import { diffDocuments } from '../document/diff.ts';
import type { JsonObject } from '../card/index.ts';

export type ExportChange =
  | { kind: 'chunk'; action: 'added' | 'removed' | 'moved' | 'rewritten'; type: string; keyword: string }
  | { kind: 'field'; pointer: string; change: 'added' | 'removed' | 'changed' }
  | { kind: 'entry'; name: string; action: 'added' | 'removed' | 'rewritten' }
  | { kind: 'image' }
  | { kind: 'format' };

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function chunkChanges(before: readonly PngChunk[], after: readonly PngChunk[]): ExportChange[] {
  const out: ExportChange[] = [];
  const cards = (chunks: readonly PngChunk[]) => storedCardChunks(chunks);
  const oldCards = cards(before);
  const newCards = cards(after);
  // Card chunks pair up by keyword and occurrence: the 2nd chara before with the 2nd chara after.
  const key = (list: ReturnType<typeof cards>, i: number) =>
    `${list[i]!.keyword}#${list.slice(0, i).filter((c) => c.keyword === list[i]!.keyword).length}`;
  const oldByKey = new Map(oldCards.map((c, i) => [key(oldCards, i), c]));
  const newByKey = new Map(newCards.map((c, i) => [key(newCards, i), c]));
  for (const [k, c] of oldByKey) {
    const next = newByKey.get(k);
    const chunk = { type: c.chunk.type, keyword: c.keyword };
    if (!next) out.push({ kind: 'chunk', action: 'removed', ...chunk });
    else if (!sameBytes(next.chunk.raw, c.chunk.raw))
      out.push({ kind: 'chunk', action: 'rewritten', type: next.chunk.type, keyword: c.keyword });
    else if (next.index !== c.index) out.push({ kind: 'chunk', action: 'moved', ...chunk });
  }
  for (const [k, c] of newByKey)
    if (!oldByKey.has(k)) out.push({ kind: 'chunk', action: 'added', type: c.chunk.type, keyword: c.keyword });
  const others = (chunks: readonly PngChunk[]) => chunks.filter((c) => !storedCardChunks([c]).length);
  const a = others(before);
  const b = others(after);
  if (a.length !== b.length || a.some((c, i) => !sameBytes(c.raw, b[i]!.raw))) out.push({ kind: 'image' });
  return out;
}

function entryChanges(before: Uint8Array, after: Uint8Array): ExportChange[] {
  const entries = (file: Uint8Array) => unzipSync(locateZip(file)?.zip ?? file);
  const a = entries(before);
  const b = entries(after);
  const out: ExportChange[] = [];
  for (const name of Object.keys(a)) {
    if (!(name in b)) out.push({ kind: 'entry', name, action: 'removed' });
    else if (!sameBytes(a[name]!, b[name]!)) out.push({ kind: 'entry', name, action: 'rewritten' });
  }
  for (const name of Object.keys(b)) if (!(name in a)) out.push({ kind: 'entry', name, action: 'added' });
  return out;
}

/**
 * `original` is the file as imported (or, for JSON/YAML, the stored text), `exported` what export writes now,
 * `fileName` the export's name (it tells JSON from YAML).
 */
export function exportChanges(original: Uint8Array, exported: Uint8Array, fileName: string): ExportChange[] {
  if (sameBytes(original, exported)) return [];
  const before = readCard(original, fileName, { normalize: false });
  const after = readCard(exported, fileName, { normalize: false });
  const fields: ExportChange[] = diffDocuments(before.doc, after.doc as JsonObject).map((c) => ({
    kind: 'field',
    pointer: c.pointer,
    change: c.kind,
  }));
  let structure: ExportChange[] = [];
  if (before.container === 'png' && after.container === 'png')
    structure = chunkChanges(
      parsePngChunks(original, { verifyCrc: false }).chunks,
      parsePngChunks(exported, { verifyCrc: false }).chunks,
    );
  else if (before.container === 'charx' && after.container === 'charx') structure = entryChanges(original, exported);
  else if (before.container !== after.container) structure = [{ kind: 'image' }];
  const changes = [...structure, ...fields];
  return changes.length ? changes : [{ kind: 'format' }];
}
