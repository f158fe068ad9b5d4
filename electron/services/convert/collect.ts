/** Expands the inputs into the list of files to convert, each with the folder its output path is relative to. */
import path from 'node:path';
import { walkFiles } from '../files/walk-files.ts';
import type { SkippedEntry } from '../files/walk-files.ts';

export const CARD_EXTENSIONS = new Set(['.png', '.apng', '.json', '.charx', '.yaml', '.yml', '.webp', '.jpg', '.jpeg']);
/** Our own leftovers (in-place temp files, backups) are never inputs. */
const OWN_FILE = /(\.lorewright-tmp-[^/\\]*|\.bak\d*)$/;

export interface InputFile {
  path: string;
  /** Folder the output path mirrors from; the file's own folder for files named directly. */
  root: string;
  /** Bytes at the time of the walk (batches are sized by it). */
  size: number;
}

export interface Collected {
  files: InputFile[];
  /** Inputs that do not exist. */
  missing: { path: string; message: string }[];
  /** Entries left out, each with its reason: broken links, loops, FIFOs, sockets, devices, unreadable files. */
  skipped: SkippedEntry[];
}

export function isCardFileName(name: string): boolean {
  return CARD_EXTENSIONS.has(path.extname(name).toLowerCase()) && !OWN_FILE.test(name);
}

/** A folder's other files are named in the report as skipped, so its counts add up (our own leftovers stay quiet). */
function notACard(name: string): string | undefined {
  if (OWN_FILE.test(name)) return undefined;
  const ext = path.extname(name).toLowerCase();
  return `not a card file (${ext || 'no extension'}); cards are PNG, JSON, YAML or CharX files`;
}

/** The inputs' files; `found` is called with each as it is found (see WalkOptions). */
export async function collectInputs(
  inputs: readonly string[],
  exclude: readonly string[] = [],
  found?: (file: InputFile) => void,
): Promise<Collected> {
  const { files, skipped } = await walkFiles(inputs, {
    accept: isCardFileName,
    rejectReason: notACard,
    exclude,
    ...(found ? { found } : {}),
  });
  return {
    files,
    missing: skipped.filter((s) => s.code === 'missing').map((s) => ({ path: s.path, message: s.reason })),
    skipped: skipped.filter((s) => s.code !== 'missing'),
  };
}
