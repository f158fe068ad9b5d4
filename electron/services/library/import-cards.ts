/**
 * Imports card files into the library, reporting per file; a bad file fails alone and never leaves a half row.
 * Batches share a transaction so 1,000 files do not cost 1,000 fsyncs. A file that is another version of a library
 * card (same name and creator, different document) is held back for the author to decide, unless told what to do.
 */
import type { ImportFileResult, ImportMatchPolicy, ImportProgress } from '../../../shared/library/types.ts';
import { ApiError, errorMessage } from '../../../shared/errors.ts';
import type { CancelSignal } from '../../../shared/api/contract.ts';
import { CardError } from '../../../shared/card/index.ts';
import { summarizeCard, type CardFields } from '../../../shared/library/card-summary.ts';
import { parseDocument } from '../../../shared/library/parse-document.ts';
import type { Library } from './library.ts';
import type { NewCard } from './card-store.ts';
import { contentHash } from './revisioned-store.ts';
import { decodeCardFile } from './decode-card-file.ts';
import { isBusy } from './sql.ts';

export interface ImportFile {
  name: string;
  bytes: Uint8Array;
}

export interface ImportOptions {
  onProgress?: (p: ImportProgress) => void;
  signal?: CancelSignal;
  /** Default `add`: the CLI and scripts keep every file; the app asks. */
  onMatch?: ImportMatchPolicy;
}

const BATCH = 100;

type Decoded = { file: ImportFile } & (
  | { card: NewCard & { warnings: string[] }; error?: undefined }
  | { card?: undefined; error: { message: string; code?: string } }
);

/** The error without the file name: results carry the name once, in `file`. */
function failure(name: string, e: unknown): { message: string; code?: string } {
  const text = errorMessage(e);
  const message = text.startsWith(`${name}: `) ? text.slice(name.length + 2) : text;
  return e instanceof CardError ? { message, code: e.code } : { message };
}

export async function importCards(
  library: Library,
  files: ImportFile[],
  options: ImportOptions = {},
): Promise<ImportFileResult[]> {
  const results: ImportFileResult[] = [];
  for (let start = 0; start < files.length; start += BATCH) {
    if (options.signal?.aborted)
      throw new ApiError('cancelled', `Import cancelled after ${results.length} of ${files.length} files.`);
    const batch = files.slice(start, start + BATCH);
    const decoded = batch.map((file): Decoded => {
      try {
        return { file, card: decodeCardFile(file.name, file.bytes) };
      } catch (e) {
        return { file, error: failure(file.name, e) };
      }
    });
    for (const result of writeBatch(library, decoded, options.onMatch ?? 'add')) {
      results.push(result);
      options.onProgress?.({ done: results.length, total: files.length, file: result.file });
    }
    // Let the event loop breathe so progress reaches the client and cancellation is seen.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return results;
}

/**
 * Writes a batch in one transaction. A card whose write fails (rare: each file was read and checked before) fails the
 * whole transaction, as nested writes are not savepoints (sql.ts); the batch is then written again file by file,
 * one transaction each, so that file alone fails and no half row stays behind.
 */
function writeBatch(library: Library, batch: Decoded[], onMatch: ImportMatchPolicy): ImportFileResult[] {
  try {
    return library.cards.batch(() => batch.map((item) => importOne(library, item, onMatch)));
  } catch (e) {
    // Another writer holding the file stays everyone's problem: trying each file again would only wait longer.
    if (isBusy(e)) throw e;
    return batch.map((item) => {
      try {
        return library.cards.batch(() => importOne(library, item, onMatch));
      } catch (e) {
        return { file: item.file.name, status: 'failed', ...failure(item.file.name, e) };
      }
    });
  }
}

function importOne(library: Library, decoded: Decoded, onMatch: ImportMatchPolicy): ImportFileResult {
  const file = decoded.file.name;
  if (!decoded.card) return { file, status: 'failed', ...decoded.error };
  const card = decoded.card;
  const notes = card.warnings.length ? { message: card.warnings.join('; ') } : {};
  const hash = contentHash(card.document);
  const existing = library.cards.findByHash(hash);
  if (existing !== null)
    return {
      file,
      status: 'duplicate',
      id: existing,
      name: library.cards.get(existing).name,
      message: `Same document as card ${existing}; not imported again.`,
    };
  let fields: CardFields;
  try {
    fields = summarizeCard(parseDocument(card.document, card.format, file));
  } catch (e) {
    return { file, status: 'failed', ...failure(file, e) };
  }
  const match = onMatch === 'add' ? null : library.cards.findVersionOf(fields.name, fields.creator);
  if (match && onMatch === 'ask') return { file, status: 'match', id: match.id, name: match.name };
  const parsed = { ...card, sourceName: file, parsed: { fields, hash } };
  if (match)
    return { file, status: 'updated', id: library.cards.replace(match.id, parsed).id, name: fields.name, ...notes };
  return { file, status: 'imported', id: library.cards.insert(parsed).id, name: fields.name, ...notes };
}
