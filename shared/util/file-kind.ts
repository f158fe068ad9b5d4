/**
 * What an imported file is when it cannot be the text document an importer wants, in one wording for every
 * importer (cards, lorebooks, batch convert, CLI): an empty file, or a known binary format named by its magic bytes.
 */

export const EMPTY_FILE = 'the file is empty (0 bytes)';

const MAGIC: readonly (readonly [string, readonly number[]])[] = [
  ['a PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['a JPEG image', [0xff, 0xd8, 0xff]],
  ['a GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['a ZIP archive', [0x50, 0x4b, 0x03, 0x04]],
  ['a PDF document', [0x25, 0x50, 0x44, 0x46]],
];

/** The name of a binary format these bytes start with, e.g. "a PNG image"; "binary data" for any other bytes holding NUL. */
export function binaryKind(bytes: Uint8Array): string | null {
  for (const [name, magic] of MAGIC) if (magic.every((b, i) => bytes[i] === b)) return name;
  if (
    bytes[0] === 0x52 &&
    bytes[1] === 0x49 &&
    bytes[2] === 0x46 &&
    bytes[3] === 0x46 &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45
  )
    return 'a WEBP image';
  return bytes.subarray(0, 1024).includes(0) ? 'binary data' : null;
}

/**
 * The same for text a browser already decoded (`File.text()`): bytes that are not UTF-8 became U+FFFD, so a PNG
 * reads "\uFFFDPNG…". Returns why the text is not a document, or null when it may be one.
 */
export function unreadableText(text: string): string | null {
  if (text.length === 0) return EMPTY_FILE;
  if (text.startsWith('\uFFFDPNG')) return 'a PNG image, not a text file';
  const head = text.slice(0, 1024);
  if (head.includes('\u0000') || (head.match(/\uFFFD/g)?.length ?? 0) > 2) return 'binary data, not a text file';
  return null;
}
