/** The greetings as a chat would offer them: the first message, then each alternate as a swipe. */
import { useState } from 'react';
import { useT } from '../i18n/index.ts';

export function GreetingSwipes({ greetings }: { greetings: string[] }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  if (greetings.length === 0) return null;
  const i = Math.min(index, greetings.length - 1);
  return (
    <div className="swipes" aria-label={t('editor.swipes')}>
      <div className="swipe-head">
        <button type="button" aria-label={t('editor.swipePrev')} disabled={i === 0} onClick={() => setIndex(i - 1)}>
          ‹
        </button>
        <span data-testid="swipe-position">{t('editor.swipeOf', { n: i + 1, total: greetings.length })}</span>
        <button
          type="button"
          aria-label={t('editor.swipeNext')}
          disabled={i === greetings.length - 1}
          onClick={() => setIndex(i + 1)}
        >
          ›
        </button>
      </div>
      <div className="swipe-body">{greetings[i]}</div>
    </div>
  );
}
