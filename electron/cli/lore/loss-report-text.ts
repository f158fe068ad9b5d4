/** A conversion's loss reports as text: fate counts per step, then every field that did not simply carry over. */
import { summarizeReport, type LossReport } from '../../../shared/lorebook/formats/index.ts';
import { formatTable } from '../table.ts';

const FATES = ['kept', 'mapped', 'extensions', 'stored', 'defaulted', 'dropped'] as const;
const STEP_NAMES = {
  st: 'SillyTavern World Info',
  v2: 'V2 character_book',
  v3: 'V3 lorebook',
  novelai: 'NovelAI lorebook',
  agnai: 'Agnai memory book',
  risu: 'RisuAI lorebook',
};

function describeStep(report: LossReport): string {
  const lines = report.detail === 'summary' ? report.items : summarizeReport(report);
  const counts = FATES.map(
    (fate) => [fate, lines.filter((l) => l.fate === fate).reduce((n, l) => n + (l.count ?? 1), 0)] as const,
  ).filter(([, n]) => n > 0);
  let out = `${STEP_NAMES[report.from]} → ${STEP_NAMES[report.to]}: ${counts.map(([fate, n]) => `${n} ${fate}`).join(', ') || 'nothing to convert'}\n`;
  const notable = lines.filter((l) => l.fate !== 'kept');
  if (notable.length) {
    out += formatTable(
      ['fate', 'from', 'to', 'count', 'note'],
      notable.map((l) => [l.fate, l.from ?? '', l.to ?? '', String(l.count ?? 1), l.note ?? '']),
    ).replace(/^/gm, '  ');
  }
  for (const w of report.warnings) out += `  warning ${w.path}: ${w.message}\n`;
  return out;
}

export function formatLossReports(reports: readonly LossReport[]): string {
  return reports.map(describeStep).join('');
}
