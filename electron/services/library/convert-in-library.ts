/** Converts library cards to V2 or V3 in place: each a new revision (the old document stays in history). */
import { convertCard, detectSpec } from '../../../shared/card/index.ts';
import type { ImportProgress } from '../../../shared/library/types.ts';
import type { ConvertOutcome } from '../../../shared/api/methods/cards.ts';
import type { CancelSignal } from '../../../shared/api/contract.ts';
import { ApiError, errorMessage } from '../../../shared/errors.ts';
import { parseDocument, serializeDocument } from '../../../shared/library/parse-document.ts';
import type { Library } from './library.ts';

export async function convertInLibrary(
  library: Library,
  ids: number[],
  to: 'v2' | 'v3',
  onProgress?: (p: ImportProgress) => void,
  signal?: CancelSignal,
): Promise<ConvertOutcome[]> {
  const results: ConvertOutcome[] = [];
  for (const id of new Set(ids)) {
    if (signal?.aborted)
      throw new ApiError('cancelled', `Conversion cancelled after ${results.length} of ${ids.length} cards.`);
    const card = library.cards.get(id);
    try {
      const doc = parseDocument(card.document, card.format, card.name);
      if (detectSpec(doc) === to) {
        results.push({ id, name: card.name, status: 'already' });
      } else {
        const converted = convertCard(doc, to);
        library.cards.update({
          id,
          document: serializeDocument(converted.doc, card.format, card.document),
          baseRevision: card.revision,
        });
        results.push({ id, name: card.name, status: 'converted', report: converted.report });
      }
    } catch (e) {
      results.push({ id, name: card.name, status: 'failed', message: errorMessage(e) });
    }
    onProgress?.({ done: results.length, total: ids.length, file: card.name });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return results;
}
