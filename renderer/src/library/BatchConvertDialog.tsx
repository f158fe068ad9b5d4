/** "Batch convert": card files and folders to V2 or V3, with live progress and per-file results.
 *  Files and folders are picked in the app (converted on the host and offered back as a zip), or typed as paths on
 *  this computer (written into a folder, or in place with a backup by default). */
import { useRef, useState } from 'react';
import type { ConvertReport, FileResult } from '../../../shared/card/index.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';
import { Dialog } from '../app/Dialog.tsx';
import { CARD_FORMATS, CARD_SPECS, LabeledSelect } from '../app/LabeledSelect.tsx';
import { errorMessage } from '../../../shared/errors.ts';
import { readForImport } from './files.ts';
import { downloadZip } from './export-zip.ts';

type Format = 'same' | (typeof CARD_FORMATS)[number][0];

interface Run {
  progress: { done: number; total: number } | null;
  results: FileResult[];
  report: ConvertReport | null;
  outputs: { name: string; base64: string }[];
  error: string | null;
}
const IDLE: Run = { progress: null, results: [], report: null, outputs: [], error: null };

/** A picked folder's files keep their path inside it (`cards/nyx.png`), so outputs mirror the folder. */
const pickedName = (f: File): string => f.webkitRelativePath || f.name;

/** Fields a conversion could not carry over, per file. */
const droppedFields = (r: FileResult): string[] => (r.dropped ?? []).map((d) => d.from ?? '').filter(Boolean);

export function BatchConvertDialog({ onClose }: { onClose(): void }) {
  const api = useApi();
  const t = useT();
  const [picked, setPicked] = useState<File[]>([]);
  const [inputs, setInputs] = useState('');
  const [to, setTo] = useState<'v2' | 'v3'>('v2');
  const [mode, setMode] = useState<'out' | 'inPlace'>('out');
  const [outDir, setOutDir] = useState('');
  const [backup, setBackup] = useState(true);
  const [format, setFormat] = useState<Format>('same');
  const [run, setRun] = useState<Run>(IDLE);
  const abort = useRef<AbortController | null>(null);
  const filePicker = useRef<HTMLInputElement>(null);
  const folderPicker = useRef<HTMLInputElement>(null);

  const pick = (files: FileList | null): void => {
    if (files) setPicked((cur) => [...cur, ...files]);
  };

  const start = async (): Promise<void> => {
    setRun(IDLE);
    abort.current = new AbortController();
    const options = {
      signal: abort.current.signal,
      onProgress: (p: { done: number; total: number; result: FileResult }) =>
        setRun((r) => ({ ...r, progress: { done: p.done, total: p.total }, results: [...r.results, p.result] })),
    };
    try {
      if (picked.length > 0) {
        const files = await readForImport(picked, pickedName);
        const { report, outputs } = await api.invoke('convert.files', { files, to, format }, options);
        setRun((r) => ({ ...r, report, results: report.files, outputs }));
      } else {
        const list = inputs
          .split('\n')
          .map((s) => s.trim())
          .filter((s) => s !== '');
        const target = mode === 'inPlace' ? { inPlace: true, backup } : { outDir };
        const report = await api.invoke('convert.batch', { inputs: list, to, format, ...target }, options);
        setRun((r) => ({ ...r, report, results: report.files }));
      }
    } catch (e) {
      setRun((r) => ({ ...r, error: errorMessage(e) }));
    } finally {
      abort.current = null;
    }
  };

  const saveOutputs = (): void =>
    downloadZip(
      Object.fromEntries(run.outputs.map((o) => [o.name, Uint8Array.from(atob(o.base64), (c) => c.charCodeAt(0))])),
      `lorewright-${to}.zip`,
    );

  const running = abort.current !== null;
  const usingPaths = picked.length === 0;
  const lost = run.results.reduce((n, r) => n + droppedFields(r).length, 0);
  const ready = !usingPaths || (inputs.trim() !== '' && (mode === 'inPlace' || outDir.trim() !== ''));
  return (
    <Dialog label={t('batch.title')} className="batch" onClose={() => (running ? undefined : onClose())}>
      <div className="dialog-row">
        <button type="button" onClick={() => filePicker.current?.click()}>
          {t('batch.pickFiles')}
        </button>
        <button type="button" onClick={() => folderPicker.current?.click()}>
          {t('batch.pickFolder')}
        </button>
        <input
          ref={filePicker}
          type="file"
          multiple
          hidden
          data-testid="batch-files"
          onChange={(e) => {
            pick(e.target.files);
            e.target.value = '';
          }}
        />
        <input
          ref={folderPicker}
          type="file"
          multiple
          hidden
          data-testid="batch-folder"
          // React has no typed prop for it; the browser lets the user pick a folder and lists its files.
          {...{ webkitdirectory: '' }}
          onChange={(e) => {
            pick(e.target.files);
            e.target.value = '';
          }}
        />
        {picked.length > 0 && (
          <>
            <span role="status" data-testid="batch-picked">
              {t('batch.picked', { n: picked.length })}
            </span>
            <button type="button" onClick={() => setPicked([])}>
              {t('batch.clearPicked')}
            </button>
          </>
        )}
      </div>
      {usingPaths && (
        <label className="stacked">
          {t('batch.inputs')}
          <textarea rows={3} value={inputs} onChange={(e) => setInputs(e.target.value)} placeholder="/home/me/cards" />
        </label>
      )}
      <div className="dialog-row">
        <LabeledSelect label={t('batch.to')} value={to} choices={CARD_SPECS} onChange={setTo} />
        <LabeledSelect
          label={t('export.format')}
          value={format}
          choices={[['same', t('batch.formatSame')], ...CARD_FORMATS]}
          onChange={setFormat}
        />
      </div>
      {usingPaths ? (
        <>
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
              <input type="radio" checked={mode === 'inPlace'} onChange={() => setMode('inPlace')} />{' '}
              {t('batch.inPlace')}
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
        </>
      ) : (
        <p className="muted">{t('batch.pickedOutput')}</p>
      )}
      {run.progress && <progress max={run.progress.total} value={run.progress.done} aria-label={t('batch.progress')} />}
      {run.report && (
        <p role="status" className="notice" data-testid="batch-summary">
          {t('batch.summary', { ...run.report.totals, ms: run.report.ms })}
          {lost > 0 && ` ${t('batch.lost', { n: lost })}`}
        </p>
      )}
      {run.error && (
        <p role="alert" className="error">
          {run.error}
        </p>
      )}
      {run.results.length > 0 && (
        <ul className="batch-results" aria-label={t('batch.results')}>
          {run.results.map((r) => (
            <li key={r.input} className={r.status === 'failed' ? 'bad' : undefined}>
              <strong>{t(`batch.status.${r.status}`)}</strong> {r.input}
              {r.output && <> → {r.output}</>}
              {r.error && <> — {r.error.message}</>}
              {droppedFields(r).length > 0 && (
                <div className="muted">{t('batch.notCarried', { fields: t.list(droppedFields(r)) })}</div>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="dialog-actions">
        {run.outputs.length > 0 && (
          <button onClick={saveOutputs}>{t('batch.download', { n: run.outputs.length })}</button>
        )}
        {running ? (
          <button onClick={() => abort.current?.abort()}>{t('batch.stop')}</button>
        ) : (
          <button onClick={onClose}>{t('batch.close')}</button>
        )}
        <button className="primary" disabled={running || !ready} onClick={() => void start()}>
          {t('batch.start')}
        </button>
      </div>
    </Dialog>
  );
}
