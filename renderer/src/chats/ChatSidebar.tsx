/** The chat page's left column: card, connection (with its editor), persona name, books, and the card's saved chats. */
import { useState } from 'react';
import type { ChatLossItem } from '../../../shared/chat/types.ts';
import { useT } from '../i18n/index.ts';
import { ProfileEditor } from './ProfileEditor.tsx';
import type { CardChats } from './useCardChats.ts';
import type { ChatChoices } from './useChatChoices.ts';
import type { ChatSources } from './useChatSources.ts';

export interface ChatSidebarProps {
  sources: ChatSources;
  choices: ChatChoices;
  cardChats: CardChats;
  onPickCard(id: number): void;
  /** What an imported chat could not keep (empty when nothing). */
  onImportLost(lost: ChatLossItem[]): void;
  onError(e: unknown): void;
}

export function ChatSidebar({ sources, choices, cardChats, onPickCard, onImportLost, onError }: ChatSidebarProps) {
  const t = useT();
  const { profileId, setProfileId, persona, setPersona, bookIds, setBookIds } = choices;
  // 'new' edits a fresh profile; an id edits that one; null shows no editor.
  const [editing, setEditing] = useState<string | null>(null);
  const profile = sources.profiles.find((x) => x.id === profileId) ?? null;
  return (
    <aside className="chats-side">
      <label className="field">
        <span className="field-label">{t('chats.card')}</span>
        <select
          aria-label={t('chats.card')}
          value={cardChats.cardId ?? ''}
          onChange={(e) => e.target.value && onPickCard(Number(e.target.value))}
        >
          <option value="">{t('chats.pickCard')}</option>
          {sources.cards.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">{t('chats.profile')}</span>
        <select
          aria-label={t('chats.profile')}
          value={profileId ?? ''}
          onChange={(e) => setProfileId(e.target.value || null)}
        >
          <option value="">{t('chats.noProfile')}</option>
          {sources.profiles.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name} · {x.model}
            </option>
          ))}
        </select>
      </label>
      <div className="chat-row">
        <button onClick={() => setEditing(editing === 'new' ? null : 'new')}>{t('chats.addProfile')}</button>
        {profile && (
          <button onClick={() => setEditing(editing === profile.id ? null : profile.id)}>
            {t('chats.editProfile')}
          </button>
        )}
      </div>
      {editing !== null && (
        <ProfileEditor
          key={editing}
          profile={editing === 'new' ? null : profile}
          presets={sources.presets}
          onSaved={(saved) => {
            sources.setProfileList([...sources.profiles.filter((x) => x.id !== saved.id), saved]);
            setProfileId(saved.id);
          }}
          onDeleted={(id) => {
            sources.setProfileList(sources.profiles.filter((x) => x.id !== id));
            setProfileId(null);
            setEditing(null);
          }}
          onError={onError}
        />
      )}
      <fieldset className="list-field">
        <legend>{t('chats.persona')}</legend>
        <label className="field">
          <span className="field-label">{t('chats.personaName')}</span>
          <input value={persona.name} onChange={(e) => setPersona({ ...persona, name: e.target.value })} />
        </label>
        <p className="hint">{t('chats.personaInSettings')}</p>
      </fieldset>
      {sources.books.length > 0 && (
        <fieldset className="list-field">
          <legend>{t('chats.books')}</legend>
          <p className="hint">{t('chats.booksHint')}</p>
          {sources.books.map((b) => (
            <label key={b.id} className="chat-book">
              <input
                type="checkbox"
                checked={bookIds.includes(b.id)}
                onChange={(e) =>
                  setBookIds(e.target.checked ? [...bookIds, b.id] : bookIds.filter((id) => id !== b.id))
                }
              />
              {b.name}
            </label>
          ))}
        </fieldset>
      )}
      {cardChats.cardId !== null && (
        <section className="chat-list">
          <div className="chat-row">
            <h3>{t('chats.saved')}</h3>
            <button onClick={cardChats.newChat}>{t('chats.newChat')}</button>
            <label className="button">
              {t('chats.import')}
              <input
                type="file"
                hidden
                accept=".jsonl,.json,.yaml,.yml"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  file?.text().then((text) => cardChats.importChat(text, onImportLost), onError);
                }}
              />
            </label>
          </div>
          {cardChats.chats.length === 0 && <p className="muted">{t('chats.noChats')}</p>}
          {cardChats.chats.map((c) => (
            <div key={c.id} className={c.id === cardChats.chatId ? 'chat-list-item active' : 'chat-list-item'}>
              <button className="link" onClick={() => cardChats.openChat(c.id)}>
                {c.name} <span className="muted">{t('chats.messages', { n: c.messages })}</span>
              </button>
              <button
                className="danger"
                aria-label={t('chats.deleteChat')}
                onClick={() => window.confirm(t('chats.confirmDeleteChat')) && cardChats.deleteChat(c.id)}
              >
                ×
              </button>
            </div>
          ))}
        </section>
      )}
    </aside>
  );
}
