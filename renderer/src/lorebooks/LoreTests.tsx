/** A book's saved lore tests: run them all against the saved book, see which pass and why the others fail. */
import { useEffect, useState } from 'react';
import type { LoreTestResult, LoreTestSummary } from '../../../shared/api/methods/lore-tests.ts';
import type { ExpectationOutcome } from '../../../shared/lorebook/lore-test.ts';
import { useApi } from '../app/ApiContext.ts';
import type { MessageKey } from '../i18n/en.ts';
import { useT } from '../i18n/index.ts';

interface Props {
  lorebookId: number;
  /** Changes when a test was saved or the book saved, to reload the list and drop stale results. */
  version: number;
  /** Unsaved edits exist: tests run against the stored book, so say so. */
  dirty: boolean;
  onError(e: unknown): void;
}

function Outcome({ outcome }: { outcome: ExpectationOutcome }) {
  const t = useT();
  const what =
    outcome.kind === 'slot'
      ? t('lb.test.kind.slot', { slot: outcome.slot ?? '' })
      : t(`lb.test.kind.${outcome.kind}` as MessageKey);
  return (
    <li className="lb-test-outcome">
      {t('lb.test.outcome', { turn: outcome.turn, ref: String(outcome.ref), what, message: outcome.message })}
    </li>
  );
}

export function LoreTests({ lorebookId, version, dirty, onError }: Props) {
  const api = useApi();
  const t = useT();
  const [tests, setTests] = useState<LoreTestSummary[]>([]);
  const [results, setResults] = useState<Map<number, LoreTestResult> | null>(null);
  const [running, setRunning] = useState(false);

  useEffect(() => {
    setResults(null);
    api.invoke('loreTests.list', { lorebookId }).then(setTests, onError);
  }, [api, lorebookId, version, onError]);

  const runAll = async (): Promise<void> => {
    setRunning(true);
    try {
      const list = await api.invoke('loreTests.run', { lorebookId });
      setResults(new Map(list.map((r) => [r.id, r])));
    } catch (e) {
      onError(e);
    } finally {
      setRunning(false);
    }
  };

  const remove = async (test: LoreTestSummary): Promise<void> => {
    if (!window.confirm(t('lb.test.confirmDelete', { name: test.name }))) return;
    try {
      await api.invoke('loreTests.delete', { id: test.id });
      setTests((list) => list.filter((x) => x.id !== test.id));
    } catch (e) {
      onError(e);
    }
  };

  if (tests.length === 0) return <p className="muted">{t('lb.test.none')}</p>;
  const passed = results ? [...results.values()].filter((r) => r.passed).length : 0;
  return (
    <div className="lb-tests">
      <div className="toolbar">
        <button type="button" className="primary" onClick={() => void runAll()} disabled={running}>
          {t('lb.test.runAll')}
        </button>
        {results && <span role="status">{t('lb.test.summary', { passed, total: results.size })}</span>}
      </div>
      {dirty && <p className="muted">{t('lb.test.savedBookOnly')}</p>}
      <ul className="lb-test-list" aria-label={t('lb.tab.tests')}>
        {tests.map((test) => {
          const result = results?.get(test.id);
          const failures = result?.outcomes.filter((o) => !o.passed) ?? [];
          return (
            <li key={test.id} data-testid="lore-test" className={result ? (result.passed ? 'pass' : 'fail') : ''}>
              <div className="lb-test-head">
                <strong>{test.name}</strong>
                <span className="muted">{t('lb.test.turns', { n: test.turns })}</span>
                <span className="lb-test-verdict">
                  {result ? t(result.passed ? 'lb.test.pass' : 'lb.test.fail') : t('lb.test.notRun')}
                </span>
                <button
                  type="button"
                  onClick={() => void remove(test)}
                  aria-label={t('lb.test.delete', { name: test.name })}
                >
                  {t('lb.delete')}
                </button>
              </div>
              {result?.error && <p className="error">{t('lb.test.error', { message: result.error })}</p>}
              {failures.length > 0 && (
                <ul>
                  {failures.map((o, i) => (
                    <Outcome key={i} outcome={o} />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
