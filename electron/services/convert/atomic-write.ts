/**
 * Crash-safe file replacement: write a temp file in the same folder, rename it over the target. A reader (or a run
 * killed midway) sees the old file or the new one, never a half-written one. 'durable' also flushes the temp file
 * to disk before the rename, so even a power cut cannot leave an empty file where an original used to be. 'staged'
 * writes the target under its own name: it sits in a hidden folder no reader knows yet (staging.ts), which is
 * renamed into place whole once every file in it is complete.
 *
 * Temp files (and staging folders) are named `.<name>.lorewright-tmp-<pid>-<random>`: a run killed outright
 * (SIGKILL, power cut) leaves them behind, and the next run over the folder removes those whose process is gone
 * (cleanLeftoverTemps); an interrupted run removes its own (removeOwnTemps).
 */
import fs from 'node:fs/promises';
import {
  close,
  closeSync,
  constants,
  copyFile,
  copyFileSync,
  fsync,
  fsyncSync,
  ftruncate,
  ftruncateSync,
  linkSync,
  open,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  stat,
  statSync,
  writev,
  writevSync,
} from 'node:fs';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

// The callback API on file descriptors: a FileHandle costs more per call, which shows when a worker thread has a
// write in flight for every large file it converts.
const openAsync = promisify(open);
const writevAsync = promisify(writev);
const fsyncAsync = promisify(fsync);
const closeAsync = promisify(close);
const copyFileAsync = promisify(copyFile);
const ftruncateAsync = promisify(ftruncate);
const statAsync = promisify(stat);

const TEMP_NAME = /^\..+\.lorewright-tmp-(?:(\d+)-)?[0-9a-f]+$/;

// Unique per thread: a random prefix drawn once (threads of one process share its pid) and a counter, since
// drawing random bytes for each of 20,000 small files costs more than writing some of them.
const tempPrefix = randomBytes(6).toString('hex');
let tempCount = 0;

/** A fresh temp name beside `target` (a file's, or a staging folder's). */
export function tempPath(target: string): string {
  return path.join(
    path.dirname(target),
    `.${path.basename(target)}.lorewright-tmp-${process.pid}-${tempPrefix}${(tempCount++).toString(16)}`,
  );
}

/** The pid a temp file name carries; 0 for the older names without one; undefined when it is not a temp file. */
export function tempOwner(name: string): number | undefined {
  const m = TEMP_NAME.exec(name);
  return m ? Number(m[1] ?? 0) : undefined;
}

function alive(pid: number): boolean {
  if (pid === 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temp files and staging folders in `dirs` whose writer has ended (killed before it could rename them:
 * never a finished file). Another live run's are left alone. Returns the paths removed.
 */
export async function cleanLeftoverTemps(dirs: Iterable<string>): Promise<string[]> {
  const removed: string[] = [];
  for (const dir of new Set(dirs)) {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const owner = tempOwner(name);
      if (owner === undefined || owner === process.pid || alive(owner)) continue;
      const file = path.join(dir, name);
      if (
        await fs.rm(file, { recursive: true }).then(
          () => true,
          () => false,
        )
      )
        removed.push(file);
    }
  }
  return removed;
}

// Folders a batch in this process writes into, so a hard stop knows where its temp files can be.
const batchDirs = new Map<string, number>();

/** Registers the folders a batch writes into until the returned function is called. */
export function trackTempDirs(dirs: Iterable<string>): () => void {
  const unique = [...new Set(dirs)];
  for (const d of unique) batchDirs.set(d, (batchDirs.get(d) ?? 0) + 1);
  return () => {
    for (const d of unique) {
      const n = (batchDirs.get(d) ?? 1) - 1;
      if (n === 0) batchDirs.delete(d);
      else batchDirs.set(d, n);
    }
  };
}

/**
 * Synchronously removes this process's temp files and staging folders (any thread's: they carry the process id) in
 * the folders of running batches: for a run stopped mid-write by a second Ctrl-C or SIGTERM.
 */
export function removeOwnTemps(): void {
  for (const dir of batchDirs.keys()) {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (tempOwner(name) !== process.pid) continue;
      try {
        rmSync(path.join(dir, name), { recursive: true, force: true });
      } catch {
        // Renamed or removed meanwhile: nothing left to clean.
      }
    }
  }
}

// Atomic writes of this thread in flight; once `stopping`, each stops at its next step and removes its temp file.
const writing = new Set<Promise<void>>();
let stopping = false;

/**
 * Stops this thread's atomic writes where they are and resolves once every one has ended (none is renamed into
 * place any more); for a hard stop, so no temp file can appear after removeOwnTemps has looked.
 */
export async function abandonWrites(): Promise<void> {
  stopping = true;
  await Promise.allSettled([...writing]);
}

/** What a file is written from: its bytes, or its slices in order (written one after another with writev). */
export type FileBytes = Uint8Array | readonly Uint8Array[];

/** The slices still to write once `n` more bytes of `parts` are written. */
function after(parts: readonly Uint8Array[], n: number): Uint8Array[] {
  const rest: Uint8Array[] = [];
  for (const p of parts) {
    if (n >= p.length) n -= p.length;
    else {
      rest.push(n > 0 ? p.subarray(n) : p);
      n = 0;
    }
  }
  return rest;
}

const slices = (bytes: FileBytes): Uint8Array[] => (bytes instanceof Uint8Array ? [bytes] : [...bytes]);

async function writeAll(fd: number, bytes: FileBytes, position = 0): Promise<void> {
  // writev may write less than asked (past IOV_MAX slices, or a signal); go on from where it stopped.
  for (let rest = after(slices(bytes), 0); rest.length > 0;) {
    const n = (await writevAsync(fd, rest, position)).bytesWritten;
    rest = after(rest, n);
    position += n;
  }
}

function writeAllSync(fd: number, bytes: FileBytes, position = 0): void {
  for (let rest = after(slices(bytes), 0); rest.length > 0;) {
    const n = writevSync(fd, rest, position);
    rest = after(rest, n);
    position += n;
  }
}

/** The file a write's bytes were read from: where the kernel may copy its unchanged start from. */
export interface CopySource {
  path: string;
  /** The bytes read from it, which the slices written view where they keep the file as stored. */
  bytes: Uint8Array;
  /** Its stats when it was read: a file changed since is not copied from. */
  stats: Stats;
}

// Copying in the kernel (copy_file_range: no read into this process, no write from it) costs about two thirds of
// writing the same bytes from here, plus a few calls: worth it when it spares writing most of the file.
const MIN_COPY_BYTES = 64 * 1024;

/**
 * How many bytes at the start of the file written from `parts` can be copied from `source` in the kernel: the
 * first slice when it is the source's own first bytes and at least half the output; 0 when writing it all is cheaper.
 */
export function copyablePrefix(parts: readonly Uint8Array[], source: CopySource | undefined): number {
  const first = parts[0];
  if (!source || !first || first.buffer !== source.bytes.buffer || first.byteOffset !== source.bytes.byteOffset)
    return 0;
  return first.length >= MIN_COPY_BYTES && first.length * 2 >= byteLength(parts) ? first.length : 0;
}

const byteLength = (parts: readonly Uint8Array[]): number => parts.reduce((n, p) => n + p.length, 0);

/** Whether `now` is the file `then` was, unchanged (a write since moves its ctime). */
function unchanged(then: Stats, now: Stats): boolean {
  return (
    now.ino === then.ino &&
    now.dev === then.dev &&
    now.size === then.size &&
    now.mtimeMs === then.mtimeMs &&
    now.ctimeMs === then.ctimeMs
  );
}

/** Whether the copy may run past the end of the new file: the file shrank, or the copy is of a changed source. */
const overhang = (source: CopySource, copied: boolean, parts: readonly Uint8Array[]): boolean =>
  !copied || byteLength(parts) < source.bytes.length;

/**
 * How a file is written: 'durable' (temp file, flushed, renamed: replacing an original), 'atomic' (temp file,
 * renamed: a new file in a folder others may read) or 'staged' (under its own name, in a staging folder).
 */
export type WriteMode = 'durable' | 'atomic' | 'staged';

/** Where a write goes first, how it is opened and whether the kernel copy may meet a file already there. */
function plan(target: string, mode: WriteMode): { at: string; flags: string; copyFlags: number } {
  // A staged file is opened without O_EXCL: a batch rerun after a worker died writes its files again.
  if (mode === 'staged') return { at: target, flags: 'w', copyFlags: 0 };
  return { at: tempPath(target), flags: 'wx', copyFlags: constants.COPYFILE_EXCL };
}

export function writeFileAtomic(target: string, bytes: FileBytes, mode: WriteMode, source?: CopySource): Promise<void> {
  const write = writeTemp(target, bytes, mode, source).finally(() => writing.delete(write));
  writing.add(write);
  return write;
}

async function writeTemp(target: string, bytes: FileBytes, mode: WriteMode, source?: CopySource): Promise<void> {
  const { at, flags, copyFlags } = plan(target, mode);
  const parts = slices(bytes);
  const keep = copyablePrefix(parts, source);
  let created = false;
  try {
    // The unchanged start is copied in the kernel (which removes its copy if it fails), and the rest written over
    // the copy from `keep` on.
    if (keep > 0) await copyFileAsync(source!.path, at, copyFlags);
    created = keep > 0;
    const fd = await openAsync(at, keep > 0 ? 'r+' : flags, source && source.stats.mode & 0o777);
    created = true;
    try {
      // A source changed since it was read is not what the slices were made from: write them all instead.
      const copied = keep > 0 && unchanged(source!.stats, await statAsync(source!.path));
      await writeAll(fd, copied ? parts.slice(1) : parts, copied ? keep : 0);
      if (keep > 0 && overhang(source!, copied, parts)) await ftruncateAsync(fd, byteLength(parts));
      if (mode === 'durable') await fsyncAsync(fd);
    } finally {
      await closeAsync(fd);
    }
    if (stopping) throw new Error(`stopped before ${target} was replaced`);
    if (at !== target) await fs.rename(at, target);
  } catch (e) {
    if (created) await fs.rm(at, { force: true });
    throw e;
  }
}

/** writeFileAtomic for worker threads (same temp name, flush policy and clean-up), without async I/O per file. */
export function writeFileAtomicSync(target: string, bytes: FileBytes, mode: WriteMode, source?: CopySource): void {
  const { at, flags, copyFlags } = plan(target, mode);
  const parts = slices(bytes);
  const keep = copyablePrefix(parts, source);
  let created = false;
  try {
    if (keep > 0) copyFileSync(source!.path, at, copyFlags);
    created = keep > 0;
    const fd = openSync(at, keep > 0 ? 'r+' : flags, source && source.stats.mode & 0o777);
    created = true;
    try {
      const copied = keep > 0 && unchanged(source!.stats, statSync(source!.path));
      writeAllSync(fd, copied ? parts.slice(1) : parts, copied ? keep : 0);
      if (keep > 0 && overhang(source!, copied, parts)) ftruncateSync(fd, byteLength(parts));
      if (mode === 'durable') fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (at !== target) renameSync(at, target);
  } catch (e) {
    if (created) rmSync(at, { force: true });
    throw e;
  }
}

/** The n-th backup name of `file`: `.bak`, `.bak2`, `.bak3`… */
const backupName = (file: string, n: number): string => `${file}.bak${n === 1 ? '' : n}`;

/** Keeps the current `file` as `<file>.bak` (or `.bak2`, `.bak3`… — an older backup is never replaced). */
export async function backupFile(file: string): Promise<string> {
  for (let n = 1; ; n++) {
    const backup = backupName(file, n);
    try {
      // A hard link costs no copy and is atomic; where links are unsupported, copy without overwriting.
      await fs.link(file, backup);
      return backup;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      try {
        await fs.copyFile(file, backup, fs.constants.COPYFILE_EXCL);
        return backup;
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw copyError;
      }
    }
  }
}

/** backupFile for worker threads. */
export function backupFileSync(file: string): string {
  for (let n = 1; ; n++) {
    const backup = backupName(file, n);
    try {
      linkSync(file, backup);
      return backup;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      try {
        copyFileSync(file, backup, constants.COPYFILE_EXCL);
        return backup;
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw copyError;
      }
    }
  }
}
