/** The report of a batch card conversion: produced by the Node batch service, shown by the CLI and the app. */
import type { CardContainer } from './read.ts';
import type { CardSpec } from './types.ts';
import type { CardWarning } from './errors.ts';
import type { LossItem, ReportSummary } from './loss-report.ts';
import type { OutputFormat } from './write.ts';
import type { TargetSpec } from './convert.ts';

export type FileStatus = 'converted' | 'already' | 'skipped' | 'failed';

export interface FileResult {
  input: string;
  status: FileStatus;
  /** Written file (absent when nothing was written). */
  output?: string;
  /** In-place backup of the original. */
  backup?: string;
  from?: CardSpec;
  container?: CardContainer;
  format?: OutputFormat;
  /** Why a file was skipped or failed; code is a CardError code or an fs error code. */
  error?: { code: string; message: string };
  warnings: CardWarning[];
  /** Counts of the conversion's loss report, and every dropped field in full. */
  loss?: ReportSummary;
  dropped?: LossItem[];
  bytesIn: number;
  bytesOut?: number;
  ms: number;
}

export interface ConvertTotals {
  files: number;
  converted: number;
  already: number;
  skipped: number;
  failed: number;
  bytesIn: number;
  bytesOut: number;
}

export interface ConvertReport {
  to: TargetSpec;
  mode: 'out-dir' | 'in-place';
  outDir?: string;
  startedAt: string;
  ms: number;
  aborted: boolean;
  /** Worker threads that converted files; 0 when every file was converted in the calling thread. */
  threads: number;
  totals: ConvertTotals;
  /** In input order (folders in sorted path order). */
  files: FileResult[];
  /** Temp files of an earlier run that was killed mid-write, removed before this one started. */
  cleanedTemps?: string[];
}

export interface ConvertProgress {
  done: number;
  total: number;
  result: FileResult;
}
