/**
 * Imports card files into the library, reporting per file; a bad file fails alone and never leaves a half row.
 * Batches share a transaction so 1,000 files do not cost 1,000 fsyncs.
 */
import type { ImportFileResult, ImportProgress } from '../../../shared/library/types.ts';
import { ApiError, errorMessage } from '../../../shared/errors.ts';
import type { CancelSignal } from '../../../shared/api/contract.ts';
import type { Library } from './library.ts';
import type { NewCard } from './card-store.ts';
import { contentHash } from './revisioned-store.ts';
import { decodeCardFile } from './decode-card-file.ts';

export interface ImportFile {
  name: string;
  bytes: Uint8Array;
}

const BATCH = 100;

function message(name: string, e: unknown): string {
  const text = errorMessage(e);
  return text.startsWith(name) ? text : `${name}: ${text}`;
}

export async function importCards(
  library: Library,
  files: ImportFile[],
  onProgress?: (p: ImportProgress) => void,
  signal?: CancelSignal,
): Promise<ImportFileResult[]> {
  const results: ImportFileResult[] = [];
  for (let start = 0; start < files.length; start += BATCH) {
    if (signal?.aborted) throw new ApiError('cancelled', `Import cancelled after ${results.length} of ${files.length} files.`);
    const batch = files.slice(start, start + BATCH);
    const decoded = batch.map((file) => {
      try {
        return { file, card: decodeCardFile(file.name, file.bytes) };
      } catch (e) {
        return { file, error: message(file.name, e) };
      }
    });
    library.write(() => {
      for (const item of decoded) {
        results.push(importOne(library, item.file.name, item.card, item.error));
        onProgress?.({ done: results.length, total: files.length, file: item.file.name });
      }
    });
    // Let the event loop breathe so progress reaches the client and cancellation is seen.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return results;
}

function importOne(library: Library, name: string, card: (NewCard & { warnings: string[] }) | undefined, error: string | undefined): ImportFileResult {
  if (!card) return { file: name, status: 'failed', message: error ?? 'unreadable' };
  const existing = library.cards.findByHash(contentHash(card.document));
  if (existing !== null) return { file: name, status: 'duplicate', id: existing, message: `Same document as card ${existing}; not imported again.` };
  try {
    const id = library.cards.insert({ ...card, sourceName: name }).id;
    return card.warnings.length ? { file: name, status: 'imported', id, message: card.warnings.join('; ') } : { file: name, status: 'imported', id };
  } catch (e) {
    return { file: name, status: 'failed', message: message(name, e) };
  }
}
