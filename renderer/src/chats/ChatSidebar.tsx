/** The chat page's left column: card, connection (with its editor), persona name, books, and the card's saved chats. */
import { useState } from 'react';
import type { CardSummary } from '../../../shared/library/types.ts';
import type { ChatSummary, PresetInfo, ProfileRecord } from '../../../shared/api/methods/chats.ts';
import type { LorebookSummary } from '../../../shared/api/methods/lorebooks.ts';
import { useT } from '../i18n/index.ts';
import { FileButton } from '../app/FileButton.tsx';
import { ProfileEditor } from './ProfileEditor.tsx';
import type { Persona } from './useChatSession.ts';

export interface ChatSidebarProps {
  cards: CardSummary[];
  cardId: number | null;
  onPickCard(id: number): void;
  profiles: ProfileRecord[];
  presets: PresetInfo[];
  profileId: string | null;
  onProfile(id: string | null): void;
  onProfilesChanged(profiles: ProfileRecord[]): void;
  persona: Persona;
  onPersona(p: Persona): void;
  books: LorebookSummary[];
  bookIds: number[];
  onBookIds(ids: number[]): void;
  chats: ChatSummary[];
  chatId: number | null;
  onOpenChat(id: number): void;
  onNewChat(): void;
  onImportChat(text: string): void;
  onDeleteChat(id: number): void;
  onError(e: unknown): void;
}

export function ChatSidebar(p: ChatSidebarProps) {
  const t = useT();
  // 'new' edits a fresh profile; an id edits that one; null shows no editor.
  const [editing, setEditing] = useState<string | null>(null);
  const profile = p.profiles.find((x) => x.id === p.profileId) ?? null;
  return (
    <aside className="chats-side">
      <label className="field">
        <span className="field-label">{t('chats.card')}</span>
        <select
          aria-label={t('chats.card')}
          value={p.cardId ?? ''}
          onChange={(e) => e.target.value && p.onPickCard(Number(e.target.value))}
        >
          <option value="">{t('chats.pickCard')}</option>
          {p.cards.map((c) => (
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
          value={p.profileId ?? ''}
          onChange={(e) => p.onProfile(e.target.value || null)}
        >
          <option value="">{t('chats.noProfile')}</option>
          {p.profiles.map((x) => (
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
          presets={p.presets}
          onSaved={(saved) => {
            p.onProfilesChanged([...p.profiles.filter((x) => x.id !== saved.id), saved]);
            p.onProfile(saved.id);
          }}
          onDeleted={(id) => {
            p.onProfilesChanged(p.profiles.filter((x) => x.id !== id));
            p.onProfile(null);
            setEditing(null);
          }}
          onError={p.onError}
        />
      )}
      <fieldset className="list-field">
        <legend>{t('chats.persona')}</legend>
        <label className="field">
          <span className="field-label">{t('chats.personaName')}</span>
          <input value={p.persona.name} onChange={(e) => p.onPersona({ ...p.persona, name: e.target.value })} />
        </label>
        <p className="hint">{t('chats.personaInSettings')}</p>
      </fieldset>
      {p.books.length > 0 && (
        <fieldset className="list-field">
          <legend>{t('chats.books')}</legend>
          <p className="hint">{t('chats.booksHint')}</p>
          {p.books.map((b) => (
            <label key={b.id} className="chat-book">
              <input
                type="checkbox"
                checked={p.bookIds.includes(b.id)}
                onChange={(e) =>
                  p.onBookIds(e.target.checked ? [...p.bookIds, b.id] : p.bookIds.filter((id) => id !== b.id))
                }
              />
              {b.name}
            </label>
          ))}
        </fieldset>
      )}
      {p.cardId !== null && (
        <section className="chat-list">
          <div className="chat-row">
            <h3>{t('chats.saved')}</h3>
            <button onClick={p.onNewChat}>{t('chats.newChat')}</button>
            <FileButton
              label={t('chats.import')}
              accept=".jsonl,.json,.yaml,.yml"
              onFiles={([file]) => file?.text().then(p.onImportChat, p.onError)}
            />
          </div>
          {p.chats.length === 0 && <p className="muted">{t('chats.noChats')}</p>}
          {p.chats.map((c) => (
            <div key={c.id} className={c.id === p.chatId ? 'chat-list-item active' : 'chat-list-item'}>
              <button className="link" onClick={() => p.onOpenChat(c.id)}>
                {c.name} <span className="muted">{t('chats.messages', { n: c.messages })}</span>
              </button>
              <button className="danger" aria-label={t('chats.deleteChat')} onClick={() => p.onDeleteChat(c.id)}>
                ×
              </button>
            </div>
          ))}
        </section>
      )}
    </aside>
  );
}
