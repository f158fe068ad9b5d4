/**
 * Turns an imported file's bytes into what the library stores: the card document as text (JSON/YAML exactly as
 * found; for image and zip containers the embedded JSON, keys in their original order) and the original file
 * bytes of binary containers, so export re-embeds the card into the very same image.
 */
import { CardError, readCard } from '../../../shared/card/index.ts';
import type { ReadCardResult } from '../../../shared/card/index.ts';
import { parseDocument } from '../../../shared/library/parse-document.ts';
import type { NewCard } from './card-store.ts';

function read(name: string, bytes: Uint8Array): ReadCardResult {
  try {
    return readCard(bytes, name, { normalize: false });
  } catch (e) {
    // For a plain JSON file, name the line and column (what an author looks for in an editor), not the offset.
    if (e instanceof CardError && e.code === 'json_syntax' && e.at?.startsWith('zip') !== true)
      parseDocument(new TextDecoder().decode(bytes), 'json', 'the file');
    throw e;
  }
}

export function decodeCardFile(name: string, bytes: Uint8Array): NewCard & { warnings: string[] } {
  // Stored raw (not normalised): the library keeps what the file says; the editor shows the reader's warnings.
  const card = read(name, bytes);
  const warnings = card.warnings.map((w) => `${w.pointer}: ${w.message}`);
  if (card.container === 'json' || card.container === 'yaml') {
    const text = (card.text ?? JSON.stringify(card.doc, null, 2)).replace(/^\uFEFF/, '');
    return { document: text, format: card.container, container: card.container, warnings };
  }
  return {
    document: JSON.stringify(card.doc, null, 2),
    format: 'json',
    container: card.container,
    image: bytes,
    warnings,
  };
}
