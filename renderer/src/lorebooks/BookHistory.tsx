/** A book's saved revisions; restoring one saves it as a new revision, so nothing in between is lost. */
import { useEffect, useState } from 'react';
import type { RevisionSummary } from '../../../shared/library/types.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';

interface Props {
  id: number;
  currentRevision: number;
  onRestore(document: string, revision: number): void;
  onError(e: unknown): void;
}

export function BookHistory({ id, currentRevision, onRestore, onError }: Props) {
  const api = useApi();
  const t = useT();
  const [revisions, setRevisions] = useState<RevisionSummary[]>([]);
  useEffect(() => {
    api.invoke('lorebooks.revisions', { id }).then(setRevisions, onError);
  }, [api, id, currentRevision, onError]);

  const restore = (revision: number) => {
    api.invoke('lorebooks.revision', { id, revision }).then((r) => onRestore(r.document, revision), onError);
  };

  if (revisions.length === 0) return <p className="muted lb-tab-body">{t('lb.history.none')}</p>;
  return (
    <ul className="lb-tab-body lb-history">
      {revisions.map((r) => (
        <li key={r.revision}>
          <span>{t('lb.history.line', { revision: r.revision, date: t.date(r.createdAt), size: r.size })}</span>
          <button type="button" onClick={() => restore(r.revision)}>
            {t('lb.history.restore', { revision: r.revision })}
          </button>
        </li>
      ))}
    </ul>
  );
}
