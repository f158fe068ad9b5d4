/** The scratch chat: messages as user or character, editable names, pasted transcripts, and the key hits marked. */
import { memo, useState } from 'react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/index.ts';
import type { Highlight } from './protocol.ts';
import { parseTranscript } from './scenario.ts';
import type { PreviewMessage, PreviewSetup } from './scenario.ts';

interface Props {
  chat: PreviewMessage[];
  setup: PreviewSetup;
  onChat(chat: PreviewMessage[]): void;
  onSetup(setup: PreviewSetup): void;
  highlights: readonly Highlight[];
  /** When stepping through turns, later messages are greyed out. */
  visibleMessages: number;
}

const NAMES = ['userName', 'charName'] as const;

/** The message text with each hit wrapped in <mark> (overlapping hits merge). */
function marked(text: string, hits: readonly Highlight[]): ReactNode[] {
  const ranges = hits
    .map((h) => [Math.min(h.start, text.length), Math.min(h.end, text.length)] as const)
    .sort((a, b) => a[0] - b[0]);
  const out: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    if (from > at) out.push(text.slice(at, from));
    out.push(<mark key={from}>{text.slice(from, end)}</mark>);
    at = end;
  }
  out.push(text.slice(at));
  return out;
}

/**
 * Memoised: a keystroke in the entry form re-renders the preview around it, and each render of an input or textarea
 * writes its attributes again (a restyle in that keystroke's frame) although the chat did not change. A form of its
 * own: on each keystroke Chromium's autofill looks through the typed field's form, and the controls outside any form
 * count as one, hundreds with the entry table's checkboxes. It never submits (a submit would reload the page), whatever
 * fields it comes to hold: its buttons are plain buttons and its submit event is cancelled.
 */
export const ChatEditor = memo(function ChatEditor({
  chat,
  setup,
  onChat,
  onSetup,
  highlights,
  visibleMessages,
}: Props) {
  const t = useT();
  const [pasting, setPasting] = useState(false);
  const [transcript, setTranscript] = useState('');
  const update = (i: number, patch: Partial<PreviewMessage>) =>
    onChat(chat.map((m, k) => (k === i ? { ...m, ...patch } : m)));

  return (
    <form className="lb-chat" onSubmit={(e) => e.preventDefault()}>
      <div className="toolbar">
        {NAMES.map((name) => (
          <label key={name}>
            {t(`lb.chat.${name}`)}
            <input
              className="narrow"
              value={setup[name]}
              onChange={(e) => onSetup({ ...setup, [name]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <ol className="lb-messages">
        {chat.map((m, i) => {
          const hits = highlights.filter((h) => h.message === i);
          const name = m.role === 'user' ? setup.userName : setup.charName;
          return (
            <li key={i} className={i >= visibleMessages ? 'lb-message later' : `lb-message ${m.role}`}>
              <div className="lb-message-head">
                <button
                  type="button"
                  className="link"
                  title={t('lb.chat.switchRole')}
                  onClick={() => update(i, { role: m.role === 'user' ? 'char' : 'user' })}
                >
                  {name}
                </button>
                <button
                  type="button"
                  className="link"
                  aria-label={t('lb.chat.remove', { n: i + 1 })}
                  onClick={() => onChat(chat.filter((_, k) => k !== i))}
                >
                  ×
                </button>
              </div>
              <textarea
                aria-label={t('lb.chat.message', { n: i + 1, name })}
                rows={2}
                value={m.text}
                onChange={(e) => update(i, { text: e.target.value })}
              />
              {hits.length > 0 && (
                <p className="lb-marked" data-testid="chat-highlight">
                  {marked(m.text, hits)}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <div className="toolbar">
        <button type="button" onClick={() => onChat([...chat, { role: 'user', text: '' }])}>
          {t('lb.chat.addUser')}
        </button>
        <button type="button" onClick={() => onChat([...chat, { role: 'char', text: '' }])}>
          {t('lb.chat.addChar')}
        </button>
        <button type="button" onClick={() => setPasting(!pasting)}>
          {t('lb.chat.paste')}
        </button>
        <button type="button" onClick={() => onChat([{ role: 'user', text: '' }])}>
          {t('lb.chat.clear')}
        </button>
      </div>
      {pasting && (
        <div className="lb-paste">
          <textarea
            aria-label={t('lb.chat.transcript')}
            placeholder={t('lb.chat.transcriptHint', { user: setup.userName, char: setup.charName })}
            rows={5}
            value={transcript}
            onChange={(e) => setTranscript(e.target.value)}
          />
          <button
            type="button"
            onClick={() => {
              const parsed = parseTranscript(transcript, setup);
              if (parsed.length > 0) onChat(parsed);
              setPasting(false);
              setTranscript('');
            }}
          >
            {t('lb.chat.usePaste')}
          </button>
        </div>
      )}
    </form>
  );
});
