/** Test chats: pick a card, a connection and a persona, then chat with the model authors will really use. */
import { useState } from 'react';
import { contextTemplateNames, instructTemplateNames } from '../../../shared/prompt/templates.ts';
import { useMessages } from '../app/useMessages.ts';
import { useT } from '../i18n/index.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatLog } from './ChatLog.tsx';
import { ChatSidebar } from './ChatSidebar.tsx';
import { ExportButton } from './ExportButton.tsx';
import { booksInPlay } from './books-in-play.ts';
import { PromptDialog, type PromptView } from './PromptDialog.tsx';
import { PromptSettingsPanel } from './PromptSettingsPanel.tsx';
import { useCardChats } from './useCardChats.ts';
import { useChatChoices } from './useChatChoices.ts';
import { useChatSession } from './useChatSession.ts';
import { useChatSources } from './useChatSources.ts';
import { useChatTurns } from './useChatTurns.ts';
import './chats.css';

export function ChatsPage() {
  const t = useT();
  const { error, setError, onError } = useMessages();
  const session = useChatSession(onError);
  const sources = useChatSources(onError);
  const choices = useChatChoices();
  const { persona, setPersona, profileId, bookIds } = choices;
  const cardChats = useCardChats(session, persona, onError);
  const profile = sources.profiles.find((p) => p.id === profileId) ?? null;
  const turns = useChatTurns(session, cardChats.cardId, choices, profile, onError);
  const [prompt, setPrompt] = useState<PromptView | null>(null);

  const tr = session.transcript;
  const busy = session.generation !== null;
  const previewPrompt = async () => {
    const next = await turns.nextPrompt();
    if (next) setPrompt({ title: t('chats.nextPromptTitle'), ...next });
  };

  return (
    <div className="chats">
      <ChatSidebar
        sources={sources}
        choices={choices}
        cardChats={cardChats}
        onPickCard={(id) => {
          setError(null);
          cardChats.pickCard(id).catch(onError);
        }}
        onImportLost={(lost) =>
          setError(
            lost.length ? t('chats.importLost', { items: lost.map((l) => `${l.path}: ${l.reason}`).join('; ') }) : null,
          )
        }
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
              <strong className="chat-title">{turns.characterName}</strong>
              <button onClick={() => void previewPrompt()} disabled={busy}>
                {t('chats.previewPrompt')}
              </button>
              <ExportButton transcript={tr} onError={onError} />
            </div>
            <PromptSettingsPanel
              settings={turns.settings}
              onChange={turns.setSettings}
              personaDescription={persona.description}
              onPersonaDescription={(description) => setPersona({ ...persona, description })}
              profileKind={profile?.kind}
              templates={instructTemplateNames}
              contexts={contextTemplateNames}
              books={booksInPlay(cardChats.card, cardChats.links, sources.books, bookIds)}
            />
            <ChatLog
              transcript={tr}
              generation={session.generation}
              canGenerate={profileId !== null}
              userName={persona.name}
              turns={turns}
              onShowPrompt={setPrompt}
            />
            {profileId === null && <p className="notice">{t('chats.needProfile')}</p>}
            <ChatComposer
              turns={turns}
              busy={busy}
              canGenerate={profileId !== null}
              hasMessages={tr.messages.length > 0}
              onStop={session.stop}
            />
          </>
        )}
      </section>
      {prompt && <PromptDialog view={prompt} onClose={() => setPrompt(null)} />}
    </div>
  );
}
