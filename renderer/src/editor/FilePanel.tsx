/** What the file really contains: detected spec, container and chunks, reader and schema findings, and what an
 *  export would change (ideally nothing). */
import { useEffect, useState } from 'react';
import type { CardInspection } from '../../../shared/library/card-files.ts';
import type { ExportChange } from '../../../shared/library/export-changes.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';

interface Props {
  cardId: number;
  revision: number;
  onError(e: unknown): void;
}

export function FilePanel({ cardId, revision, onError }: Props) {
  const api = useApi();
  const t = useT();
  const [info, setInfo] = useState<CardInspection | null>(null);
  useEffect(() => {
    api.invoke('cards.inspect', { id: cardId }).then(setInfo, onError);
  }, [api, cardId, revision, onError]);
  if (!info) return <aside className="side-panel">{t('editor.loading')}</aside>;
  return (
    <aside className="side-panel file-panel" aria-label={t('file.title')}>
      <h3>{t('file.title')}</h3>
      <dl>
        <dt>{t('file.spec')}</dt>
        <dd data-testid="file-spec">{info.spec}</dd>
        <dt>{t('file.container')}</dt>
        <dd>{info.container.toUpperCase()}</dd>
      </dl>
      {info.chunks.length > 0 && (
        <>
          <h4>{t('file.chunks')}</h4>
          <ul className="chunks">
            {info.chunks.map((c, i) => (
              <li key={i}>
                <code>{c.type}</code>
                {c.keyword && <> «{c.keyword}»</>} · {t('file.bytes', { n: c.size })}
                {!c.crcOk && <span className="bad"> · {t('file.badCrc')}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      <h4>{t('file.problems')}</h4>
      {info.errors.length + info.warnings.length + info.readerWarnings.length === 0 ? (
        <p className="muted">{t('file.noProblems')}</p>
      ) : (
        <ul className="problems">
          {info.errors.map((p, i) => (
            <li key={`e${i}`} className="bad">
              <code>{p.pointer || '/'}</code> {p.message}
            </li>
          ))}
          {[...info.warnings, ...info.readerWarnings].map((p, i) => (
            <li key={`w${i}`} className="warn">
              <code>{p.pointer || '/'}</code> {p.message}
            </li>
          ))}
        </ul>
      )}
      <h4>{t('file.exportDiff')}</h4>
      {info.exportIdentical ? (
        <p className="muted" data-testid="export-diff-none">
          {t('file.exportSame')}
        </p>
      ) : (
        <ul className="problems" data-testid="export-changes">
          {info.exportChanges.map((c, i) => (
            <li key={i} className="warn">
              <ExportChangeText change={c} />
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}

function ExportChangeText({ change }: { change: ExportChange }) {
  const t = useT();
  switch (change.kind) {
    case 'chunk':
      return (
        <>
          {t('file.change.chunk', {
            type: change.type,
            keyword: change.keyword,
            action: t(`file.action.${change.action}`),
          })}
        </>
      );
    case 'field':
      return (
        <>
          <code>{change.pointer || '/'}</code> {t(`file.field.${change.change}`)}
        </>
      );
    case 'entry':
      return <>{t('file.change.entry', { name: change.name, action: t(`file.action.${change.action}`) })}</>;
    case 'image':
      return <>{t('file.change.image')}</>;
    case 'format':
      return <>{t('file.change.format')}</>;
  }
}
