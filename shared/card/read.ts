/**
 * readCard: bytes in, card out. Sniffs the container from the bytes (the file name only breaks JSON/YAML ties),
 * extracts the document, detects the spec and normalises real-world quirks, collecting warnings throughout.
 */
import { isPng } from './png-chunks.ts';
import type { PngChunk } from './png-chunks.ts';
import { readPngCard } from './png-card.ts';
import type { CardChunkKeyword, PngCardRead } from './png-card.ts';
import { readCharx, looksLikeZip } from './charx.ts';
import type { ZipLimits } from './charx.ts';
import { exifUserComment, findExif, isJpeg, isWebp } from './exif.ts';
import { decodeCardText } from './card-text.ts';
import { parseYamlCard } from './yaml-card.ts';
import { normalizeCard } from './normalize.ts';
import { detectSpec, describeNonCard } from './spec.ts';
import { startsWith, utf8DecodeStrict, utf8Encode } from './bytes.ts';
import { CardError } from './errors.ts';
import { EMPTY_FILE, binaryKind } from '../util/file-kind.ts';
import type { CardWarning } from './errors.ts';
import { DEFAULT_MAX_DOCUMENT_BYTES, findTreeProblem, shortPointer } from '../util/document-limits.ts';
import type { TreeLimits } from '../util/document-limits.ts';
import { isObject } from './types.ts';
import type { CardSpec, JsonObject } from './types.ts';

export type CardContainer = 'png' | 'json' | 'yaml' | 'charx' | 'webp' | 'jpeg';

export interface ReadCardOptions extends ZipLimits, TreeLimits {
  /** Repair quirks (default true). With false, `doc` is exactly what the file holds. */
  normalize?: boolean;
  /** Refuse inputs larger than this many bytes. Default 512 MiB. */
  maxBytes?: number;
  /**
   * Refuse a card document (JSON/YAML text, CharX card.json, a PNG's card text once inflated) larger than this
   * many bytes. Default 64 MiB; compressed text stops inflating here.
   */
  maxDocumentBytes?: number;
  /**
   * PNG: also verify the CRCs of image data (default true). The image is copied as stored, never decoded, so a
   * batch may skip this to halve its CPU time; card and other chunks are always checked.
   */
  verifyImageCrc?: boolean;
}

export interface ReadCardResult {
  doc: JsonObject;
  spec: CardSpec;
  container: CardContainer;
  warnings: CardWarning[];
  /** PNG: every chunk as stored, and the chunk the card came from. */
  chunks?: PngChunk[];
  chunkKeyword?: CardChunkKeyword;
  /** PNG: the card chunks as read and decoded, so writing an edit back does not decode them again. */
  pngCard?: PngCardRead;
  /** The original file bytes for image containers (PNG/WEBP/JPEG), so writing can keep the image. */
  image?: Uint8Array;
  /** CharX: every zip entry other than card.json, by path. */
  assets?: Map<string, Uint8Array>;
  /** CharX: bytes before the zip (a CharX-JPEG's image), when present. */
  prefix?: Uint8Array;
  /** CharX: the file as read, so writing an edit back keeps every other entry's bytes. */
  archive?: Uint8Array;
  /** JSON/YAML: the source text, so an unedited card can be written back byte for byte. */
  text?: string;
  /**
   * JSON: the value `text` parsed to, before normalising (read-only), so writing an edit back compares against it
   * instead of parsing the text again.
   */
  parsed?: unknown;
}

const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;

export function readCard(bytes: Uint8Array, fileName = '', options: ReadCardOptions = {}): ReadCardResult {
  if (bytes.length === 0) throw new CardError('empty_file', EMPTY_FILE);
  const max = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.length > max) throw new CardError('too_large', `the file is ${bytes.length} bytes; the limit is ${max}`);
  const raw = extract(bytes, fileName, options);
  const problem = findTreeProblem(raw.doc, options);
  if (problem) throw new CardError(problem.kind, problem.message, shortPointer(problem.pointer) || raw.container);
  const spec = detectSpec(raw.doc);
  if (!spec) throw new CardError('not_a_card', `not a character card: ${describeNonCard(raw.doc)}`, raw.container);
  if (options.normalize === false) return { ...raw, spec };
  const normalized = normalizeCard(raw.doc, spec);
  return { ...raw, doc: normalized.doc, spec, warnings: [...raw.warnings, ...normalized.warnings] };
}

type Extracted = Omit<ReadCardResult, 'spec'>;

function extract(bytes: Uint8Array, fileName: string, options: ReadCardOptions): Extracted {
  const maxDocumentBytes = options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  if (isPng(bytes)) {
    const png = readPngCard(bytes, {
      ...(options.verifyImageCrc === false ? { verifyImageCrc: false } : {}),
      maxDocumentBytes,
    });
    return {
      doc: png.doc,
      container: 'png',
      warnings: png.warnings,
      chunks: png.chunks,
      chunkKeyword: png.keyword,
      pngCard: png,
      image: bytes,
    };
  }
  const isImage = isJpeg(bytes) || isWebp(bytes);
  if (startsWith(bytes, ZIP_LOCAL) || (isJpeg(bytes) && looksLikeZip(bytes)) || (!isImage && looksLikeZip(bytes))) {
    const charx = readCharx(bytes, { ...options, maxDocumentBytes });
    return {
      doc: charx.doc,
      container: 'charx',
      warnings: charx.warnings,
      assets: charx.files,
      archive: bytes,
      ...(charx.prefix.length ? { prefix: charx.prefix } : {}),
    };
  }
  if (isImage) return fromExif(bytes);
  if (bytes.length > maxDocumentBytes)
    throw new CardError(
      'too_large',
      `the card document is ${bytes.length.toLocaleString('en-US')} bytes; the limit is ${maxDocumentBytes.toLocaleString('en-US')}`,
    );
  return fromText(bytes, fileName);
}

function fromExif(bytes: Uint8Array): Extracted {
  const container = isWebp(bytes) ? 'webp' : 'jpeg';
  const tiff = findExif(bytes);
  const comment = tiff && exifUserComment(tiff);
  if (!comment)
    throw new CardError(
      'exif_no_card',
      `${container.toUpperCase()} image has no EXIF UserComment holding a card${tiff ? '' : ' (no EXIF data at all)'}`,
    );
  const { doc } = decodeCardText(utf8Encode(comment), 'EXIF UserComment');
  return {
    doc,
    container,
    warnings: [
      {
        pointer: `${container}:EXIF UserComment`,
        message: `legacy ${container.toUpperCase()} card (read-only format); export as PNG or CharX to keep it`,
      },
    ],
    image: bytes,
  };
}

function fromText(bytes: Uint8Array, fileName: string): Extracted {
  // Card text never holds NUL, so a known magic number or a NUL names the file as binary even when it decodes.
  const kind = binaryKind(bytes);
  if (kind) {
    const magic = [...bytes.subarray(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    throw new CardError(
      'unknown_format',
      `not a card file: ${kind === 'binary data' ? `unrecognised binary data (starts with ${magic})` : kind}`,
      'byte 0',
    );
  }
  const decoded = utf8DecodeStrict(bytes);
  if (decoded === undefined) throw new CardError('not_utf8', 'text is not valid UTF-8');
  // TextDecoder drops a BOM; put it back into the kept text so an unedited card is rewritten byte for byte.
  const source = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? `\uFEFF${decoded}` : decoded;
  const text = decoded.replace(/^\uFEFF/, '');
  const isYamlName = /\.ya?ml$/i.test(fileName);
  if (!isYamlName && /^\s*[{[]/.test(text)) return { ...parseJson(text), text: source };
  if (!isYamlName && /\.json$/i.test(fileName)) return { ...parseJson(text), text: source };
  const yaml = isYamlName ? parseYamlCard(text) : unlessPlainText(text, fileName);
  return { doc: yaml.doc, container: 'yaml', warnings: yaml.warnings, text: source };
}

/** Text not named .yaml that does not read as a YAML card is prose (a .txt), not a YAML card with a syntax error. */
function unlessPlainText(text: string, fileName: string): ReturnType<typeof parseYamlCard> {
  try {
    return parseYamlCard(text);
  } catch (e) {
    if (!(e instanceof CardError)) throw e;
    const ext = /\.[^./\\]+$/.exec(fileName)?.[0];
    throw new CardError(
      'unknown_format',
      `not a card file: plain text${ext ? ` (${ext})` : ''}; cards are PNG, JSON, YAML or CharX files`,
    );
  }
}

function parseJson(text: string): Extracted {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const msg = (e as Error).message;
    const pos = /position (\d+)/.exec(msg)?.[1];
    throw new CardError('json_syntax', `not valid JSON: ${msg}`, pos === undefined ? undefined : `character ${pos}`);
  }
  if (!isObject(value))
    throw new CardError(
      'not_a_card',
      `JSON is ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}, not a card object`,
    );
  return { doc: value, container: 'json', warnings: [], parsed: value };
}
