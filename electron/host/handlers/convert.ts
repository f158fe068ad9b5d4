/** Handlers for batch conversion (methods/convert.ts): the same service as `lorewright convert`. */
import path from 'node:path';
import { convertFiles } from '../../services/convert/index.ts';
import type { HandlerTable } from './types.ts';

export function convertHandlers(): HandlerTable<'convert.'> {
  return {
    'convert.batch': (input, options) => {
      const abort = new AbortController();
      options.signal?.addEventListener('abort', () => abort.abort(), { once: true });
      return convertFiles(
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
    },
  };
}
