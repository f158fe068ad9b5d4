/** One file through the pipeline: read → detect → convert → write, as a FileResult (never throws). */
import path from 'node:path';
import { CardError, convertCard, readCard, summarizeReport, writeCard } from '../../../shared/card/index.ts';
import type { OutputFormat, TargetSpec } from '../../../shared/card/index.ts';
import { backupFile, writeFileAtomic } from './atomic-write.ts';
import { sameFormat } from './output-path.ts';
import type { InputFile } from './collect.ts';
import { readRegularFile } from '../files/walk-files.ts';
import type { FileResult } from './types.ts';

export interface FileJob {
  file: InputFile;
  to: TargetSpec;
  format: 'same' | OutputFormat;
  /** Where the output goes, in a folder that exists; undefined in in-place mode (the input is replaced). */
  output: string | undefined;
  backup: boolean;
  indent: number | string | undefined;
  maxFileBytes: number;
}

export const DEFAULT_MAX_FILE_BYTES = 512 * 1024 * 1024;

export async function convertFile(job: FileJob): Promise<FileResult> {
  const started = performance.now();
  const input = job.file.path;
  const result: FileResult = { input, status: 'failed', warnings: [], bytesIn: 0, ms: 0 };
  const finish = (): FileResult => ({ ...result, ms: Math.round((performance.now() - started) * 100) / 100 });
  try {
    const bytes = await readRegularFile(input, job.maxFileBytes, (size) => (result.bytesIn = size));
    // Image data is copied as stored, so its CRCs are not worth half the CPU time of a batch.
    const read = readCard(bytes, path.basename(input), { maxBytes: job.maxFileBytes, verifyImageCrc: false });
    Object.assign(result, { from: read.spec, container: read.container, warnings: read.warnings });
    const keep = sameFormat(read.container);
    const format = job.format === 'same' ? keep : job.format;
    if (!format) {
      result.status = 'skipped';
      result.error = {
        code: 'read_only_format',
        message: `${read.container.toUpperCase()} cards are read-only; choose an output format (png, json, yaml or charx)`,
      };
      return finish();
    }
    result.format = format;
    const converted = convertCard(read.doc, job.to);
    const already = converted.from === job.to;
    result.status = already ? 'already' : 'converted';
    if (!already) {
      result.loss = summarizeReport(converted.report);
      const dropped = converted.report.items.filter((i) => i.action === 'dropped');
      if (dropped.length) result.dropped = dropped;
    }
    // Nothing to write: the card is at the target and stays in its container.
    if (already && format === keep) return finish();
    const written = writeCard(converted.doc, format, {
      source: read,
      ...(job.indent !== undefined ? { indent: job.indent } : {}),
    });
    result.warnings = [...result.warnings, ...written.warnings];
    const output = job.output ?? input;
    if (!job.output && job.backup) result.backup = await backupFile(input);
    // Replacing an original must survive a power cut; a new file in the output folder can simply be redone.
    await writeFileAtomic(output, written.bytes, !job.output);
    result.output = output;
    result.bytesOut = written.bytes.length;
  } catch (e) {
    const code = e instanceof CardError ? e.code : ((e as NodeJS.ErrnoException).code ?? 'error');
    result.status = code === 'not_a_card' ? 'skipped' : 'failed';
    result.error = { code, message: (e as Error).message };
  }
  return finish();
}
