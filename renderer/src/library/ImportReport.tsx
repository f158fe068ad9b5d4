/**
 * The outcome of an import, file by file: what each file became (by card name), which were duplicates of which
 * card, why a file failed, and, for a file that is another version of a library card, the choice between updating
 * that card (a new revision) and adding the file as a new card.
 */
import type { ImportFileResult, ImportMatchPolicy } from '../../../shared/library/types.ts';
import { useT } from '../i18n/index.ts';
import type { MessageKey } from '../i18n/en.ts';

interface Props {
  results: readonly ImportFileResult[];
  /** Imports the file again, updating the matched card or adding it as a new one. */
  onResolve(file: string, policy: Exclude<ImportMatchPolicy, 'ask'>): void;
  onDismiss(): void;
}

/** Reader errors the interface words itself; other messages are the reader's own, which name field and position. */
const WORDED = new Set(['empty_file']);

export function ImportReport({ results, onResolve, onDismiss }: Props) {
  const t = useT();
  const line = (r: ImportFileResult): string | undefined => {
    const name = r.name ?? '';
    switch (r.status) {
      case 'imported':
        return (
          t('import.result.imported', { name }) +
          (r.message ? ` — ${t('import.result.warnings', { warnings: r.message })}` : '')
        );
      case 'updated':
        return t('import.result.updated', { name });
      case 'duplicate':
        return t('import.result.duplicate', { name });
      case 'match':
        return t('import.result.match', { name });
      case 'skipped':
        return r.message;
      case 'failed':
        return r.code && WORDED.has(r.code) ? t(`import.error.${r.code}` as MessageKey) : (r.message ?? '');
    }
  };
  return (
    <section className="import-report" aria-label={t('import.report')}>
      <ul>
        {results.map((r) => (
          <li key={r.file} className={`import-${r.status}`}>
            <strong>{r.file}</strong>: {line(r)}
            {r.status === 'match' && (
              <span className="import-choice">
                <button onClick={() => onResolve(r.file, 'update')}>
                  {t('import.update', { name: r.name ?? '' })}
                </button>
                <button onClick={() => onResolve(r.file, 'add')}>{t('import.addNew')}</button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <button onClick={onDismiss}>{t('error.dismiss')}</button>
    </section>
  );
}
