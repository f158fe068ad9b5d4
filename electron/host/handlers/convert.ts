/** Handlers for batch conversion (methods/convert.ts): the same service as `lorewright convert`. */
import path from 'node:path';
import { ApiError } from '../../../shared/errors.ts';
import { convertFiles, ConvertUsageError } from '../../services/convert/index.ts';
import type { HandlerTable } from './types.ts';

export function convertHandlers(): HandlerTable<'convert.'> {
  return {
    'convert.batch': async (input, options) => {
      const abort = new AbortController();
      options.signal?.addEventListener('abort', () => abort.abort(), { once: true });
      try {
        return await convertFiles(
          {
            inputs: input.inputs.map((p) => path.resolve(p)),
            to: input.to,
            ...(input.outDir ? { outDir: path.resolve(input.outDir) } : {}),
            ...(input.inPlace !== undefined ? { inPlace: input.inPlace } : {}),
            ...(input.backup !== undefined ? { backup: input.backup } : {}),
            ...(input.format ? { format: input.format } : {}),
            signal: abort.signal,
          },
          options.onProgress,
        );
      } catch (e) {
        if (e instanceof ConvertUsageError) throw new ApiError('bad_input', e.message);
        throw e;
      }
    },
  };
}
