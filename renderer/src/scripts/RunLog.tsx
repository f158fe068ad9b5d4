/**
 * The run log: every request's messages as sent, every answer, and `$print` lines, in order. Entries of called
 * scripts name the script; the script being run (`self`) goes unnamed.
 */
import type { RunLogEntry } from '../../../shared/ppe/runtime.ts';
import { useT } from '../i18n/index.ts';

export function RunLog({ entries, self }: { entries: readonly RunLogEntry[]; self: string }) {
  const t = useT();
  if (entries.length === 0) return null;
  return (
    <section className="run-log" aria-label={t('scripts.run.log')}>
      <h4>{t('scripts.run.log')}</h4>
      <ol>
        {entries.map((entry, i) => (
          <li key={i} className={`log-${entry.kind}`}>
            {entry.kind === 'request' ? (
              <>
                <div className="log-head">
                  {t('scripts.run.request')}
                  {entry.script && entry.script !== self && ` · ${entry.script}`}
                </div>
                {entry.request.messages.map((m, j) => (
                  <div key={j} className="log-message">
                    <span className="role">{m.role}</span>
                    <span className="text">{m.content}</span>
                  </div>
                ))}
              </>
            ) : entry.kind === 'response' ? (
              <>
                <div className="log-head">{t('scripts.run.response')}</div>
                <div className="text">{entry.content}</div>
              </>
            ) : (
              <>
                <div className="log-head">{t('scripts.run.print')}</div>
                <div className="text">{entry.text}</div>
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
