/**
 * writeCard: a card document to PNG, JSON, YAML or CharX bytes. Pass the ReadCardResult it came from as `source`
 * to keep what the container held besides the card: the PNG's image and chunks, CharX assets and JPEG prefix,
 * the JSON/YAML text style.
 */
import { writePngCard } from './png-card.ts';
import { rewritePngCard } from './png-rewrite.ts';
import { rewriteCharx } from './charx-rewrite.ts';
import { isPng } from './png-chunks.ts';
import { writeCharx, embeddedPath } from './charx.ts';
import { writeJsonText, writeYamlText } from './write-text.ts';
import { placeholderPng } from './placeholder-png.ts';
import { convertV3toV2 } from './convert-v2-v3.ts';
import { detectSpec } from './spec.ts';
import { concatBytes, utf8Encode } from './bytes.ts';
import { CardError } from './errors.ts';
import type { CardWarning } from './errors.ts';
import type { ReadCardResult } from './read.ts';
import { isObject } from './types.ts';
import type { JsonObject } from './types.ts';

export type OutputFormat = 'png' | 'json' | 'yaml' | 'charx';

export interface WriteCardOptions {
  /** What the card was read from; its image, assets and text style carry over. */
  source?: Pick<
    ReadCardResult,
    'container' | 'image' | 'assets' | 'prefix' | 'text' | 'archive' | 'pngCard' | 'parsed'
  >;
  /** JSON/YAML indent (2, 4 or '\t'); default: the source's style, else 2. */
  indent?: number | string;
  /** PNG of a V3 card: prepend SPEC_V3's notice to the V2 backfill's creator_notes. Default true. */
  backfillNotice?: boolean;
}

export interface WriteCardResult {
  bytes: Uint8Array;
  warnings: CardWarning[];
}

export function writeCard(doc: JsonObject, format: OutputFormat, options: WriteCardOptions = {}): WriteCardResult {
  const { parts, warnings } = writeCardParts(doc, format, options);
  return { bytes: parts.length === 1 ? parts[0]! : concatBytes(parts), warnings };
}

/**
 * writeCard's bytes as slices in order (views into the source where it is kept as stored), for a writer that
 * writes them out one after another rather than joined into one buffer: a batch of large PNGs.
 */
export function writeCardParts(
  doc: JsonObject,
  format: OutputFormat,
  options: WriteCardOptions = {},
): { parts: Uint8Array[]; warnings: CardWarning[] } {
  const { source } = options;
  const warnings: CardWarning[] = [];
  const sameText = source && source.container === format ? source.text : undefined;
  const textOptions = {
    ...(options.indent !== undefined ? { indent: options.indent } : {}),
    ...(sameText !== undefined ? { original: sameText } : {}),
    ...(sameText !== undefined && source?.parsed !== undefined ? { parsed: source.parsed } : {}),
  };
  switch (format) {
    case 'json':
      return { parts: [utf8Encode(writeJsonText(doc, textOptions))], warnings };
    case 'yaml':
      return { parts: [utf8Encode(writeYamlText(doc, textOptions))], warnings };
    case 'charx': {
      if (detectSpec(doc) !== 'v3')
        warnings.push({
          pointer: '/spec',
          message: 'CharX is defined for V3 cards; this card.json holds an older spec',
        });
      // Into the CharX it came from: card.json is edited in place, every other entry keeps its bytes.
      const rewritten = source?.archive && options.indent === undefined ? rewriteCharx(source.archive, doc) : undefined;
      if (rewritten) return { parts: [rewritten], warnings };
      const prefix = source?.prefix;
      const bytes = writeCharx(doc, source?.assets ?? new Map(), {
        ...(prefix ? { prefix } : {}),
        ...(options.indent !== undefined ? { indent: options.indent } : {}),
      });
      return { parts: [bytes], warnings };
    }
    case 'png': {
      // Into a PNG that already holds a card: its card chunks change in place, only where the document changed.
      const rewritten =
        source?.image && isPng(source.image) ? rewritePngCard(source.image, doc, source.pngCard) : undefined;
      if (rewritten) return { parts: rewritten.parts, warnings };
      const image = pngBase(doc, source, warnings);
      const v3 = detectSpec(doc) === 'v3';
      const chara = v3 ? convertV3toV2(doc, { backfillNotice: options.backfillNotice ?? true }).doc : doc;
      return { parts: [writePngCard(image, v3 ? { chara, ccv3: doc } : { chara })], warnings };
    }
    default:
      throw new CardError('write_unsupported', `unknown output format ${JSON.stringify(format)}`);
  }
}

/** The PNG to embed into: the source PNG, else a CharX's main PNG icon, else a placeholder (with a warning). */
function pngBase(doc: JsonObject, source: WriteCardOptions['source'], warnings: CardWarning[]): Uint8Array {
  if (source?.image && isPng(source.image)) return source.image;
  if (source?.assets?.size) {
    const icon = mainIcon(doc, source.assets);
    const others = source.assets.size - (icon ? 1 : 0);
    if (others > 0)
      warnings.push({
        pointer: 'charx',
        message: `${others} CharX file(s) besides the icon cannot be carried in a PNG; export as CharX to keep them`,
      });
    if (icon) return icon;
  }
  const from = source?.image
    ? `the ${source.container.toUpperCase()} image cannot be carried over`
    : 'the card has no image';
  warnings.push({ pointer: 'png', message: `${from}; a grey placeholder image was used` });
  return placeholderPng();
}

function mainIcon(doc: JsonObject, assets: ReadonlyMap<string, Uint8Array>): Uint8Array | undefined {
  const data = isObject(doc['data']) ? doc['data'] : {};
  const list = Array.isArray(data['assets']) ? data['assets'].filter(isObject) : [];
  const icons = list.filter((a) => a['type'] === 'icon');
  const main = icons.find((a) => a['name'] === 'main') ?? icons[0];
  const path = typeof main?.['uri'] === 'string' ? embeddedPath(main['uri']) : undefined;
  const bytes = path === undefined ? undefined : assets.get(path);
  return bytes && isPng(bytes) ? bytes : undefined;
}
