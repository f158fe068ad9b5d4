/** Options, per-file results and the report of a batch conversion. */
import type { OutputFormat, TargetSpec } from '../../../shared/card/index.ts';

/**
 * Options of convertFiles.
 * - inputs: files and/or folders. Folders are walked recursively (symlinked folders are not followed) for card
 *   files (.png .apng .json .charx .yaml .yml .webp .jpg .jpeg); files named explicitly are tried whatever their
 *   extension.
 * - to: target spec, 'v2' or 'v3'. V1 cards become V2 exactly per spec (or V3 through V2).
 * - outDir: where converted files go (the default mode; required unless inPlace). Each file keeps its path
 *   relative to the folder it was found under; a file named directly lands at the top. Never overwrites an input.
 * - inPlace: rewrite the originals instead: atomically (temp file + rename, so an interrupted run leaves each file
 *   old or new) and with a backup `<file>.bak` (`.bak2`, … if taken) unless backup is false. Requires format 'same'.
 * - format: 'same' (default) keeps each file's container; 'png' | 'json' | 'yaml' | 'charx' converts it.
 *   Legacy WEBP/JPEG (EXIF) cards are read-only: with 'same' they are skipped, with a reason.
 * - jobs: parallelism (default: available parallelism): this thread and jobs − 1 worker threads.
 * - threads: use worker threads (default: when jobs > 1 and there are at least 32 files); false keeps all work
 *   in this thread with `jobs` files in flight. Falls back to this thread where workers cannot load.
 * - indent: JSON/YAML indent for edited text (default: each file's own style, else 2).
 * - maxFileBytes: larger files fail without being read (default 512 MiB). Zip limits apply to CharX.
 * - signal: abort; files not yet started are left out of the report and the report says `aborted`.
 * Files already at the target spec are left alone (status 'already') unless the format changes.
 */
export interface ConvertOptions {
  inputs: string[];
  to: TargetSpec;
  outDir?: string;
  inPlace?: boolean;
  backup?: boolean;
  format?: 'same' | OutputFormat;
  jobs?: number;
  threads?: boolean;
  indent?: number | string;
  maxFileBytes?: number;
  signal?: AbortSignal;
}

export type {
  FileStatus,
  FileResult,
  ConvertTotals,
  ConvertReport,
  ConvertProgress,
} from '../../../shared/card/batch-report.ts';

export class ConvertUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConvertUsageError';
  }
}
