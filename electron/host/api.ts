/**
 * The API implementation behind both transports (IPC and HTTP): validates every input against the contract, runs
 * the service, and turns every failure into the `{code, message, details}` envelope.
 */
import { ApiError } from '../../shared/api/errors.ts';
import type { ApiErrorShape } from '../../shared/api/errors.ts';
import type { CallOptions, MethodInput, MethodName, MethodOutput, MethodProgress } from '../../shared/api/contract.ts';
import { assertMethod, validateInput } from '../../shared/api/validate.ts';
import type { Library } from '../services/library/library.ts';
import { importCards } from '../services/library/import-cards.ts';

type Handler<M extends MethodName> = (input: MethodInput<M>, options: CallOptions<MethodProgress<M>>) => MethodOutput<M> | Promise<MethodOutput<M>>;
type Handlers = { [M in MethodName]: Handler<M> };

export type ApiReply = { ok: true; value: unknown } | { ok: false; error: ApiErrorShape };

export interface ApiHost {
  /** Runs one call; never throws: the reply carries the value or the error envelope. */
  call(method: string, input: unknown, options?: CallOptions<unknown>): Promise<ApiReply>;
}

function handlers(library: Library): Handlers {
  const cards = library.cards;
  return {
    'library.list': (input) => cards.list(input),
    'library.ids': (input) => cards.ids(input),
    'library.get': (input) => cards.get(input.id),
    'library.create': (input) => cards.create(input),
    'library.update': (input) => cards.update(input),
    'library.delete': (input) => cards.setDeleted(input.id, true),
    'library.restore': (input) => cards.setDeleted(input.id, false),
    'library.revisions': (input) => cards.revisions(input.id),
    'library.revision': (input) => cards.revision(input.id, input.revision),
    'library.tags': () => cards.tags(),
    'library.bulk': (input) => {
      if ((input.action === 'addTags' || input.action === 'removeTags') && !input.tags?.length) {
        throw new ApiError('bad_input', `library.bulk: "${input.action}" needs a non-empty "tags" list.`, [{ path: '/tags', message: 'required for this action' }]);
      }
      return cards.bulk(input.ids, input.action, input.tags);
    },
    'library.renameTag': (input) => cards.renameTag(input.from, input.to),
    'library.avatar': (input) => {
      const bytes = cards.image(input.id);
      return bytes ? { mime: imageMime(bytes), base64: Buffer.from(bytes).toString('base64') } : null;
    },
    'library.import': (input, options) =>
      importCards(
        library,
        input.files.map((f) => ({ name: f.name, bytes: f.encoding === 'base64' ? Buffer.from(f.text, 'base64') : Buffer.from(f.text, 'utf8') })),
        options.onProgress,
        options.signal,
      ),
  };
}

function imageMime(bytes: Uint8Array): string {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes[8] === 0x57 && bytes[9] === 0x45) return 'image/webp';
  return 'application/octet-stream';
}

export function toErrorShape(e: unknown): ApiErrorShape {
  if (e instanceof ApiError) return e.toJSON();
  const message = e instanceof Error ? e.message : String(e);
  return { code: 'internal', message: `Internal error: ${message}` };
}

export function createApiHost(library: Library): ApiHost {
  const table = handlers(library);
  return {
    async call(method, input, options = {}) {
      try {
        const name = assertMethod(method);
        const valid = validateInput(name, input);
        const handler = table[name] as Handler<typeof name>;
        const value = await handler(valid as never, options as never);
        return { ok: true, value };
      } catch (e) {
        return { ok: false, error: toErrorShape(e) };
      }
    },
  };
}
