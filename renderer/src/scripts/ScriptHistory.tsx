/** A script's saved revisions: pick one to read its text, restore it as a new revision. */
import { useEffect, useState } from 'react';
import type { RevisionSummary } from '../../../shared/library/types.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';

interface Props {
  scriptId: number;
  currentRevision: number;
  onRestore(document: string, revision: number): void;
  onError(e: unknown): void;
}

export function ScriptHistory({ scriptId, currentRevision, onRestore, onError }: Props) {
  const api = useApi();
  const t = useT();
  const [revisions, setRevisions] = useState<RevisionSummary[]>([]);
  const [open, setOpen] = useState<{ revision: number; document: string } | null>(null);

  useEffect(() => {
    api.invoke('scripts.revisions', { id: scriptId }).then(setRevisions, onError);
  }, [api, scriptId, currentRevision, onError]);

  const show = (revision: number): void => {
    api
      .invoke('scripts.revision', { id: scriptId, revision })
      .then((r) => setOpen({ revision, document: r.document }), onError);
  };

  return (
    <aside className="side-panel" aria-label={t('history.title')}>
      <h3>{t('history.title')}</h3>
      <p className="muted">{t('history.current', { revision: currentRevision })}</p>
      {revisions.length === 0 && <p className="muted">{t('history.none')}</p>}
      <ol className="revisions">
        {revisions.map((r) => (
          <li key={r.revision}>
            <button
              type="button"
              className={open?.revision === r.revision ? 'selected' : ''}
              onClick={() => show(r.revision)}
            >
              {t('history.revision', { revision: r.revision })} · {t.date(r.createdAt)} · {r.name}
            </button>
          </li>
        ))}
      </ol>
      {open && (
        <div className="revision-text">
          <pre>{open.document}</pre>
          <button type="button" className="primary" onClick={() => onRestore(open.document, open.revision)}>
            {t('history.restore', { revision: open.revision })}
          </button>
        </div>
      )}
    </aside>
  );
}
