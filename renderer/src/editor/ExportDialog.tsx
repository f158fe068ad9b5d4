/** Export as PNG, JSON, YAML or CharX, optionally as V2 or V3: the loss report is shown before anything is
 *  written; the file arrives as a download (Electron asks where to save it). */
import { useState } from 'react';
import type { ExportOutput } from '../../../shared/api/methods/cards.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';
import { Dialog } from '../app/Dialog.tsx';
import { CARD_FORMATS, CARD_SPECS, LabeledSelect } from '../app/LabeledSelect.tsx';

interface Props {
  cardId: number;
  dirty: boolean;
  onClose(): void;
  onError(e: unknown): void;
}

type Format = (typeof CARD_FORMATS)[number][0];
type Spec = 'keep' | 'v2' | 'v3';

export function download(out: Pick<ExportOutput, 'fileName' | 'mime' | 'base64'>): void {
  const bytes = Uint8Array.from(atob(out.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: out.mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = out.fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportDialog({ cardId, dirty, onClose, onError }: Props) {
  const api = useApi();
  const t = useT();
  const [format, setFormat] = useState<Format>('png');
  const [spec, setSpec] = useState<Spec>('keep');
  const [prepared, setPrepared] = useState<ExportOutput | null>(null);

  const prepare = async (): Promise<void> => {
    try {
      setPrepared(await api.invoke('cards.export', { id: cardId, format, spec }));
    } catch (e) {
      onError(e);
    }
  };
  const changed = prepared?.report?.items.filter((i) => i.action !== 'kept') ?? [];

  return (
    <Dialog label={t('export.title')} onClose={onClose}>
      {dirty && <p className="warning">{t('export.unsaved')}</p>}
      <div className="dialog-row">
        <LabeledSelect
          label={t('export.format')}
          value={format}
          choices={CARD_FORMATS}
          onChange={(v) => (setFormat(v), setPrepared(null))}
        />
        <LabeledSelect
          label={t('export.spec')}
          value={spec}
          choices={[['keep', t('export.specKeep')], ...CARD_SPECS]}
          onChange={(v) => (setSpec(v), setPrepared(null))}
        />
      </div>
      {prepared && (
        <div className="export-report" data-testid="export-report">
          {prepared.report ? (
            <>
              <p>
                {t('export.converted', {
                  from: prepared.report.from.toUpperCase(),
                  to: prepared.report.to.toUpperCase(),
                  n: changed.length,
                })}
              </p>
              <ul>
                {changed.map((item, i) => (
                  <li key={i} className={item.action === 'dropped' ? 'bad' : undefined}>
                    <code>{item.from ?? '—'}</code> → <code>{item.to ?? '—'}</code>{' '}
                    <span className="muted">{item.action}</span> {item.note}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t('export.noConversion')}</p>
          )}
          {prepared.warnings.map((w, i) => (
            <p key={i} className="warning">
              {w.message}
            </p>
          ))}
        </div>
      )}
      <div className="dialog-actions">
        <button onClick={onClose}>{t('library.cancel')}</button>
        {prepared ? (
          <button
            className="primary"
            onClick={() => {
              download(prepared);
              onClose();
            }}
          >
            {t('export.download', { file: prepared.fileName })}
          </button>
        ) : (
          <button className="primary" onClick={() => void prepare()}>
            {t('export.prepare')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
