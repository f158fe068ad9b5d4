import { useState } from 'react';
import type { CardSummary } from '../../../shared/api/library-types.ts';
import { useT } from '../i18n/index.ts';

interface Props {
  card: CardSummary;
  onOpen(id: number): void;
  onRename(card: CardSummary, name: string): void;
  onDelete(card: CardSummary): void;
  onRestore(card: CardSummary): void;
}

export function CardRow({ card, onOpen, onRename, onDelete, onRestore }: Props) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(card.name);
  const save = (): void => {
    setEditing(false);
    if (name.trim() && name !== card.name) onRename(card, name.trim());
  };
  return (
    <tr data-card-id={card.id}>
      <td className="name">
        {editing ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save();
            }}
          >
            <input aria-label={t('library.rename')} value={name} autoFocus onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && setEditing(false)} />
            <button type="submit">{t('library.save')}</button>
          </form>
        ) : card.deletedAt === null ? (
          <a href={`#/card/${card.id}`} onClick={(e) => { e.preventDefault(); onOpen(card.id); }}>
            {card.name}
          </a>
        ) : (
          card.name
        )}
      </td>
      <td>{card.creator}</td>
      <td>
        {card.tags.map((tag) => (
          <span key={tag} className="tag">
            {tag}
          </span>
        ))}
      </td>
      <td>
        <time dateTime={new Date(card.updatedAt).toISOString()}>{new Date(card.updatedAt).toLocaleString()}</time>
      </td>
      <td className="actions">
        {card.deletedAt === null ? (
          <>
            <button
              onClick={() => {
                setName(card.name);
                setEditing(true);
              }}
            >
              {t('library.rename')}
            </button>
            <button className="danger" onClick={() => onDelete(card)}>
              {t('library.delete')}
            </button>
          </>
        ) : (
          <button onClick={() => onRestore(card)}>{t('library.restore')}</button>
        )}
      </td>
    </tr>
  );
}
