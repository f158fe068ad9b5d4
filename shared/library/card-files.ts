/**
 * What a stored card's file contains and what export would write: pure functions over the stored document and
 * the original file bytes, shared by the API (app and web host) and the CLI.
 */
import { convertCard, detectSpec, readCard, validateCard, writeCard } from '../card/index.ts';
import type { CardWarning, ConversionReport, OutputFormat, PngChunk, ReadCardResult, Problem } from '../card/index.ts';
import { exportChanges } from './export-changes.ts';
import type { ExportChange } from './export-changes.ts';
import type { CardContainerKind, DocumentFormat } from './types.ts';
import { parseDocument } from './parse-document.ts';

export interface StoredCard {
  name: string;
  document: string;
  format: DocumentFormat;
  container: CardContainerKind;
  /** The original file for binary containers (PNG, WEBP, JPEG, CharX). */
  original: Uint8Array | null;
}

export type ExportSpec = 'keep' | 'v2' | 'v3';

export interface ExportResult {
  fileName: string;
  mime: string;
  bytes: Uint8Array;
  report: ConversionReport | null;
  warnings: CardWarning[];
}

export interface ChunkInfo {
  type: string;
  keyword?: string;
  size: number;
  crcOk: boolean;
}

export interface CardInspection {
  spec: string;
  container: CardContainerKind;
  chunks: ChunkInfo[];
  readerWarnings: CardWarning[];
  errors: Problem[];
  warnings: Problem[];
  /** True only when exporting in the card's own format writes back exactly the file it came from. */
  exportIdentical: boolean;
  /** Otherwise, what that export changes, compared byte for byte with the file. */
  exportChanges: ExportChange[];
}

const MIME: Record<OutputFormat, string> = {
  png: 'image/png',
  json: 'application/json',
  yaml: 'application/yaml',
  charx: 'application/zip',
};
const TEXT_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt']);

function source(card: StoredCard): ReadCardResult | { container: CardContainerKind; text: string } {
  if (card.original) return readCard(card.original, card.name, { normalize: false });
  return { container: card.container, text: card.document };
}

function safeFileName(name: string): string {
  // Characters no file system accepts, and control characters (code points below 32).
  const cleaned = [...name].map((ch) => ('\\/:*?"<>|'.includes(ch) || ch.charCodeAt(0) < 32 ? '_' : ch)).join('');
  return cleaned.trim() || 'card';
}

/** The export format matching the container, for "export as it came". */
export function defaultExportFormat(container: CardContainerKind): OutputFormat {
  return container === 'webp' || container === 'jpeg' ? 'png' : container;
}

export function exportCard(
  card: StoredCard,
  format: OutputFormat,
  spec: ExportSpec = 'keep',
  indent?: number,
): ExportResult {
  let doc = parseDocument(card.document, card.format, card.name);
  let report: ConversionReport | null = null;
  const from = detectSpec(doc);
  if (spec !== 'keep' && from !== spec) {
    const converted = convertCard(doc, spec);
    doc = converted.doc;
    report = converted.report;
  }
  const src = source(card);
  // Unedited JSON/YAML goes out byte for byte: hand the writer the stored text as the original.
  const written = writeCard(doc, format, {
    source: 'text' in src && report === null ? src : { ...src, text: undefined },
    ...(indent === undefined ? {} : { indent }),
  });
  return {
    fileName: `${safeFileName(card.name)}.${format}`,
    mime: MIME[format],
    bytes: written.bytes,
    report,
    warnings: written.warnings,
  };
}

function chunkInfo(chunk: PngChunk): ChunkInfo {
  const info: ChunkInfo = { type: chunk.type, size: chunk.data.length, crcOk: chunk.crcOk };
  if (TEXT_CHUNKS.has(chunk.type)) {
    const nul = chunk.data.indexOf(0);
    if (nul > 0) info.keyword = new TextDecoder('latin1').decode(chunk.data.subarray(0, nul));
  }
  return info;
}

export function inspectCard(card: StoredCard): CardInspection {
  const doc = parseDocument(card.document, card.format, card.name);
  const read = card.original ? readCard(card.original, card.name, { normalize: false }) : null;
  const validation = validateCard(doc);
  const format = defaultExportFormat(card.container);
  const exported = exportCard(card, format);
  const original = card.original ?? new TextEncoder().encode(card.document);
  const changes = exportChanges(original, exported.bytes, exported.fileName);
  return {
    spec: validation.spec ?? 'unknown',
    container: card.container,
    chunks: read?.chunks?.map(chunkInfo) ?? [],
    readerWarnings: read?.warnings ?? [],
    errors: validation.errors,
    warnings: validation.warnings,
    exportIdentical: changes.length === 0,
    exportChanges: changes,
  };
}
