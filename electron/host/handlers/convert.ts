/** Handlers for batch conversion (methods/convert.ts): the same service as `lorewright convert`. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApiError } from '../../../shared/errors.ts';
import type { FileResult } from '../../../shared/card/index.ts';
import { convertFiles } from '../../services/convert/index.ts';
import type { HandlerTable } from './types.ts';

/** A picked file's relative path, refused when it would leave the folder it is written into. */
function safeRelative(name: string, index: number): string {
  const rel = path.normalize(name.replaceAll('\\', '/'));
  if (path.isAbsolute(rel) || rel === '..' || rel.startsWith(`..${path.sep}`) || rel === '.')
    throw new ApiError('bad_input', `convert.files: "${name}" is not a relative file path.`, [
      { path: `/files/${index}/name`, message: 'not a relative file path' },
    ]);
  return rel;
}

/** Names a result's files by their paths relative to the upload and output folders. */
function relabel(r: FileResult, inDir: string, outDir: string): FileResult {
  return {
    ...r,
    input: path.relative(inDir, r.input).split(path.sep).join('/'),
    ...(r.output ? { output: path.relative(outDir, r.output).split(path.sep).join('/') } : {}),
  };
}

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
    // The picked files go into a temporary folder, through the same engine (so the report counts and names every
    // file the same way), and the outputs come back; nothing is left on disk.
    'convert.files': async (input, options) => {
      const names = input.files.map((f, i) => safeRelative(f.name, i));
      const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lorewright-convert-'));
      const inDir = path.join(tmp, 'in');
      const outDir = path.join(tmp, 'out');
      try {
        for (const [i, f] of input.files.entries()) {
          const file = path.join(inDir, names[i]!);
          await fs.mkdir(path.dirname(file), { recursive: true });
          await fs.writeFile(file, f.encoding === 'base64' ? Buffer.from(f.text, 'base64') : f.text);
        }
        const abort = new AbortController();
        options.signal?.addEventListener('abort', () => abort.abort(), { once: true });
        const report = await convertFiles(
          {
            inputs: [inDir],
            to: input.to,
            outDir,
            ...(input.format ? { format: input.format } : {}),
            signal: abort.signal,
          },
          (p) => options.onProgress?.({ ...p, result: relabel(p.result, inDir, outDir) }),
        );
        const files = report.files.map((r) => relabel(r, inDir, outDir));
        const outputs = await Promise.all(
          files.flatMap(({ output }) =>
            output
              ? [fs.readFile(path.join(outDir, output)).then((b) => ({ name: output, base64: b.toString('base64') }))]
              : [],
          ),
        );
        // The temporary folders mean nothing to the caller.
        delete report.outDir;
        return { report: { ...report, files }, outputs };
      } finally {
        await fs.rm(tmp, { recursive: true, force: true });
      }
    },
  };
}
