/**
 * One file through the pipeline: read → detect → convert → write, as a FileResult (never throws). convertFile does
 * its I/O asynchronously (it runs beside other work on the main thread); convertFileSync is the same pipeline for
 * worker threads, where a batch of small files costs less with synchronous I/O than with a promise per call.
 */
import type { Stats } from 'node:fs';
import path from 'node:path';
// The modules themselves, not shared/card/index.ts: each worker thread loads what it imports, and the card
// validator (ajv and the schemas) is not needed here.
import { CardError } from '../../../shared/card/errors.ts';
import { convertCard } from '../../../shared/card/convert.ts';
import type { TargetSpec } from '../../../shared/card/convert.ts';
import { readCard } from '../../../shared/card/read.ts';
import { summarizeReport } from '../../../shared/card/loss-report.ts';
import { writeCardParts } from '../../../shared/card/write.ts';
import type { OutputFormat } from '../../../shared/card/write.ts';
import { backupFile, backupFileSync, writeFileAtomic, writeFileAtomicSync } from './atomic-write.ts';
import type { CopySource, WriteMode } from './atomic-write.ts';
import { sameFormat } from './output-path.ts';
import type { InputFile } from './collect.ts';
import { readRegularFile, readRegularFileSync, scratchBuffer } from '../files/walk-files.ts';
import type { FileResult } from './types.ts';

export interface FileJob {
  file: InputFile;
  to: TargetSpec;
  format: 'same' | OutputFormat;
  /** Where the output goes, in a folder that exists; undefined in in-place mode (the input is replaced). */
  output: string | undefined;
  /** The output's folder is a staging folder (staging.ts): the file is written under its own name. */
  staged?: boolean;
  backup: boolean;
  indent: number | string | undefined;
  maxFileBytes: number;
}

export const DEFAULT_MAX_FILE_BYTES = 512 * 1024 * 1024;

/**
 * Converts the bytes read for `job` into `result`; returns the bytes to write as slices in order (views into
 * `bytes` where the file is kept as stored), or undefined when nothing is written.
 */
function convertBytes(job: FileJob, bytes: Uint8Array, result: FileResult): Uint8Array[] | undefined {
  // Image data is copied as stored, so its CRCs are not worth half the CPU time of a batch.
  const read = readCard(bytes, path.basename(job.file.path), { maxBytes: job.maxFileBytes, verifyImageCrc: false });
  Object.assign(result, { from: read.spec, container: read.container, warnings: read.warnings });
  const keep = sameFormat(read.container);
  const format = job.format === 'same' ? keep : job.format;
  if (!format) {
    result.status = 'skipped';
    result.error = {
      code: 'read_only_format',
      message: `${read.container.toUpperCase()} cards are read-only; choose an output format (png, json, yaml or charx)`,
    };
    return undefined;
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
  if (already && format === keep) return undefined;
  const written = writeCardParts(converted.doc, format, {
    source: read,
    ...(job.indent !== undefined ? { indent: job.indent } : {}),
  });
  result.warnings = [...result.warnings, ...written.warnings];
  return written.parts;
}

const byteLength = (parts: readonly Uint8Array[]): number => parts.reduce((n, p) => n + p.length, 0);

function failed(result: FileResult, e: unknown): void {
  const code = e instanceof CardError ? e.code : ((e as NodeJS.ErrnoException).code ?? 'error');
  result.status = code === 'not_a_card' ? 'skipped' : 'failed';
  result.error = { code, message: (e as Error).message };
}

/** Runs `steps` for one job, timing it and turning any error into the result. */
function tracked(job: FileJob, steps: (result: FileResult) => Promise<void>): Promise<FileResult>;
function tracked(job: FileJob, steps: (result: FileResult) => void): FileResult;
function tracked(job: FileJob, steps: (result: FileResult) => void | Promise<void>): FileResult | Promise<FileResult> {
  const started = performance.now();
  const result: FileResult = { input: job.file.path, status: 'failed', warnings: [], bytesIn: 0, ms: 0 };
  const finish = (): FileResult => ({ ...result, ms: Math.round((performance.now() - started) * 100) / 100 });
  try {
    const pending = steps(result);
    if (pending) return pending.catch((e: unknown) => failed(result, e)).then(finish);
  } catch (e) {
    failed(result, e);
  }
  return finish();
}

/** What reading a job's file learns: its size (into the result) and stats, for a kernel copy of its bytes. */
function reading(
  job: FileJob,
  result: FileResult,
): { seen: (size: number, s: Stats) => void; source: (bytes: Uint8Array) => CopySource } {
  let stats: Stats | undefined;
  return {
    seen: (size, s) => {
      result.bytesIn = size;
      stats = s;
    },
    source: (bytes) => ({ path: job.file.path, bytes, stats: stats! }),
  };
}

// Replacing an original must survive a power cut (durable); a new file in the output folder can simply be redone.
const modeOf = (job: FileJob): WriteMode => (!job.output ? 'durable' : job.staged ? 'staged' : 'atomic');

export function convertFile(job: FileJob, scratch?: (size: number) => Uint8Array): Promise<FileResult> {
  return tracked(job, async (result) => {
    const read = reading(job, result);
    const bytes = await readRegularFile(job.file.path, job.maxFileBytes, read.seen, scratch);
    const out = convertBytes(job, bytes, result);
    if (!out) return;
    if (!job.output && job.backup) result.backup = await backupFile(job.file.path);
    await writeFileAtomic(job.output ?? job.file.path, out, modeOf(job), read.source(bytes));
    Object.assign(result, { output: job.output ?? job.file.path, bytesOut: byteLength(out) });
  });
}

// One file at a time per thread: each is read into the same memory, its output written before the next is read.
const threadScratch = scratchBuffer();

/** convertFile with synchronous I/O, reading into `scratch` (by default one buffer kept for the thread). */
export function convertFileSync(job: FileJob, scratch = threadScratch): FileResult {
  return tracked(job, (result) => {
    const read = reading(job, result);
    const bytes = readRegularFileSync(job.file.path, job.maxFileBytes, read.seen, scratch);
    const out = convertBytes(job, bytes, result);
    if (!out) return;
    if (!job.output && job.backup) result.backup = backupFileSync(job.file.path);
    writeFileAtomicSync(job.output ?? job.file.path, out, modeOf(job), read.source(bytes));
    Object.assign(result, { output: job.output ?? job.file.path, bytesOut: byteLength(out) });
  });
}
