/**
 * The card's library lorebooks: linked books with their role, a picker to link one as primary or additional, and
 * moving a book into the card (embed) or out of it (save to the library). Embed and remove work on the stored card
 * and save a new revision, so the editor reloads the card afterwards.
 */
import { useCallback, useEffect, useState } from 'react';
import type { CardRecord } from '../../../shared/library/types.ts';
import type { LorebookSummary } from '../../../shared/api/methods/lorebooks.ts';
import type { CardBookLink, LinkRole } from '../../../shared/api/methods/links.ts';
import type { LossReport } from '../../../shared/lorebook/formats/index.ts';
import { useApi } from '../app/ApiContext.ts';
import { Messages } from '../app/Messages.tsx';
import { useT } from '../i18n/index.ts';
import { BookLossReport } from './BookLossReport.tsx';
import { errorMessage } from '../../../shared/errors.ts';

interface Props {
  cardId: number;
  /** Whether the card has an embedded book (as the editor shows it). */
  hasEmbedded: boolean;
  /** The editor holds edits not saved yet: a reload would discard them. */
  dirty: boolean;
  onCardChanged(record: CardRecord): void;
}

export function LinkedBooks({ cardId, hasEmbedded, dirty, onCardChanged }: Props) {
  const api = useApi();
  const t = useT();
  const [links, setLinks] = useState<CardBookLink[]>([]);
  const [books, setBooks] = useState<LorebookSummary[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [removeEmbedded, setRemoveEmbedded] = useState(false);
  const [report, setReport] = useState<LossReport | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async (): Promise<void> => {
    const [linked, library] = await Promise.all([
      api.invoke('links.list', { cardId }),
      api.invoke('lorebooks.list', { limit: 1000 }),
    ]);
    setLinks(linked);
    setBooks(library.items);
    setChosen((c) => (c !== null && library.items.some((b) => b.id === c) ? c : (library.items[0]?.id ?? null)));
  }, [api, cardId]);

  useEffect(() => {
    refresh().catch((e: unknown) => setError(errorMessage(e)));
  }, [refresh]);

  /** Runs one action, then re-reads links and books; errors show here rather than in the editor. */
  const run = async (action: () => Promise<string | null>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      setNotice(await action());
      await refresh();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const link = (lorebookId: number, role: LinkRole): Promise<void> =>
    run(async () => {
      await api.invoke('links.set', { cardId, lorebookId, role });
      return null;
    });

  const unlink = (lorebookId: number): Promise<void> =>
    run(async () => {
      await api.invoke('links.remove', { cardId, lorebookId });
      return null;
    });

  const embed = (): void => {
    const book = books.find((b) => b.id === chosen);
    if (!book || !window.confirm(t(hasEmbedded ? 'links.confirmReplace' : 'links.confirmEmbed', { name: book.name })))
      return;
    if (dirty && !window.confirm(t('links.discardUnsaved'))) return;
    void run(async () => {
      const result = await api.invoke('links.embed', { cardId, lorebookId: book.id });
      setReport(result.report);
      onCardChanged(result.card);
      return t('links.embedded', { name: book.name, revision: result.card.revision });
    });
  };

  const unembed = (): void => {
    // The stored card is what gets saved: unsaved edits are left out, and lost on reload when the book is removed.
    if (dirty && !window.confirm(t(removeEmbedded ? 'links.discardUnsaved' : 'links.savedVersionOnly'))) return;
    void run(async () => {
      const result = await api.invoke('links.unembed', { cardId, remove: removeEmbedded });
      setReport(result.report);
      if (removeEmbedded) onCardChanged(result.card);
      return t('links.unembedded');
    });
  };

  const linked = new Set(links.map((l) => l.lorebookId));
  return (
    <section className="linked-books" aria-label={t('links.title')}>
      <h3>{t('links.title')}</h3>
      <Messages notice={notice} error={error} onDismiss={() => setError(null)} />
      {links.length === 0 ? (
        <p className="muted">{t('links.none')}</p>
      ) : (
        <ul className="linked-list">
          {links.map((l) => (
            <li key={l.lorebookId} data-testid="linked-book">
              <span className="linked-name">{l.name}</span>{' '}
              <span className="muted">{t(l.role === 'primary' ? 'links.primary' : 'links.extra')}</span>
              {l.deletedAt !== null && <span className="muted"> · {t('links.inTrash')}</span>}{' '}
              {l.role === 'extra' && (
                <button type="button" disabled={busy} onClick={() => void link(l.lorebookId, 'primary')}>
                  {t('links.makePrimary')}
                </button>
              )}{' '}
              <button
                type="button"
                disabled={busy}
                aria-label={t('links.unlinkNamed', { name: l.name })}
                onClick={() => void unlink(l.lorebookId)}
              >
                {t('links.unlink')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="linked-actions">
        <select
          aria-label={t('links.pick')}
          value={chosen ?? ''}
          disabled={books.length === 0}
          onChange={(e) => setChosen(Number(e.target.value))}
        >
          {books.length === 0 && <option value="">{t('links.noBooks')}</option>}
          {books.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
              {linked.has(b.id) ? ` (${t('links.linked')})` : ''}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={busy || chosen === null}
          onClick={() => chosen !== null && void link(chosen, 'primary')}
        >
          {t('links.linkPrimary')}
        </button>
        <button
          type="button"
          disabled={busy || chosen === null}
          onClick={() => chosen !== null && void link(chosen, 'extra')}
        >
          {t('links.linkExtra')}
        </button>
        <button type="button" disabled={busy || chosen === null} onClick={embed}>
          {t('links.embed')}
        </button>
      </div>
      {hasEmbedded && (
        <div className="linked-actions">
          <button type="button" disabled={busy} onClick={unembed}>
            {t('links.unembed')}
          </button>
          <label>
            <input type="checkbox" checked={removeEmbedded} onChange={(e) => setRemoveEmbedded(e.target.checked)} />{' '}
            {t('links.removeFromCard')}
          </label>
        </div>
      )}
      {report && <BookLossReport report={report} />}
    </section>
  );
}
