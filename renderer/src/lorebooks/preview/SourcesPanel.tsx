/**
 * What the preview scans besides the open book: its role, a library card (character fields, embedded and linked
 * books, saved test chats) and more library books in a role of their choice.
 */
import { memo, useEffect, useRef, useState } from 'react';
import type { CardSummary } from '../../../../shared/library/types.ts';
import type { ChatSummary } from '../../../../shared/api/methods/chats.ts';
import type { LorebookSummary } from '../../../../shared/api/methods/lorebooks.ts';
import type { WorldInfoBook } from '../../../../shared/lorebook/model.ts';
import { useApi } from '../../app/ApiContext.ts';
import { useT } from '../../i18n/index.ts';
import type { PreviewMessage, PreviewSetup } from './scenario.ts';
import {
  cardSources,
  MORE_BOOK_ROLES,
  OPEN_BOOK_ROLES,
  type BookRole,
  type LinkedBook,
  type OpenBookRole,
  type PreviewSources,
} from './sources.ts';
import { chatFromTranscript } from './test-chat.ts';
import { errorMessage } from '../../../../shared/errors.ts';

interface Props {
  /** The open book's library id: a card link to it is left out, the open book (with unsaved edits) stands for it. */
  openBookId: number | null;
  sources: PreviewSources;
  onSources(sources: PreviewSources): void;
  setup: PreviewSetup;
  onSetup(setup: PreviewSetup): void;
  onChat(chat: PreviewMessage[]): void;
}

/** Memoised: typing in the chat re-renders the preview around it. */
export const SourcesPanel = memo(function SourcesPanel({
  openBookId,
  sources,
  onSources,
  setup,
  onSetup,
  onChat,
}: Props) {
  const t = useT();
  const api = useApi();
  const [cards, setCards] = useState<CardSummary[]>([]);
  const [library, setLibrary] = useState<LorebookSummary[]>([]);
  const [cardId, setCardId] = useState<number | null>(null);
  const [chats, setChats] = useState<ChatSummary[]>([]);
  const [chatId, setChatId] = useState<number | null>(null);
  const [moreId, setMoreId] = useState<number | null>(null);
  const [moreRole, setMoreRole] = useState<BookRole>('global');
  const [error, setError] = useState<string | null>(null);
  // Only the latest card choice may land: an earlier, slower load must not overwrite it.
  const choice = useRef(0);
  const onError = (e: unknown): void => setError(errorMessage(e));

  useEffect(() => {
    api.invoke('cards.list', { limit: 1000, sort: 'name' }).then((r) => setCards(r.items), onError);
    api
      .invoke('lorebooks.list', { limit: 1000 })
      .then((r) => setLibrary(r.items.filter((b) => b.id !== openBookId)), onError);
  }, [api, openBookId]);

  const loadBook = async (id: number): Promise<WorldInfoBook> =>
    JSON.parse((await api.invoke('lorebooks.get', { id })).document) as WorldInfoBook;
  const more = sources.books.filter((b) => b.origin === 'more');

  const chooseCard = async (id: number | null): Promise<void> => {
    const mine = ++choice.current;
    setCardId(id);
    setChats([]);
    setChatId(null);
    setError(null);
    if (id === null) {
      onSources({ ...sources, character: null, books: more });
      return;
    }
    try {
      const [card, links, saved] = await Promise.all([
        api.invoke('cards.get', { id }),
        api.invoke('links.list', { cardId: id }),
        api.invoke('chats.list', { cardId: id }),
      ]);
      const usable = links.filter((l) => l.deletedAt === null && l.lorebookId !== openBookId);
      const linked: LinkedBook[] = await Promise.all(
        usable.map(async (l) => ({ name: l.name, role: l.role, book: await loadBook(l.lorebookId) })),
      );
      if (mine !== choice.current) return;
      const picked = cardSources(card.name, JSON.parse(card.document), linked);
      onSources({ ...sources, character: picked.character, books: [...picked.books, ...more] });
      onSetup({ ...setup, charName: picked.name, description: picked.description });
      setChats(saved);
      setChatId(saved[0]?.id ?? null);
    } catch (e) {
      if (mine === choice.current) onError(e);
    }
  };

  const loadChat = async (): Promise<void> => {
    if (chatId === null) return;
    try {
      const { transcript } = await api.invoke('chats.get', { id: chatId });
      const chat = chatFromTranscript(transcript);
      onSetup({
        ...setup,
        userName: transcript.user.name || setup.userName,
        persona: transcript.user.persona ?? setup.persona,
      });
      onChat(chat.length > 0 ? chat : [{ role: 'user', text: '' }]);
    } catch (e) {
      onError(e);
    }
  };

  const addMore = async (): Promise<void> => {
    const summary = library.find((b) => b.id === moreId);
    if (!summary) return;
    try {
      const book = await loadBook(summary.id);
      onSources({
        ...sources,
        books: [...sources.books, { name: summary.name, role: moreRole, book, origin: 'more' }],
      });
    } catch (e) {
      onError(e);
    }
  };

  const cardBooks = sources.books.filter((b) => b.origin === 'card');
  return (
    <details className="lb-settings lb-sources" open>
      <summary>{t('lb.sources.title')}</summary>
      <div className="lb-settings-grid">
        <label>
          {t('lb.sources.openRole')}
          <select
            value={sources.openRole}
            onChange={(e) => onSources({ ...sources, openRole: e.target.value as OpenBookRole })}
          >
            {OPEN_BOOK_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`lb.sources.role.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('lb.sources.card')}
          <select
            value={cardId ?? ''}
            onChange={(e) => void chooseCard(e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">{t('lb.sources.noCard')}</option>
            {cards.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        {cardId !== null && (
          <div className="lb-source-row">
            <label>
              {t('lb.sources.testChat')}
              <select
                value={chatId ?? ''}
                disabled={chats.length === 0}
                onChange={(e) => setChatId(e.target.value === '' ? null : Number(e.target.value))}
              >
                {chats.length === 0 && <option value="">{t('lb.sources.noChats')}</option>}
                {chats.map((c) => (
                  <option key={c.id} value={c.id}>
                    {t('lb.sources.chatOption', { name: c.name, n: c.messages })}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" disabled={chatId === null} onClick={() => void loadChat()}>
              {t('lb.sources.loadChat')}
            </button>
          </div>
        )}
        {cardBooks.length > 0 && (
          <ul className="lb-source-books" aria-label={t('lb.sources.cardBooks')}>
            {cardBooks.map((b, i) => (
              <li key={i}>
                {t('lb.sources.cardBook', {
                  name: b.name,
                  role: t(
                    `lb.sources.role.${i === 0 && b.role === 'character' && sources.openRole !== 'character' ? 'character' : 'extra'}`,
                  ),
                })}
              </li>
            ))}
          </ul>
        )}
        <div className="lb-source-row">
          <label>
            {t('lb.sources.moreBook')}
            <select
              value={moreId ?? ''}
              onChange={(e) => setMoreId(e.target.value === '' ? null : Number(e.target.value))}
            >
              <option value="">{t('lb.sources.pickBook')}</option>
              {library.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('lb.sources.moreRole')}
            <select value={moreRole} onChange={(e) => setMoreRole(e.target.value as BookRole)}>
              {MORE_BOOK_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`lb.sources.role.${r}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" disabled={moreId === null} onClick={() => void addMore()}>
            {t('lb.sources.add')}
          </button>
        </div>
        {more.length > 0 && (
          <ul className="lb-source-books" aria-label={t('lb.sources.moreBooks')}>
            {more.map((b) => (
              <li key={sources.books.indexOf(b)}>
                {t('lb.sources.cardBook', { name: b.name, role: t(`lb.sources.role.${b.role}`) })}{' '}
                <button
                  type="button"
                  className="link"
                  aria-label={t('lb.sources.remove', { name: b.name })}
                  onClick={() => onSources({ ...sources, books: sources.books.filter((x) => x !== b) })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        {error && (
          <div className="error" role="alert">
            {error}
          </div>
        )}
      </div>
    </details>
  );
});
