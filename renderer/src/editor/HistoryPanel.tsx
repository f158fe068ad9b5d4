/** Every saved revision with its time and a field-level diff against the current document; restore any. */
import { useEffect, useState } from 'react';
import type { RevisionSummary } from '../../../shared/library/types.ts';
import type { JsonObject } from '../../../shared/library/parse-document.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';
import { diffDocuments } from '../../../shared/document/diff.ts';
import type { FieldChange } from '../../../shared/document/diff.ts';

interface Props {
  cardId: number;
  currentRevision: number;
  current: JsonObject;
  onRestore(document: string, revision: number): void;
  onError(e: unknown): void;
}

function short(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s === undefined ? '' : s.length > 120 ? `${s.slice(0, 117)}…` : s;
}

export function HistoryPanel({ cardId, currentRevision, current, onRestore, onError }: Props) {
  const api = useApi();
  const t = useT();
  const [revisions, setRevisions] = useState<RevisionSummary[]>([]);
  const [open, setOpen] = useState<{ revision: number; document: string; changes: FieldChange[] } | null>(null);

  useEffect(() => {
    api.invoke('cards.revisions', { id: cardId }).then(setRevisions, onError);
  }, [api, cardId, currentRevision, onError]);

  const show = async (revision: number): Promise<void> => {
    try {
      const r = await api.invoke('cards.revision', { id: cardId, revision });
      setOpen({ revision, document: r.document, changes: diffDocuments(JSON.parse(r.document) as object, current) });
    } catch (e) {
      onError(e);
    }
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
              onClick={() => void show(r.revision)}
            >
              {t('history.revision', { revision: r.revision })} · {t.date(r.createdAt)} · {r.name}
            </button>
          </li>
        ))}
      </ol>
      {open && (
        <div className="revision-diff">
          <h4>{t('history.diff', { revision: open.revision })}</h4>
          {open.changes.length === 0 ? (
            <p className="muted">{t('history.same')}</p>
          ) : (
            <ul>
              {open.changes.map((c) => (
                <li key={c.pointer} className={`change ${c.kind}`}>
                  <code>{c.pointer}</code> <span className="kind">{t(`history.kind.${c.kind}`)}</span>
                  {c.kind !== 'added' && <div className="before">− {short(c.before)}</div>}
                  {c.kind !== 'removed' && <div className="after">+ {short(c.after)}</div>}
                </li>
              ))}
            </ul>
          )}
          <button type="button" className="primary" onClick={() => onRestore(open.document, open.revision)}>
            {t('history.restore', { revision: open.revision })}
          </button>
        </div>
      )}
    </aside>
  );
}
