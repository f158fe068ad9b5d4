/**
 * Expands files and folders into the regular files a batch may read, and names every entry it leaves out.
 * Everything is stat'ed before it is read; symbolic links are followed, with loops and already-walked folders
 * detected by device and inode; broken links, FIFOs, sockets, devices and unreadable entries are skipped with a
 * reason (a file by its mode bits, asking access(2) only when they deny it: see readableByMode). The walk never reads
 * a file, so a FIFO cannot block it and a huge file cannot fill memory.
 */
import {
  accessSync,
  close,
  fstat,
  open,
  read,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  statSync,
} from 'node:fs';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';

export type SkipCode =
  'missing' | 'broken_link' | 'link_loop' | 'not_regular' | 'unreadable' | 'too_large' | 'duplicate' | 'not_input';

export interface SkippedEntry {
  path: string;
  code: SkipCode;
  reason: string;
}

export interface WalkedFile {
  path: string;
  /** The folder it was found under (its own folder when named directly). */
  root: string;
  size: number;
}

export interface WalkOptions {
  /** Which files found inside folders are inputs (files named directly always are). Default: all. */
  accept?: (name: string) => boolean;
  /** Why a file `accept` leaves out is not an input: it is then reported as skipped (`not_input`); undefined keeps quiet. */
  rejectReason?: (name: string) => string | undefined;
  /** Folders never entered (e.g. an output folder inside an input folder). */
  exclude?: readonly string[];
  /** Larger files are skipped before being read. */
  maxFileBytes?: number;
  /** Called with each file as it is found, in the order of `files`: work on it may start while the walk goes on. */
  found?: (file: WalkedFile) => void;
}

export interface WalkResult {
  files: WalkedFile[];
  skipped: SkippedEntry[];
}

type Problem = { code: SkipCode; reason: string };

const identity = (s: Stats): string => `${s.dev}:${s.ino}`;

/**
 * `dir` with a separator at its end, so an absolute, normalised folder and a plain name join by concatenation: a
 * walk and an output plan place every file, and path.join would normalise both sides again (≈5 µs a file).
 */
export const folderPrefix = (dir: string): string => (dir.endsWith(path.sep) ? dir : dir + path.sep);

/** The first path seen for each file, by device and inode: numbers as keys, where a string per file cost more. */
class FirstPaths {
  private readonly byDevice = new Map<number, Map<number, string>>();

  get(s: Stats): string | undefined {
    return this.byDevice.get(s.dev)?.get(s.ino);
  }

  set(s: Stats, p: string): void {
    let inodes = this.byDevice.get(s.dev);
    if (!inodes) this.byDevice.set(s.dev, (inodes = new Map()));
    inodes.set(s.ino, p);
  }
}

/** Who opens the files: the effective user and groups (undefined where the system has none, as on Windows). */
export interface Reader {
  uid: number;
  groups: ReadonlySet<number>;
}

const self: Reader | undefined =
  process.geteuid && process.getgroups && process.getegid
    ? { uid: process.geteuid(), groups: new Set([process.getegid(), ...process.getgroups()]) }
    : undefined;

/**
 * Whether a file's mode bits let `reader` read it (root reads any file). A yes spares the walk an access(2) call per
 * file (≈5 µs, before the first file converts); a no is asked of access(2), which knows ACLs. A file its ACL denies
 * though its mode allows fails when it is read, with the system's EACCES error, instead of being skipped.
 */
export function readableByMode(s: Pick<Stats, 'mode' | 'uid' | 'gid'>, reader: Reader): boolean {
  if (reader.uid === 0) return true;
  if (s.uid === reader.uid) return (s.mode & 0o400) !== 0;
  if (reader.groups.has(s.gid)) return (s.mode & 0o040) !== 0;
  return (s.mode & 0o004) !== 0;
}

/** Entries probed before the walk lets the thread go to other work. */
const SLICE = 512;

function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

function linkTarget(p: string): string {
  try {
    return readlinkSync(p);
  } catch {
    return '?';
  }
}

function kindOf(s: Stats): string {
  if (s.isFIFO()) return 'a FIFO (named pipe)';
  if (s.isSocket()) return 'a socket';
  if (s.isCharacterDevice()) return 'a character device';
  if (s.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

function errorReason(e: unknown): Problem {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ELOOP') return { code: 'link_loop', reason: 'symbolic link loop' };
  if (code === 'EACCES' || code === 'EPERM') return { code: 'unreadable', reason: 'not readable (permission denied)' };
  if (code === 'ENOENT') return { code: 'missing', reason: 'no such file or folder' };
  return { code: 'unreadable', reason: `cannot be read: ${(e as Error).message}` };
}

export async function walkFiles(inputs: readonly string[], options: WalkOptions = {}): Promise<WalkResult> {
  const files: WalkedFile[] = [];
  const skipped: SkippedEntry[] = [];
  const excluded = (options.exclude ?? []).map((p) => path.resolve(p));
  // First path seen for each file and folder, by device and inode: a second way to the same one is a duplicate.
  const seenFiles = new FirstPaths();
  const seenDirs = new Map<string, string>();
  const skip = (p: string, code: SkipCode, reason: string): void => void skipped.push({ path: p, code, reason });

  /** stat that follows links; a dangling link is told apart from a missing path. */
  const probe = (p: string): Stats | Problem => {
    try {
      return statSync(p);
    } catch (e) {
      const err = errorReason(e);
      if (err.code === 'missing' && isLink(p))
        return { code: 'broken_link', reason: `broken symbolic link (to ${linkTarget(p)})` };
      return err;
    }
  };
  /** The stats of a probe, or undefined once its failure is recorded. */
  const take = (p: string, result: Stats | Problem): Stats | undefined => {
    if ('code' in result) return void skip(p, result.code, result.reason);
    return result;
  };
  const readable = (p: string, s: Stats): Problem | undefined => {
    if (self && readableByMode(s, self)) return undefined;
    try {
      accessSync(p, constants.R_OK);
      return undefined;
    } catch (e) {
      return errorReason(e);
    }
  };

  const addFile = (p: string, root: string, s: Stats, unreadable: Problem | undefined): void => {
    if (!s.isFile()) return skip(p, 'not_regular', `is ${kindOf(s)}`);
    const first = seenFiles.get(s);
    if (first !== undefined) return skip(p, 'duplicate', `same file as ${first}`);
    seenFiles.set(s, p);
    if (options.maxFileBytes !== undefined && s.size > options.maxFileBytes) {
      return skip(
        p,
        'too_large',
        `${s.size.toLocaleString('en-US')} bytes, over the ${options.maxFileBytes.toLocaleString('en-US')}-byte limit`,
      );
    }
    if (unreadable) return skip(p, unreadable.code, unreadable.reason);
    const file = { path: p, root, size: s.size };
    files.push(file);
    options.found?.(file);
  };

  const walkDir = async (dir: string, root: string, s: Stats, ancestors: Set<string>): Promise<void> => {
    if (excluded.some((x) => dir === x || dir.startsWith(x + path.sep))) return;
    const id = identity(s);
    if (ancestors.has(id)) return skip(dir, 'link_loop', `symbolic link loop: leads back to ${seenDirs.get(id)}`);
    const first = seenDirs.get(id);
    if (first !== undefined) return skip(dir, 'duplicate', `same folder as ${first}, already walked`);
    seenDirs.set(id, dir);
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (e) {
      const err = errorReason(e);
      return skip(dir, err.code, `folder ${err.reason}`);
    }
    const inner = new Set(ancestors).add(id);
    // A name from readdir is neither '.' nor '..' nor holds a separator.
    const prefix = folderPrefix(dir);
    // Each entry is stat'ed (and a file its mode denies access-checked) with a synchronous call: a few microseconds
    // each, where a promise per call cost more than the call itself in a folder of thousands of small cards. The thread
    // is let go between slices of a folder, so a huge folder does not hold it for long.
    for (const [i, name] of names.entries()) {
      if (i > 0 && i % SLICE === 0) await nextTurn();
      const full = prefix + name;
      const child = take(full, probe(full));
      if (!child) continue;
      if (child.isDirectory()) await walkDir(full, root, child, inner);
      else if (!options.accept || options.accept(name))
        addFile(full, root, child, child.isFile() ? readable(full, child) : undefined);
      else {
        const reason = options.rejectReason?.(name);
        if (reason) skip(full, 'not_input', reason);
      }
    }
  };

  for (const input of inputs) {
    const abs = path.resolve(input);
    const s = take(abs, probe(abs));
    if (!s) continue;
    if (s.isDirectory()) await walkDir(abs, abs, s, new Set());
    else addFile(abs, path.dirname(abs), s, s.isFile() ? readable(abs, s) : undefined);
  }
  return { files, skipped };
}

/** Refuses, before reading, what is not a regular file or is larger than `max` bytes. */
function checkReadable(file: string, s: Stats, max: number): void {
  if (!s.isFile()) throw Object.assign(new Error(`${file} is ${kindOf(s)}`), { code: 'not_regular' });
  if (s.size > max)
    throw Object.assign(
      new Error(`the file is ${s.size.toLocaleString('en-US')} bytes; the limit is ${max.toLocaleString('en-US')}`),
      { code: 'too_large' },
    );
}

/** A file's own memory, for reads that lend no scratch buffer (`scratchBuffer`). */
const fresh = (size: number): Uint8Array => new Uint8Array(size);

const openAsync = promisify(open);
const fstatAsync = promisify(fstat);
const readAsync = promisify(read);
const closeAsync = promisify(close);

/**
 * Reads a regular file through one descriptor, refusing (before reading) anything larger than `max` bytes. Opened
 * non-blocking, so a file swapped for a FIFO after the walk cannot hang the batch; the descriptor's own stat decides.
 * It reads the size the file had when it was checked, or less if it shrank meanwhile, into the memory `scratch`
 * lends (see readRegularFileSync).
 */
export async function readRegularFile(
  file: string,
  max: number,
  onSize?: (size: number, stats: Stats) => void,
  scratch = fresh,
): Promise<Uint8Array> {
  const fd = await openAsync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const s = await fstatAsync(fd);
    onSize?.(s.size, s);
    checkReadable(file, s, max);
    const into = scratch(s.size);
    let got = 0;
    for (let n = 1; got < s.size && n > 0; got += n) n = (await readAsync(fd, into, got, s.size - got, null)).bytesRead;
    return into.subarray(0, got);
  } finally {
    await closeAsync(fd);
  }
}

/**
 * readRegularFile for worker threads, which own their thread and skip the cost of async I/O per small file. With
 * `scratch`, the file is read into the buffer it lends (one reused buffer instead of fresh memory for every
 * file): the bytes returned are then valid only until the next call that lends the same buffer.
 */
export function readRegularFileSync(
  file: string,
  max: number,
  onSize?: (size: number, stats: Stats) => void,
  scratch = fresh,
): Uint8Array {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const s = fstatSync(fd);
    onSize?.(s.size, s);
    checkReadable(file, s, max);
    // The size the descriptor had when it was checked, or less if the file shrank meanwhile.
    const into = scratch(s.size);
    let got = 0;
    for (let n = 1; got < s.size && n > 0; got += n) n = readSync(fd, into, got, s.size - got, null);
    return into.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

/**
 * A buffer lent out again and again for readRegularFileSync, grown to the largest file read up to `keep` bytes;
 * a larger file gets memory of its own, so a rare huge file does not stay in memory after it is done.
 */
export function scratchBuffer(keep = 16 * 1024 * 1024): (size: number) => Uint8Array {
  let buffer = new Uint8Array(0);
  return (size) => {
    if (size > keep) return new Uint8Array(size);
    if (buffer.length < size) buffer = new Uint8Array(Math.min(keep, Math.max(size, buffer.length * 2)));
    return buffer;
  };
}
