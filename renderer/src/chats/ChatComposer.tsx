/** The message box under the chat: Enter sends, and the buttons for stop, continue and impersonate. */
import { useT } from '../i18n/index.ts';
import type { ChatTurns } from './useChatTurns.ts';

interface Props {
  turns: ChatTurns;
  busy: boolean;
  canGenerate: boolean;
  /** Continue needs a message to continue. */
  hasMessages: boolean;
  onStop(): void;
}

export function ChatComposer({ turns, busy, canGenerate, hasMessages, onStop }: Props) {
  const t = useT();
  return (
    <div className="chat-composer">
      <textarea
        value={turns.draft}
        placeholder={t('chats.placeholder')}
        onChange={(e) => turns.setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !busy) {
            e.preventDefault();
            void turns.send();
          }
        }}
      />
      <div className="chat-row">
        {busy ? (
          <button className="danger" onClick={onStop}>
            {t('chats.stop')}
          </button>
        ) : (
          <button className="primary" onClick={() => void turns.send()} disabled={!canGenerate || !turns.draft.trim()}>
            {t('chats.send')}
          </button>
        )}
        <button onClick={() => void turns.run('continue')} disabled={busy || !canGenerate || !hasMessages}>
          {t('chats.continue')}
        </button>
        <button onClick={() => void turns.run('impersonate')} disabled={busy || !canGenerate}>
          {t('chats.impersonate')}
        </button>
      </div>
    </div>
  );
}
