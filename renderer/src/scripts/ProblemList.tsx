/** The script's diagnostics under the editor: the same list the markers show, readable without hovering. */
import type { Diagnostic } from '../../../shared/ppe/types.ts';
import { useT } from '../i18n/index.ts';
import { diagnosticText } from './diagnostic-text.ts';

export function ProblemList({ diagnostics }: { diagnostics: readonly Diagnostic[] }) {
  const t = useT();
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return (
    <section className="problems" aria-label={t('scripts.problems.title')}>
      <div className="problems-head">
        {diagnostics.length === 0
          ? t('scripts.problems.none')
          : t('scripts.problems.count', { errors, others: diagnostics.length - errors })}
      </div>
      {diagnostics.length > 0 && (
        <ul>
          {diagnostics.map((d, i) => (
            <li key={i} className={`problem ${d.severity}`}>
              <span className="where">
                {d.line}:{d.column}
              </span>{' '}
              <span className="code">{d.code}</span> {diagnosticText(t, d)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
