/** Handlers for the card methods (methods/cards.ts). */
import { ApiError } from '../../../shared/errors.ts';
import type { HandlerTable, HostContext } from './types.ts';
import { importCards } from '../../services/library/import-cards.ts';
import { convertInLibrary } from '../../services/library/convert-in-library.ts';
import { defaultExportFormat, exportCard, inspectCard } from '../../../shared/library/card-files.ts';

function imageMime(bytes: Uint8Array): string {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes[8] === 0x57 && bytes[9] === 0x45) return 'image/webp';
  return 'application/octet-stream';
}

export function cardHandlers({ library }: HostContext): HandlerTable<'cards.'> {
  const cards = library.cards;
  return {
    'cards.list': (input) => cards.list(input),
    'cards.ids': (input) => cards.ids(input),
    'cards.get': (input) => cards.get(input.id),
    'cards.create': (input) => cards.create(input),
    'cards.update': (input) => cards.update(input),
    'cards.delete': (input) => cards.setDeleted(input.id, true),
    'cards.restore': (input) => cards.setDeleted(input.id, false),
    'cards.purge': (input) => ({ purged: cards.purge(input.ids) }),
    'cards.revisions': (input) => cards.revisions(input.id),
    'cards.revision': (input) => cards.revision(input.id, input.revision),
    'cards.tags': () => cards.tags(),
    'cards.bulk': (input) => {
      if ((input.action === 'addTags' || input.action === 'removeTags') && !input.tags?.length) {
        throw new ApiError('bad_input', `cards.bulk: "${input.action}" needs a non-empty "tags" list.`, [
          { path: '/tags', message: 'required for this action' },
        ]);
      }
      return cards.bulk(input.ids, input.action, input.tags);
    },
    'cards.renameTag': (input) => cards.renameTag(input.from, input.to),
    'cards.avatar': (input) => {
      const bytes = cards.image(input.id);
      return bytes ? { mime: imageMime(bytes), base64: Buffer.from(bytes).toString('base64') } : null;
    },
    'cards.setImage': (input) => cards.setImage(input.id, Buffer.from(input.base64, 'base64')),
    'cards.inspect': (input) => inspectCard(cards.stored(input.id)),
    'cards.export': (input) => {
      const stored = cards.stored(input.id);
      const r = exportCard(
        stored,
        input.format ?? defaultExportFormat(stored.container),
        input.spec ?? 'keep',
        input.indent,
      );
      return {
        fileName: r.fileName,
        mime: r.mime,
        base64: Buffer.from(r.bytes).toString('base64'),
        report: r.report,
        warnings: r.warnings,
      };
    },
    'cards.convert': (input, options) =>
      convertInLibrary(library, input.ids, input.to, options.onProgress, options.signal),
    'cards.import': (input, options) =>
      importCards(
        library,
        input.files.map((f) => ({
          name: f.name,
          bytes: f.encoding === 'base64' ? Buffer.from(f.text, 'base64') : Buffer.from(f.text, 'utf8'),
        })),
        { onProgress: options.onProgress, signal: options.signal, onMatch: input.onMatch ?? 'ask' },
      ),
  };
}
