/**
 * Batch conversion of card files and folders: `convertFiles(options, onProgress) → Promise<ConvertReport>`.
 * See ConvertOptions (types.ts) for every option. Files run concurrently (`jobs`); one bad file fails alone and
 * the batch goes on. Originals are never written unless `inPlace`, and then atomically with a backup.
 */
import fs from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { collectInputs } from './collect.ts';
import type { InputFile } from './collect.ts';
import { convertFile, convertFileSync, DEFAULT_MAX_FILE_BYTES } from './convert-file.ts';
import type { FileJob } from './convert-file.ts';
import { OutputPlanner } from './output-path.ts';
import { BatchQueue, runPool } from './pool.ts';
import { cleanLeftoverTemps, trackTempDirs } from './atomic-write.ts';
import { closeStage, openStage, tempsBeside } from './staging.ts';
import { releasePool, takePool } from './worker-pool.ts';
import { ResultSharer } from './shared-results.ts';
import type { WorkerPool } from './worker-pool.ts';
import { scratchBuffer } from '../files/walk-files.ts';
import { ConvertUsageError } from './types.ts';
import type { ConvertOptions, ConvertProgress, ConvertReport, ConvertTotals, FileResult } from './types.ts';

const MIN_FILES_FOR_THREADS = 32;
/** A worker batch: up to this many files or bytes (a file larger than that goes alone). */
const BATCH_FILES = 64;
const BATCH_BYTES = 8 * 1024 * 1024;

function checkOptions(options: ConvertOptions): void {
  if (options.to !== 'v2' && options.to !== 'v3')
    throw new ConvertUsageError(`target must be v2 or v3, not ${JSON.stringify(options.to)}`);
  if (options.inputs.length === 0) throw new ConvertUsageError('no input files or folders given');
  if (options.inPlace && options.outDir)
    throw new ConvertUsageError('choose either an output folder or in-place, not both');
  if (!options.inPlace && !options.outDir)
    throw new ConvertUsageError('an output folder is required unless converting in place');
  if (options.inPlace && (options.format ?? 'same') !== 'same')
    throw new ConvertUsageError("in-place conversion keeps each file's format; use an output folder to change formats");
  if (options.jobs !== undefined && !(Number.isInteger(options.jobs) && options.jobs >= 1))
    throw new ConvertUsageError(`jobs must be a positive integer, not ${options.jobs}`);
}

export async function convertFiles(
  options: ConvertOptions,
  onProgress?: (progress: ConvertProgress) => void,
): Promise<ConvertReport> {
  checkOptions(options);
  const started = performance.now();
  const jobs = options.jobs ?? os.availableParallelism();
  // Threads take a while to load the card code: a folder probably holds enough files for them, so they start
  // loading while it is walked.
  // This thread converts files too (it has the card code loaded and warm), so one worker fewer than jobs. The pool
  // may be the last batch's, kept for a while (worker-pool.ts).
  const pool = jobs > 1 && (options.threads ?? (await anyFolder(options.inputs))) ? takePool(jobs - 1) : undefined;
  try {
    return await convertWith(options, onProgress, started, jobs, pool);
  } finally {
    if (pool) await releasePool(pool);
  }
}

async function convertWith(
  options: ConvertOptions,
  onProgress: ((progress: ConvertProgress) => void) | undefined,
  started: number,
  jobs: number,
  threads: WorkerPool | undefined,
): Promise<ConvertReport> {
  const startedAt = new Date().toISOString();
  const outDir = options.outDir ? path.resolve(options.outDir) : undefined;
  const format = options.format ?? 'same';
  // A new output folder is staged (staging.ts): written hidden, under the final names, and put in place at the end.
  const stage = outDir ? await openStage(outDir) : undefined;
  // Outputs are named in input order as the walk finds the files. An output is never an input: the walk does not
  // enter the output folder (nor any staging folder beside it), so the only inputs that can lie in it are those
  // named directly, all known now.
  const planner = outDir
    ? new OutputPlanner(
        outDir,
        options.inputs.map((p) => path.resolve(p)),
      )
    : undefined;
  // Where an output is written: its own path, or the same place in the staging folder.
  const writtenAt = (output: string): string => (stage ? stage + output.slice(outDir!.length) : output);
  const files: InputFile[] = [];
  const outputs: (string | undefined)[] = [];
  // Each output folder is made once, before the first batch writing into it is handed out. Temp files live beside
  // their targets (a staging folder beside the output folder): each folder they may be in is registered for a hard
  // stop's clean-up before anything is written there.
  const targetDirs = new Set<string>();
  const untrack: (() => void)[] = [];
  if (stage) untrack.push(trackTempDirs([path.dirname(outDir!)]));
  const prepare = (dir: string): void => {
    if (targetDirs.has(dir)) return;
    targetDirs.add(dir);
    if (outDir) mkdirSync(dir, { recursive: true });
    if (!stage) untrack.push(trackTempDirs([dir]));
  };
  const results: (FileResult | undefined)[] = [];
  // Progress names the total, known once the walk ends: results that come before are told then.
  let total: number | undefined;
  let done = 0;
  const early: FileResult[] = [];
  const tell = (result: FileResult): void => {
    if (total === undefined) early.push(result);
    else onProgress?.({ done: ++done, total, result });
  };
  const job = (i: number): FileJob => ({
    file: files[i]!,
    to: options.to,
    format,
    output: outputs[i] && writtenAt(outputs[i]),
    ...(stage ? { staged: true } : {}),
    backup: options.backup ?? true,
    indent: options.indent,
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
  });
  // The report names the output where it will be (a staged one's final place), and keeps the walk's and the plan's
  // strings rather than the copies a worker's answer brings: 20,000 results stay until the batch ends, and each
  // string they hold is copied again when the young generation is collected.
  const sharer = new ResultSharer();
  const record = (i: number, result: FileResult): void => {
    result.input = files[i]!.path;
    if (result.output && outputs[i]) result.output = outputs[i];
    sharer.share(result);
    results[i] = result;
    tell(result);
  };
  // With threads, files are converted in batches while the walk goes on; they start once there are enough files
  // to pay for the threads (or the walk has ended). In place, the walk ends first: a file replaced gets a new inode,
  // and a link to it found later must still be told apart as a duplicate by the inode the walk saw.
  const queue = new BatchQueue(BATCH_FILES, BATCH_BYTES);
  // Threads pay off once there is more work than their start-up costs.
  const worthThreads = (): boolean => Boolean(options.threads) || files.length >= MIN_FILES_FOR_THREADS;
  let converting: Promise<void> | undefined;
  const startThreads = (pool: WorkerPool): void => {
    // Batches go to this thread and to the workers (one message each way per batch), two batches per worker in
    // flight so none waits for its next batch. A worker's first files run before V8 has optimised the card code,
    // and starting one costs ≈0.1 s, so this thread takes batches as well (the last lane, so that a single batch
    // still goes to a worker).
    const scratch = scratchBuffer();
    const here = (jobs - 1) * 2;
    const lane = async (n: number): Promise<void> => {
      for (let batch; !options.signal?.aborted && (batch = await queue.next());) {
        if (n === here) await convertHere(batch, (i) => record(i, convertFileSync(job(i), scratch)), options.signal);
        else (await pool.run(batch.map(job))).forEach((result, k) => record(batch[k]!, result));
      }
    };
    converting = Promise.all(Array.from({ length: here + 1 }, (_, n) => lane(n))).then(() => undefined);
  };
  const found = (file: InputFile): void => {
    const i = files.push(file) - 1;
    const output = planner?.claim(file.path, file.root, format);
    outputs.push(output);
    prepare(path.dirname(output ? writtenAt(output) : file.path));
    queue.add(i, file.size);
    if (threads && outDir && !converting && worthThreads()) startThreads(threads);
  };
  try {
    // The output folder may sit inside an input folder; never treat earlier outputs (or staged ones) as inputs.
    const collected = await collectInputs(
      options.inputs,
      outDir ? [outDir, ...(await tempsBeside(outDir))] : [],
      found,
    ).finally(() => queue.end());
    const pool = worthThreads() ? threads : undefined;
    if (pool && !converting) startThreads(pool);
    // Clear what a killed run left there while the files convert (a temp file of a live process, this one included,
    // is never removed).
    const tempDirs = stage ? [] : [...targetDirs];
    const cleaning = cleanLeftoverTemps(outDir ? [path.dirname(outDir), ...tempDirs] : tempDirs);
    const missingResults: FileResult[] = [
      ...collected.missing.map((m): FileResult => ({
        input: m.path,
        status: 'failed',
        error: { code: 'ENOENT', message: m.message },
        warnings: [],
        bytesIn: 0,
        ms: 0,
      })),
      ...collected.skipped.map((s): FileResult => ({
        input: s.path,
        status: 'skipped',
        error: { code: s.code, message: s.reason },
        warnings: [],
        bytesIn: 0,
        ms: 0,
      })),
    ];
    total = files.length + collected.missing.length;
    for (const r of [...missingResults, ...early.splice(0)]) tell(r);
    if (pool) await converting;
    else {
      // Here in this thread, several files in flight so their I/O overlaps the CPU work.
      const lanes = Array.from({ length: jobs }, () => scratchBuffer());
      await runPool(
        files,
        jobs,
        async (_file, i, lane) => record(i, await convertFile(job(i), lanes[lane])),
        options.signal,
      );
    }
    // An empty batch leaves no output folder, as one that never staged.
    if (stage) await (files.length > 0 ? closeStage(stage, outDir!) : fs.rmdir(stage));
    const cleaned = await cleaning;
    const all = [...missingResults, ...results.filter((r): r is FileResult => r !== undefined)];
    return {
      to: options.to,
      mode: outDir ? 'out-dir' : 'in-place',
      ...(outDir ? { outDir } : {}),
      startedAt,
      ms: Math.round(performance.now() - started),
      aborted: options.signal?.aborted ?? false,
      threads: pool && converting ? pool.threadsUsed : 0,
      totals: totalsOf(all),
      files: all,
      ...(cleaned.length ? { cleanedTemps: cleaned } : {}),
    };
  } finally {
    await converting?.catch(() => undefined);
    for (const u of untrack) u();
  }
}

/** How long this thread converts files before it lets its other work run (a timer, a message, the app's IPC). */
const SLICE_MS = 8;

/**
 * Runs `convert` on each index of `batch` here, synchronously, in slices; stops starting files once aborted. It lets
 * the thread go before each batch as well: a batch that ends within its slice would otherwise go straight on to the
 * next (a promise's continuation does not pass the event loop), and the workers' answers would wait for a slice to run
 * over (measured: a worker idle for most of 20,000 small cards, given a tenth of them).
 */
async function convertHere(
  batch: number[],
  convert: (i: number) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  await nextTurn();
  let sliceStart = performance.now();
  for (const i of batch) {
    if (signal?.aborted) return;
    convert(i);
    if (performance.now() - sliceStart < SLICE_MS) continue;
    await nextTurn();
    sliceStart = performance.now();
  }
}

async function anyFolder(inputs: readonly string[]): Promise<boolean> {
  const stats = await Promise.all(inputs.map((p) => fs.stat(p).catch(() => undefined)));
  return stats.some((s) => s?.isDirectory());
}

function totalsOf(files: FileResult[]): ConvertTotals {
  const t: ConvertTotals = {
    files: files.length,
    converted: 0,
    already: 0,
    skipped: 0,
    failed: 0,
    bytesIn: 0,
    bytesOut: 0,
  };
  for (const f of files) {
    t[f.status]++;
    t.bytesIn += f.bytesIn;
    t.bytesOut += f.bytesOut ?? 0;
  }
  return t;
}
