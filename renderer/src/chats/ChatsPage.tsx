/** Test chats: pick a card, a connection and a persona, then chat with the model authors will really use. */
import { useCallback, useEffect, useState } from 'react';
import type { CardSummary } from '../../../shared/library/types.ts';
import type { ChatSummary, PresetInfo, ProfileRecord } from '../../../shared/api/methods/chats.ts';
import type { LorebookSummary } from '../../../shared/api/methods/lorebooks.ts';
import type { CardBookLink } from '../../../shared/api/methods/links.ts';
import { appendMessage, deleteMessage, editMessage, selectSwipe } from '../../../shared/chat/transcript.ts';
import { parseDocument } from '../../../shared/library/parse-document.ts';
import { contextTemplateNames, instructTemplateNames } from '../../../shared/prompt/templates.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';
import { ChatSidebar } from './ChatSidebar.tsx';
import { ExportButton } from './ExportButton.tsx';
import { booksInPlay } from './books-in-play.ts';
import { MessageView } from './MessageView.tsx';
import { PromptDialog, type PromptView } from './PromptDialog.tsx';
import {
  defaultPanelSettings,
  panelFromTranscript,
  turnOptions,
  withPanelSettings,
  type PanelSettings,
} from './prompt-settings.ts';
import { PromptSettingsPanel } from './PromptSettingsPanel.tsx';
import { useChatSession, type Persona } from './useChatSession.ts';
import './chats.css';
import { errorMessage } from '../../../shared/errors.ts';

const stored = <T,>(key: string, fallback: T): T => {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? 'null') as T | null) ?? fallback;
  } catch {
    return fallback;
  }
};

export function ChatsPage() {
  const api = useApi();
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const onError = useCallback((e: unknown) => setError(errorMessage(e)), []);
  const session = useChatSession(onError);
  const [cards, setCards] = useState<CardSummary[]>([]);
  const [cardId, setCardId] = useState<number | null>(null);
  const [card, setCard] = useState<unknown>(null);
  const [chats, setChats] = useState<ChatSummary[]>([]);
  const [profiles, setProfiles] = useState<ProfileRecord[]>([]);
  const [presets, setPresets] = useState<PresetInfo[]>([]);
  const [profileId, setProfileId] = useState<string | null>(() =>
    stored<string | null>('lorewright.chatProfile', null),
  );
  const [links, setLinks] = useState<CardBookLink[]>([]);
  const [books, setBooks] = useState<LorebookSummary[]>([]);
  const [bookIds, setBookIds] = useState<number[]>([]);
  const [persona, setPersona] = useState<Persona>(() =>
    stored('lorewright.persona', { name: 'User', description: '' }),
  );
  const [draft, setDraft] = useState('');
  const [prompt, setPrompt] = useState<PromptView | null>(null);

  useEffect(() => localStorage.setItem('lorewright.persona', JSON.stringify(persona)), [persona]);
  useEffect(() => localStorage.setItem('lorewright.chatProfile', JSON.stringify(profileId)), [profileId]);
  // The card's linked books are scanned by every turn (the handler reads them); fetched here to show them.
  useEffect(() => {
    setLinks([]);
    if (cardId !== null) api.invoke('links.list', { cardId }).then(setLinks, onError);
  }, [api, cardId, onError]);
  useEffect(() => {
    api.invoke('cards.list', { limit: 1000, sort: 'name' }).then((r) => setCards(r.items), onError);
    api.invoke('lorebooks.list', { limit: 1000 }).then((r) => setBooks(r.items), onError);
    api.invoke('chats.profiles', {}).then((r) => {
      setProfiles(r.profiles);
      setPresets(r.presets);
    }, onError);
  }, [api, onError]);

  const refreshChats = useCallback(
    (id: number) => api.invoke('chats.list', { cardId: id }).then(setChats, onError),
    [api, onError],
  );
  useEffect(() => {
    if (cardId !== null && session.chatId !== null) void refreshChats(cardId);
  }, [cardId, session.chatId, session.transcript, refreshChats]);

  const pickCard = async (id: number) => {
    setError(null);
    try {
      const record = await api.invoke('cards.get', { id });
      const doc = parseDocument(record.document, record.format);
      setCardId(id);
      setCard(doc);
      const list = await api.invoke('chats.list', { cardId: id });
      setChats(list);
      if (list[0]) {
        const saved = await api.invoke('chats.get', { id: list[0].id });
        session.open(saved.id, saved.transcript);
      } else session.start(doc, persona);
    } catch (e) {
      onError(e);
    }
  };

  const openChat = async (id: number) => {
    try {
      const saved = await api.invoke('chats.get', { id });
      session.open(saved.id, saved.transcript);
    } catch (e) {
      onError(e);
    }
  };

  const profile = profiles.find((p) => p.id === profileId) ?? null;
  // Prompt settings belong to the chat: read from its transcript, saved with it.
  const settings = session.transcript ? panelFromTranscript(session.transcript) : defaultPanelSettings;
  const setSettings = (next: PanelSettings) => {
    if (session.transcript && cardId !== null)
      void session.persist(withPanelSettings(session.transcript, next), cardId);
  };
  const ctx =
    cardId === null ? null : { cardId, profileId, persona, bookIds, options: turnOptions(settings, profile?.kind) };
  const tr = session.transcript;
  const busy = session.generation !== null;
  const characterName = tr?.character.name ?? '';

  const send = async () => {
    if (!ctx || !tr || !draft.trim()) return;
    const next = appendMessage(tr, 'user', persona.name, { text: draft });
    setDraft('');
    void session.persist(next, ctx.cardId);
    await session.generate(ctx, next, 'normal', characterName);
  };
  const run = async (type: 'continue' | 'impersonate' | 'swipe' | 'regenerate') => {
    if (!ctx || !tr) return;
    const text = await session.generate(ctx, tr, type, characterName);
    if (text !== null) setDraft(text);
  };
  const swipe = (index: number, direction: -1 | 1) => {
    if (!ctx || !tr) return;
    const m = tr.messages[index]!;
    const target = m.swipe + direction;
    if (target < m.swipes.length) void session.persist(selectSwipe(tr, index, target), ctx.cardId);
    else void run('swipe');
  };
  const previewPrompt = async () => {
    if (!ctx || !tr) return;
    try {
      const { options, ...rest } = ctx;
      const p = await api.invoke('chats.prompt', {
        ...rest,
        ...options,
        profileId: ctx.profileId ?? undefined,
        transcript: tr,
      });
      setPrompt({
        title: t('chats.nextPromptTitle'),
        request: p.request,
        lore: p.lore,
        parts: p.parts,
        tokens: p.tokens,
        loreReport: p.loreReport,
      });
    } catch (e) {
      onError(e);
    }
  };

  const last = tr ? tr.messages.length - 1 : -1;
  const gen = session.generation;
  return (
    <div className="chats">
      <ChatSidebar
        cards={cards}
        cardId={cardId}
        onPickCard={(id) => void pickCard(id)}
        profiles={profiles}
        presets={presets}
        profileId={profileId}
        onProfile={setProfileId}
        onProfilesChanged={setProfiles}
        persona={persona}
        onPersona={setPersona}
        books={books}
        bookIds={bookIds}
        onBookIds={setBookIds}
        chats={chats}
        chatId={session.chatId}
        onOpenChat={(id) => void openChat(id)}
        onNewChat={() => card !== null && session.start(card, persona)}
        onImportChat={(text) => {
          if (cardId === null) return;
          api.invoke('chats.import', { cardId, text }).then(({ chat, lost }) => {
            session.open(chat.id, chat.transcript);
            void refreshChats(cardId);
            setError(
              lost.length
                ? t('chats.importLost', { items: lost.map((l) => `${l.path}: ${l.reason}`).join('; ') })
                : null,
            );
          }, onError);
        }}
        onDeleteChat={(id) => {
          if (!window.confirm(t('chats.confirmDeleteChat'))) return;
          api.invoke('chats.delete', { id }).then(() => {
            if (cardId !== null) void refreshChats(cardId);
            if (id === session.chatId && card !== null) session.start(card, persona);
          }, onError);
        }}
        onError={onError}
      />
      <section className="chats-main">
        {error && (
          <div className="error" role="alert">
            <pre>{error}</pre>
            <button onClick={() => setError(null)}>{t('chats.close')}</button>
          </div>
        )}
        {!tr ? (
          <p className="empty">{t('chats.pickFirst')}</p>
        ) : (
          <>
            <div className="toolbar">
              <strong className="chat-title">{characterName}</strong>
              <button onClick={() => void previewPrompt()} disabled={busy}>
                {t('chats.previewPrompt')}
              </button>
              <ExportButton transcript={tr} onError={onError} />
            </div>
            <PromptSettingsPanel
              settings={settings}
              onChange={setSettings}
              personaDescription={persona.description}
              onPersonaDescription={(description) => setPersona({ ...persona, description })}
              profileKind={profile?.kind}
              templates={instructTemplateNames}
              contexts={contextTemplateNames}
              books={booksInPlay(card, links, books, bookIds)}
            />
            <div className="chat-log" data-testid="chat-log">
              {tr.messages.map((m, i) => (
                <MessageView
                  key={m.id}
                  message={m}
                  busy={busy}
                  canSwipe={i === last && i > 0 && !m.greeting && profileId !== null}
                  streaming={
                    gen && gen.target === i && gen.type !== 'impersonate'
                      ? gen.type === 'continue'
                        ? m.swipes[m.swipe]!.text + gen.text
                        : gen.text
                      : undefined
                  }
                  actions={{
                    onSwipe: (d) => swipe(i, d),
                    onEdit: (text) => ctx && void session.persist(editMessage(tr, i, text), ctx.cardId),
                    onDelete: () => ctx && void session.persist(deleteMessage(tr, i), ctx.cardId),
                    onRegenerate:
                      i === last && m.role === 'assistant' && !m.greeting && profileId !== null
                        ? () => void run('regenerate')
                        : undefined,
                    onShowPrompt: () => {
                      const s = m.swipes[m.swipe]!;
                      setPrompt({ title: t('chats.promptTitle'), request: s.request, lore: s.lore });
                    },
                  }}
                />
              ))}
              {gen && (gen.target === null || gen.type === 'impersonate') && (
                <article
                  className={`chat-message ${gen.type === 'impersonate' ? 'user' : 'assistant'} streaming`}
                  data-testid="chat-streaming"
                >
                  <header>
                    <strong>{gen.type === 'impersonate' ? persona.name : characterName}</strong>{' '}
                    <span className="chat-stats">{t('chats.generating')}</span>
                  </header>
                  <div className="chat-text">{gen.text}</div>
                </article>
              )}
            </div>
            {profileId === null && <p className="notice">{t('chats.needProfile')}</p>}
            <div className="chat-composer">
              <textarea
                value={draft}
                placeholder={t('chats.placeholder')}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey && !busy) {
                    e.preventDefault();
                    void send();
                  }
                }}
              />
              <div className="chat-row">
                {busy ? (
                  <button className="danger" onClick={session.stop}>
                    {t('chats.stop')}
                  </button>
                ) : (
                  <button className="primary" onClick={() => void send()} disabled={!profileId || !draft.trim()}>
                    {t('chats.send')}
                  </button>
                )}
                <button onClick={() => void run('continue')} disabled={busy || !profileId || last < 0}>
                  {t('chats.continue')}
                </button>
                <button onClick={() => void run('impersonate')} disabled={busy || !profileId}>
                  {t('chats.impersonate')}
                </button>
              </div>
            </div>
          </>
        )}
      </section>
      {prompt && <PromptDialog view={prompt} onClose={() => setPrompt(null)} />}
    </div>
  );
}
