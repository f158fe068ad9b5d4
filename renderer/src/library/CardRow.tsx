/** One card in the list or grid view: select, open, rename in place, delete, restore or delete for good. */
import { memo, useState } from 'react';
import type { CardSummary } from '../../../shared/library/types.ts';
import { useT } from '../i18n/index.ts';
import { Avatar } from './Avatar.tsx';

export interface CardActions {
  onOpen(id: number): void;
  onRename(card: CardSummary, name: string): void;
  onDelete(card: CardSummary): void;
  onRestore(card: CardSummary): void;
  onPurge(card: CardSummary): void;
  onSelect(card: CardSummary, index: number, range: boolean): void;
}

/** File kinds as authors spell them. */
const CONTAINER_NAMES: Record<CardSummary['container'], string> = {
  png: 'PNG',
  json: 'JSON',
  yaml: 'YAML',
  charx: 'CharX',
  webp: 'WebP',
  jpeg: 'JPEG',
};

/** `chara_card_v2` → `V2`; an unknown spec string shows as stored. */
function specName(spec: string): string {
  return /_v(\d)$/.exec(spec)?.[1] ? `V${spec.slice(-1)}` : spec;
}

interface Props extends CardActions {
  card: CardSummary;
  index: number;
  selected: boolean;
  view: 'list' | 'grid';
}

/**
 * Memoised: while the list scrolls only rows coming into view render (the page passes stable action callbacks, and
 * a card object stays the same until its page is fetched again).
 */
export const CardItem = memo(function CardItem(props: Props) {
  const { card, index, selected, view, onOpen, onRename, onDelete, onRestore, onPurge, onSelect } = props;
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(card.name);
  const save = (): void => {
    setEditing(false);
    if (name.trim() && name !== card.name) onRename(card, name.trim());
  };
  const title = editing ? (
    <form
      className="rename"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <input
        aria-label={t('library.rename')}
        value={name}
        autoFocus
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
      />
      <button type="submit">{t('library.save')}</button>
    </form>
  ) : card.deletedAt === null ? (
    <a
      href={`#/card/${card.id}`}
      data-testid="card-name"
      onClick={(e) => {
        e.preventDefault();
        onOpen(card.id);
      }}
    >
      {card.name}
    </a>
  ) : (
    <span data-testid="card-name">{card.name}</span>
  );
  const actions =
    card.deletedAt === null ? (
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
      <>
        <button onClick={() => onRestore(card)}>{t('library.restore')}</button>
        <button className="danger" onClick={() => onPurge(card)}>
          {t('library.purge')}
        </button>
      </>
    );
  const check = (
    <input
      type="checkbox"
      aria-label={t('library.select', { name: card.name })}
      checked={selected}
      onChange={() => undefined}
      onClick={(e) => onSelect(card, index, e.shiftKey)}
    />
  );
  const tags = card.tags.map((tag) => (
    <span key={tag} className="tag">
      {tag}
    </span>
  ));
  if (view === 'grid') {
    return (
      <div className={selected ? 'card-tile selected' : 'card-tile'} data-card-id={card.id}>
        <div className="tile-top">
          {check}
          <Avatar id={card.id} revision={card.revision} name={card.name} hasImage={card.hasImage} />
        </div>
        <div className="tile-name">{title}</div>
        <div className="tile-creator muted">{card.creator}</div>
        <div className="tile-tags">{tags}</div>
        <div className="tile-actions">{actions}</div>
      </div>
    );
  }
  return (
    <div className={selected ? 'card-row selected' : 'card-row'} role="row" data-card-id={card.id}>
      <span role="cell">{check}</span>
      <span role="cell" className="name">
        {title}
      </span>
      <span role="cell">{card.creator}</span>
      <span role="cell" className="muted" data-testid="card-format">
        {t('library.format', { spec: specName(card.spec), container: CONTAINER_NAMES[card.container] })}
      </span>
      <span role="cell" className="row-tags">
        {tags}
      </span>
      <span role="cell">
        <time dateTime={new Date(card.updatedAt).toISOString()}>{t.date(card.updatedAt)}</time>
      </span>
      <span role="cell" className="actions">
        {actions}
      </span>
    </div>
  );
});
