/** `lorewright convert`: batch card conversion through the same service as the app's "Batch convert" dialog. */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { convertFiles, ConvertUsageError } from '../../services/convert/index.ts';
import { abandonWrites, removeOwnTemps } from '../../services/convert/atomic-write.ts';
import { stopWorkers } from '../../services/convert/worker-pool.ts';
import type { ConvertOptions, ConvertReport } from '../../services/convert/index.ts';
import { formatConvertSummary } from '../cards/convert-summary.ts';
import { displayPath } from '../cards/display-path.ts';
import { progressReporter } from '../cards/progress.ts';
import type { CliIo } from '../io.ts';
import { EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, UsageError } from '../usage-error.ts';

/** Shell convention for "stopped by Ctrl-C", so scripts can tell an interrupted run from failed files. */

export const CONVERT_HELP = `Usage: lorewright convert <files|folders...> --to v2|v3 (--out DIR | --in-place) [options]

Converts character cards (PNG, JSON, YAML, CharX; WEBP/JPEG read-only) to V2 or V3. Folders are walked
recursively. Originals are never modified unless --in-place.

Options:
  --to v2|v3           target spec (required)
  --out DIR            write converted files under DIR, mirroring each folder's layout
  --in-place           replace the originals atomically, keeping <file>.bak backups
  --no-backup          with --in-place: keep no backups
  --format FORMAT      same (default), png, json, yaml or charx (not with --in-place)
  --jobs N             files converted in parallel (default: number of CPU cores)
  --report FILE        also write the full JSON report (every file, warning and loss) to FILE
  --json               print the full JSON report instead of the summary
  -h, --help           this help

Files already at the target spec are left alone. Re-running is safe: it finds them already converted.
Ctrl-C stops after the files in flight and still prints (and writes) the partial report.
Exit codes: 0 all files ok, 1 some failed, 2 usage error, 130 interrupted.
`;

const FORMATS = ['same', 'png', 'json', 'yaml', 'charx'] as const;
type Format = (typeof FORMATS)[number];

const options = {
  to: { type: 'string' },
  out: { type: 'string', short: 'o' },
  'in-place': { type: 'boolean' },
  'no-backup': { type: 'boolean' },
  format: { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  report: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} satisfies ParseArgsConfig['options'];

interface Parsed {
  convert: ConvertOptions;
  reportFile: string | undefined;
  json: boolean;
}

function usage(message: string): never {
  throw new UsageError(message, CONVERT_HELP);
}

function parse(argv: string[], cwd: string): Parsed | undefined {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    usage((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return undefined;
  if (positionals.length === 0) usage('"convert" needs at least one file or folder.');
  const to = values.to?.toLowerCase();
  if (to !== 'v2' && to !== 'v3')
    usage(values.to === undefined ? '--to is required (v2 or v3).' : `--to must be v2 or v3, got "${values.to}".`);
  const inPlace = values['in-place'] ?? false;
  if (inPlace && values.out !== undefined) usage('Choose either --out DIR or --in-place, not both.');
  if (!inPlace && values.out === undefined)
    usage('Say where converted files go: --out DIR, or --in-place to replace the originals.');
  if (values['no-backup'] && !inPlace) usage('--no-backup only applies with --in-place.');
  const format = (values.format ?? 'same').toLowerCase() as Format;
  if (!FORMATS.includes(format)) usage(`--format must be one of ${FORMATS.join(', ')}, got "${values.format}".`);
  if (inPlace && format !== 'same') usage("--in-place keeps each file's format; use --out DIR to change formats.");
  const jobs = values.jobs === undefined ? undefined : Number(values.jobs);
  if (jobs !== undefined && !(Number.isInteger(jobs) && jobs >= 1))
    usage(`--jobs must be a positive whole number, got "${values.jobs}".`);
  const reportFile = values.report === undefined ? undefined : path.resolve(cwd, values.report);
  // Found out now rather than after a long batch whose report then has nowhere to go.
  if (reportFile && fs.existsSync(reportFile) && fs.statSync(reportFile).isDirectory())
    usage(`--report ${values.report} is a folder; give a file name.`);
  return {
    convert: {
      inputs: positionals.map((p) => path.resolve(cwd, p)),
      to,
      ...(inPlace ? { inPlace, backup: !values['no-backup'] } : { outDir: path.resolve(cwd, values.out ?? '') }),
      format,
      ...(jobs !== undefined ? { jobs } : {}),
    },
    reportFile,
    json: values.json ?? false,
  };
}

export async function runConvert(argv: string[], io: CliIo): Promise<number> {
  const parsed = parse(argv, io.cwd);
  if (!parsed) {
    io.out(CONVERT_HELP);
    return EXIT_OK;
  }
  const show = displayPath(io.cwd);
  const progress = progressReporter(io, show, parsed.json);
  const controller = new AbortController();
  // The first Ctrl-C (or SIGTERM) stops starting files and lets the ones in flight finish; a second one quits at
  // once: it stops the worker threads and the writes in flight, then removes this run's temp files. Writes are
  // atomic, so either way every file is old or new.
  const onInterrupt = (): void => {
    if (controller.signal.aborted) {
      void Promise.all([stopWorkers(), abandonWrites()]).finally(() => {
        removeOwnTemps();
        process.exit(EXIT_INTERRUPTED);
      });
      return;
    }
    controller.abort();
    progress.note('Interrupted: finishing the files in flight (Ctrl-C again to quit at once)…');
  };
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  let expected: number | undefined;
  let report: ConvertReport;
  try {
    report = await convertFiles({ ...parsed.convert, signal: controller.signal }, (p) => {
      expected = p.total;
      progress.update(p);
    });
  } catch (e) {
    if (e instanceof ConvertUsageError) usage(`${e.message.charAt(0).toUpperCase()}${e.message.slice(1)}.`);
    throw e;
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    process.removeListener('SIGTERM', onInterrupt);
    progress.finish();
  }
  const text = `${JSON.stringify(report, null, 2)}\n`;
  if (parsed.reportFile) {
    fs.mkdirSync(path.dirname(parsed.reportFile), { recursive: true });
    fs.writeFileSync(parsed.reportFile, text);
  }
  io.out(parsed.json ? text : formatConvertSummary(report, show, expected));
  if (parsed.reportFile && !parsed.json) io.out(`Report written to ${show(parsed.reportFile)}\n`);
  if (report.aborted) return EXIT_INTERRUPTED;
  return report.totals.failed > 0 ? EXIT_FAILED : EXIT_OK;
}
