/** Batch card conversion service (plain Node): the CLI's `lorewright convert` and the app's batch dialog. */
export { convertFiles } from './convert-files.ts';
export { ConvertUsageError } from './types.ts';
export type { ConvertOptions, ConvertProgress, ConvertReport, ConvertTotals, FileResult, FileStatus } from './types.ts';
