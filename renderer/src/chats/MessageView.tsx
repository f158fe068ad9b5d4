/** One chat message: text (or its editor), swipe arrows, figures of its generation, and its actions. */
import { useState } from 'react';
import type { TranscriptMessage } from '../../../shared/chat/types.ts';
import { useT } from '../i18n/index.ts';

export interface MessageActions {
  onSwipe(direction: -1 | 1): void;
  onEdit(text: string): void;
  onDelete(): void;
  onRegenerate?(): void;
  onShowPrompt(): void;
}

function Stats({ message }: { message: TranscriptMessage }) {
  const t = useT();
  const stats = message.swipes[message.swipe]?.stats;
  if (!stats) return null;
  const parts: string[] = [];
  if (stats.tokens !== undefined) parts.push(t('chats.tokens', { n: stats.tokens }));
  if (stats.firstTokenMs !== undefined && stats.firstTokenMs !== null)
    parts.push(t('chats.ttft', { ms: Math.round(stats.firstTokenMs) }));
  if (stats.tokensPerSecond !== undefined && stats.tokensPerSecond !== null)
    parts.push(t('chats.tps', { n: stats.tokensPerSecond.toFixed(1) }));
  if (stats.finishReason === 'stopped') parts.push(t('chats.stopped'));
  return parts.length ? <span className="chat-stats">{parts.join(' · ')}</span> : null;
}

export function MessageView({
  message,
  busy,
  canSwipe,
  streaming,
  actions,
}: {
  message: TranscriptMessage;
  busy: boolean;
  canSwipe: boolean;
  streaming?: string;
  actions: MessageActions;
}) {
  const t = useT();
  const [draft, setDraft] = useState<string | null>(null);
  const text = streaming ?? message.swipes[message.swipe]?.text ?? '';
  const swipes = message.swipes.length;
  return (
    <article
      className={`chat-message ${message.role}${message.hidden ? ' hidden-message' : ''}`}
      data-testid="chat-message"
      data-id={message.id}
    >
      <header>
        <strong>{message.name}</strong>
        <Stats message={message} />
      </header>
      {draft === null ? (
        <div className="chat-text">{text}</div>
      ) : (
        <div className="chat-edit">
          <textarea
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            rows={Math.min(12, draft.split('\n').length + 1)}
          />
          <div className="chat-row">
            <button
              className="primary"
              onClick={() => {
                actions.onEdit(draft);
                setDraft(null);
              }}
            >
              {t('chats.save')}
            </button>
            <button onClick={() => setDraft(null)}>{t('chats.cancel')}</button>
          </div>
        </div>
      )}
      <footer className="chat-row">
        {message.role === 'assistant' && (canSwipe || swipes > 1) && (
          <span className="swipes">
            <button
              aria-label={t('chats.prevSwipe')}
              disabled={busy || message.swipe === 0}
              onClick={() => actions.onSwipe(-1)}
            >
              ‹
            </button>
            <span className="swipe-count">{t('chats.swipeCount', { n: message.swipe + 1, total: swipes })}</span>
            <button
              aria-label={t('chats.nextSwipe')}
              disabled={busy || (!canSwipe && message.swipe === swipes - 1)}
              onClick={() => actions.onSwipe(1)}
            >
              ›
            </button>
          </span>
        )}
        <span className="chat-actions">
          {actions.onRegenerate && (
            <button disabled={busy} onClick={actions.onRegenerate}>
              {t('chats.regenerate')}
            </button>
          )}
          <button disabled={busy} onClick={() => setDraft(text)}>
            {t('chats.edit')}
          </button>
          <button disabled={busy} className="danger" onClick={actions.onDelete}>
            {t('chats.delete')}
          </button>
          {message.role !== 'user' && !message.greeting && (
            <button onClick={actions.onShowPrompt}>{t('chats.showPrompt')}</button>
          )}
        </span>
      </footer>
    </article>
  );
}
