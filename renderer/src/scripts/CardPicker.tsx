/** Picks a library card to export as a character script. */
import { useEffect, useState } from 'react';
import type { CardSummary } from '../../../shared/library/types.ts';
import { useApi } from '../app/ApiContext.ts';
import { useT } from '../i18n/index.ts';

interface Props {
  onPick(cardId: number): void;
  onClose(): void;
  onError(e: unknown): void;
}

export function CardPicker({ onPick, onClose, onError }: Props) {
  const api = useApi();
  const t = useT();
  const [query, setQuery] = useState('');
  const [cards, setCards] = useState<CardSummary[]>([]);

  useEffect(() => {
    const timer = setTimeout(
      () => api.invoke('cards.list', { query, limit: 50 }).then((r) => setCards(r.items), onError),
      120,
    );
    return () => clearTimeout(timer);
  }, [api, query, onError]);

  return (
    <div className="dialog-backdrop" onClick={onClose}>
      <div
        className="dialog card-picker"
        role="dialog"
        aria-label={t('scripts.fromCard')}
        onClick={(e) => e.stopPropagation()}
      >
        <h3>{t('scripts.fromCard')}</h3>
        <input autoFocus placeholder={t('library.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
        {cards.length === 0 ? (
          <p className="muted">{t('scripts.noCards')}</p>
        ) : (
          <ul>
            {cards.map((c) => (
              <li key={c.id}>
                <button type="button" onClick={() => onPick(c.id)}>
                  {c.name}
                  {c.creator && <span className="muted"> · {c.creator}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('library.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
