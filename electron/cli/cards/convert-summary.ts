/** The human summary printed after `lorewright convert`: counts, every failure and skip with its reason, losses. */
import type { ReportSummary } from '../../../shared/card/index.ts';
import type { ConvertReport, FileResult } from '../../services/convert/index.ts';

const LOSS_ACTIONS: (keyof ReportSummary)[] = ['kept', 'moved', 'defaulted', 'changed', 'dropped'];

export function formatConvertSummary(
  report: ConvertReport,
  show: (path: string) => string,
  expected: number | undefined,
): string {
  const t = report.totals;
  const where = report.mode === 'in-place' ? 'in place' : `into ${show(report.outDir ?? '')}`;
  const lines = [
    `${report.aborted ? 'Interrupted: converting' : 'Converted'} to ${report.to.toUpperCase()} ${where} in ${(report.ms / 1000).toFixed(1)} s`,
    `  converted          ${t.converted}`,
    `  already at target  ${t.already}`,
    `  skipped            ${t.skipped}`,
    `  failed             ${t.failed}`,
  ];
  if (report.aborted) {
    const left = expected === undefined ? 'the files not listed' : `${Math.max(0, expected - t.files)} file(s)`;
    lines.push(`  not started        ${left} (run the same command again to finish)`);
  }
  if (report.cleanedTemps?.length)
    lines.push(`  removed ${report.cleanedTemps.length} temp file(s) left by an earlier run that was killed mid-write`);
  lines.push(
    ...section(
      'Failed',
      report.files.filter((f) => f.status === 'failed'),
      show,
    ),
  );
  lines.push(
    ...section(
      'Skipped',
      report.files.filter((f) => f.status === 'skipped'),
      show,
    ),
  );
  lines.push(...lossLines(report.files, show));
  const warned = report.files.filter((f) => f.warnings.length > 0);
  if (warned.length) {
    const count = warned.reduce((n, f) => n + f.warnings.length, 0);
    lines.push('', `${count} reader warning(s) in ${warned.length} file(s); --report or --json lists them.`);
  }
  return `${lines.join('\n')}\n`;
}

function section(title: string, files: FileResult[], show: (path: string) => string): string[] {
  if (files.length === 0) return [];
  return [
    '',
    `${title}:`,
    ...files.map(
      (f) => `  ${show(f.input)}: ${f.error?.message ?? 'no reason given'}${f.error ? ` [${f.error.code}]` : ''}`,
    ),
  ];
}

function lossLines(files: FileResult[], show: (path: string) => string): string[] {
  const withLoss = files.filter((f) => f.loss);
  if (withLoss.length === 0) return [];
  const sum: ReportSummary = { kept: 0, moved: 0, defaulted: 0, changed: 0, dropped: 0 };
  for (const f of withLoss) for (const action of LOSS_ACTIONS) sum[action] += f.loss?.[action] ?? 0;
  const lines = [
    '',
    `Loss report over ${withLoss.length} converted file(s): ${LOSS_ACTIONS.map((a) => `${sum[a]} ${a}`).join(', ')}`,
  ];
  const dropped = files.flatMap((f) =>
    (f.dropped ?? []).map((d) => `  ${show(f.input)}: ${d.from ?? '(new field)'}${d.note ? ` (${d.note})` : ''}`),
  );
  if (dropped.length) lines.push('Dropped fields:', ...dropped);
  else lines.push('No field was dropped.');
  return lines;
}
