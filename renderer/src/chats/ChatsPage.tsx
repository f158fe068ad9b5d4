/** Test chats: pick a card, a connection and a persona, then chat with the model authors will really use. */
import { useCallback, useState } from 'react';
import { appendMessage, deleteMessage, editMessage, selectSwipe } from '../../../shared/chat/transcript.ts';
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
import { useChatSources } from './useChatSources.ts';
import { useCardChats } from './useCardChats.ts';
import { useStoredState } from '../app/useStoredState.ts';
import './chats.css';
import { errorMessage } from '../../../shared/errors.ts';

const isPersona = (v: unknown): v is Persona =>
  typeof v === 'object' && v !== null && typeof (v as Persona).name === 'string';
const isProfileId = (v: unknown): v is string | null => v === null || typeof v === 'string';

export function ChatsPage() {
  const api = useApi();
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const onError = useCallback((e: unknown) => setError(errorMessage(e)), []);
  const session = useChatSession(onError);
  const { cards, books, profiles, presets, setProfileList } = useChatSources(onError);
  const { cardId, card, chats, links, refreshChats, ...cardChats } = useCardChats(session, onError);
  const [profileId, setProfileId] = useStoredState<string | null>('lorewright.chatProfile', null, isProfileId);
  const [bookIds, setBookIds] = useState<number[]>([]);
  const [persona, setPersona] = useStoredState<Persona>(
    'lorewright.persona',
    { name: 'User', description: '' },
    isPersona,
  );
  const [draft, setDraft] = useState('');
  const [prompt, setPrompt] = useState<PromptView | null>(null);

  const pickCard = (id: number): void => {
    setError(null);
    cardChats.pickCard(id, persona).catch(onError);
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
        onPickCard={pickCard}
        profiles={profiles}
        presets={presets}
        profileId={profileId}
        onProfile={setProfileId}
        onProfilesChanged={setProfileList}
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
