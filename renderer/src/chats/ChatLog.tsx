/** The open chat's messages, the reply being streamed into one of them or below them, and each message's actions. */
import type { Transcript } from '../../../shared/chat/types.ts';
import { useT } from '../i18n/index.ts';
import { MessageView } from './MessageView.tsx';
import type { PromptView } from './PromptDialog.tsx';
import type { ChatTurns } from './useChatTurns.ts';
import type { Generation } from './useChatSession.ts';

interface Props {
  transcript: Transcript;
  generation: Generation | null;
  /** Whether a connection is chosen, so new replies can be asked for. */
  canGenerate: boolean;
  userName: string;
  turns: ChatTurns;
  onShowPrompt(view: PromptView): void;
}

export function ChatLog({ transcript, generation: gen, canGenerate, userName, turns, onShowPrompt }: Props) {
  const t = useT();
  const busy = gen !== null;
  const last = transcript.messages.length - 1;
  /** The text shown for message i while a reply streams into it (a continue extends the current swipe). */
  const streamingInto = (i: number): string | undefined => {
    if (!gen || gen.target !== i || gen.type === 'impersonate') return undefined;
    const m = transcript.messages[i]!;
    return gen.type === 'continue' ? m.swipes[m.swipe]!.text + gen.text : gen.text;
  };
  return (
    <div className="chat-log" data-testid="chat-log">
      {transcript.messages.map((m, i) => (
        <MessageView
          key={m.id}
          message={m}
          busy={busy}
          canSwipe={i === last && i > 0 && !m.greeting && canGenerate}
          streaming={streamingInto(i)}
          actions={{
            onSwipe: (d) => turns.swipe(i, d),
            onEdit: (text) => turns.edit(i, text),
            onDelete: () => turns.remove(i),
            onRegenerate:
              i === last && m.role === 'assistant' && !m.greeting && canGenerate
                ? () => void turns.run('regenerate')
                : undefined,
            onShowPrompt: () => {
              const s = m.swipes[m.swipe]!;
              onShowPrompt({ title: t('chats.promptTitle'), request: s.request, lore: s.lore });
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
            <strong>{gen.type === 'impersonate' ? userName : turns.characterName}</strong>{' '}
            <span className="chat-stats">{t('chats.generating')}</span>
          </header>
          <div className="chat-text">{gen.text}</div>
        </article>
      )}
    </div>
  );
}
