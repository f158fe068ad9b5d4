/** "Batch convert": card files and folders on this machine to V2 or V3, with live progress and per-file results.
 *  Originals are never touched unless "in place" is chosen, and then a backup is kept by default. */
import { useRef, useState } from 'react';
import type { FileResult } from '../../../shared/card/index.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';
import { Dialog } from '../app/Dialog.tsx';
import { errorMessage } from '../../../shared/errors.ts';

export function BatchConvertDialog({ onClose }: { onClose(): void }) {
  const api = useApi();
  const t = useT();
  const [inputs, setInputs] = useState('');
  const [to, setTo] = useState<'v2' | 'v3'>('v2');
  const [mode, setMode] = useState<'out' | 'inPlace'>('out');
  const [outDir, setOutDir] = useState('');
  const [backup, setBackup] = useState(true);
  const [format, setFormat] = useState<'same' | 'png' | 'json' | 'yaml' | 'charx'>('same');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [results, setResults] = useState<FileResult[]>([]);
  const [summary, setSummary] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = async (): Promise<void> => {
    const list = inputs
      .split('\n')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    setResults([]);
    setSummary(null);
    setError(null);
    abort.current = new AbortController();
    try {
      const report = await api.invoke(
        'convert.batch',
        { inputs: list, to, format, ...(mode === 'inPlace' ? { inPlace: true, backup } : { outDir }) },
        {
          signal: abort.current.signal,
          onProgress: (p) => {
            setProgress({ done: p.done, total: p.total });
            setResults((r) => [...r, p.result]);
          },
        },
      );
      setResults(report.files);
      setSummary(t('batch.summary', { ...report.totals, ms: report.ms }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      abort.current = null;
    }
  };

  const running = abort.current !== null;
  return (
    <Dialog label={t('batch.title')} className="batch" onClose={() => (running ? undefined : onClose())}>
      <label className="stacked">
        {t('batch.inputs')}
        <textarea rows={3} value={inputs} onChange={(e) => setInputs(e.target.value)} placeholder="/home/me/cards" />
      </label>
      <div className="dialog-row">
        <label>
          {t('batch.to')}{' '}
          <select value={to} onChange={(e) => setTo(e.target.value as 'v2' | 'v3')}>
            <option value="v2">V2</option>
            <option value="v3">V3</option>
          </select>
        </label>
        <label>
          {t('export.format')}{' '}
          <select value={format} onChange={(e) => setFormat(e.target.value as typeof format)}>
            <option value="same">{t('batch.formatSame')}</option>
            <option value="png">PNG</option>
            <option value="json">JSON</option>
            <option value="yaml">YAML</option>
            <option value="charx">CharX</option>
          </select>
        </label>
      </div>
      <fieldset className="plain dialog-row">
        <label>
          <input type="radio" checked={mode === 'out'} onChange={() => setMode('out')} /> {t('batch.outDir')}
        </label>
        <input
          aria-label={t('batch.outDir')}
          value={outDir}
          disabled={mode !== 'out'}
          onChange={(e) => setOutDir(e.target.value)}
          placeholder="/home/me/cards-v2"
        />
      </fieldset>
      <fieldset className="plain dialog-row">
        <label>
          <input type="radio" checked={mode === 'inPlace'} onChange={() => setMode('inPlace')} /> {t('batch.inPlace')}
        </label>
        <label>
          <input
            type="checkbox"
            checked={backup}
            disabled={mode !== 'inPlace'}
            onChange={(e) => setBackup(e.target.checked)}
          />{' '}
          {t('batch.backup')}
        </label>
      </fieldset>
      {progress && <progress max={progress.total} value={progress.done} aria-label={t('batch.progress')} />}
      {summary && (
        <p role="status" className="notice">
          {summary}
        </p>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {results.length > 0 && (
        <ul className="batch-results">
          {results.map((r) => (
            <li key={r.input} className={r.status === 'failed' ? 'bad' : undefined}>
              <strong>{t(`batch.status.${r.status}`)}</strong> {r.input}
              {r.output && <> → {r.output}</>}
              {r.error && <> — {r.error.message}</>}
            </li>
          ))}
        </ul>
      )}
      <div className="dialog-actions">
        {running ? (
          <button onClick={() => abort.current?.abort()}>{t('batch.stop')}</button>
        ) : (
          <button onClick={onClose}>{t('batch.close')}</button>
        )}
        <button
          className="primary"
          disabled={running || inputs.trim() === '' || (mode === 'out' && outDir.trim() === '')}
          onClick={() => void start()}
        >
          {t('batch.start')}
        </button>
      </div>
    </Dialog>
  );
}
