/**
 * What a lorebook conversion (embed / save to library) could not carry as a field of its own: fields kept under
 * extensions, stored for a later export, defaulted or dropped. Kept and renamed (mapped) fields are the normal case
 * and would bury the rest.
 */
import type { LossReport } from '../../../shared/lorebook/formats/index.ts';
import { useT } from '../i18n/index.ts';

export function BookLossReport({ report }: { report: LossReport }) {
  const t = useT();
  const notable = report.items.filter((item) => item.fate !== 'kept' && item.fate !== 'mapped');
  return (
    <div className="book-loss" data-testid="book-loss-report">
      <strong>{t('links.report', { from: report.from, to: report.to })}</strong>
      {notable.length === 0 && report.warnings.length === 0 ? (
        <p className="muted">{t('links.reportClean')}</p>
      ) : (
        <ul className="loss-report">
          {notable.map((item, i) => (
            <li key={i}>
              <strong>{item.fate}</strong> {item.from ?? ''}
              {item.to ? ` → ${item.to}` : ''}
              {item.count && item.count > 1 ? ` ×${item.count}` : ''}
              {item.note ? ` — ${item.note}` : ''}
            </li>
          ))}
          {report.warnings.map((w, i) => (
            <li key={`w${i}`}>
              <strong>{t('links.warning')}</strong> {w.path} — {w.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
