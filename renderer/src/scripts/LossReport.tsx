/** What a card ⇄ script conversion moved, changed or dropped, one line per item. */
import type { LossItem } from '../../../shared/card/index.ts';
import { useT } from '../i18n/index.ts';

export function LossReport({ losses }: { losses: readonly LossItem[] }) {
  const t = useT();
  const notable = losses.filter((l) => l.action !== 'moved');
  if (notable.length === 0) return <p className="muted">{t('scripts.loss.none')}</p>;
  return (
    <ul className="loss-report" aria-label={t('scripts.loss.title')}>
      {notable.map((l, i) => (
        <li key={i}>
          <strong>{l.action}</strong> {l.from ?? ''}
          {l.to ? ` → ${l.to}` : ''}
          {l.note ? ` — ${l.note}` : ''}
        </li>
      ))}
    </ul>
  );
}
