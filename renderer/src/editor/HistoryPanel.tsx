/**
 * A document's saved revisions, the same for cards, lorebooks and scripts: pick one to see everything it differs in
 * from the editor's document (JSON field by field, prose word by word, never cut short), restore it as a new
 * revision.
 */
import { useEffect, useMemo, useState } from 'react';
import type { RevisionSummary } from '../../../shared/library/types.ts';
import type { JsonObject } from '../../../shared/library/parse-document.ts';
import { diffDocuments } from '../../../shared/document/diff.ts';
import type { FieldChange } from '../../../shared/document/diff.ts';
import { diffWords } from '../../../shared/document/word-diff.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';
import type { DocKind, RevisionedDoc } from './useRevisionedDoc.ts';

interface Props {
  kind: DocKind;
  /** The open document (useRevisionedDoc) and its stored record. */
  doc: Pick<RevisionedDoc, 'restore' | 'onError'>;
  record: { id: number; revision: number };
  /** The editor's document now: a JSON document compares field by field, a text (a script) as a whole. */
  current: JsonObject | string;
}

function changesOf(before: string, current: JsonObject | string): FieldChange[] {
  if (typeof current === 'string')
    return before === current ? [] : [{ pointer: '', kind: 'changed', before, after: current }];
  return diffDocuments(JSON.parse(before) as object, current);
}

function full(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? '');
}

function Change({ change }: { change: FieldChange }) {
  const t = useT();
  const { before, after, kind } = change;
  return (
    <li className={`change ${kind}`}>
      {change.pointer && <code>{change.pointer}</code>} <span className="kind">{t(`history.kind.${kind}`)}</span>
      {kind === 'changed' && typeof before === 'string' && typeof after === 'string' ? (
        <pre className="word-diff">
          {diffWords(before, after).map((p, i) =>
            p.kind === 'same' ? p.text : p.kind === 'added' ? <ins key={i}>{p.text}</ins> : <del key={i}>{p.text}</del>,
          )}
        </pre>
      ) : (
        <>
          {kind !== 'added' && <pre className="before">− {full(before)}</pre>}
          {kind !== 'removed' && <pre className="after">+ {full(after)}</pre>}
        </>
      )}
    </li>
  );
}

export function HistoryPanel({ kind, doc, record, current }: Props) {
  const { id, revision: currentRevision } = record;
  const { onError } = doc;
  const api = useApi();
  const t = useT();
  const [revisions, setRevisions] = useState<RevisionSummary[]>([]);
  const [open, setOpen] = useState<{ revision: number; document: string } | null>(null);

  useEffect(() => {
    api.invoke(`${kind}.revisions` as 'cards.revisions', { id }).then(setRevisions, onError);
  }, [api, kind, id, currentRevision, onError]);

  const show = (revision: number): void => {
    api
      .invoke(`${kind}.revision` as 'cards.revision', { id, revision })
      .then((r) => setOpen({ revision, document: r.document }), onError);
  };
  const changes = useMemo(() => (open ? changesOf(open.document, current) : []), [open, current]);

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
        <div className="revision-diff">
          <h4>{t('history.diff', { revision: open.revision })}</h4>
          {changes.length === 0 ? (
            <p className="muted">{t('history.same')}</p>
          ) : (
            <ul>
              {changes.map((c) => (
                <Change key={c.pointer} change={c} />
              ))}
            </ul>
          )}
          <button type="button" className="primary" onClick={() => void doc.restore(open.document, open.revision)}>
            {t('history.restore', { revision: open.revision })}
          </button>
        </div>
      )}
    </aside>
  );
}
