/** The virtualized list and grid: only the rows in view are in the DOM, so 100,000 cards scroll smoothly. */
import { useEffect, useRef, useState } from 'react';
import type { CardSummary } from '../../../shared/library/types.ts';
import { useT } from '../i18n/index.ts';
import { CardItem } from './CardRow.tsx';
import { useRowWindow } from '../app/useRowWindow.ts';
import type { CardActions } from './CardRow.tsx';

interface Props {
  total: number;
  at(index: number): CardSummary | undefined;
  ensure(first: number, last: number): void;
  view: 'list' | 'grid';
  selected: ReadonlySet<number>;
  /** Stable callbacks (their identity never changes), so memoised rows do not re-render while scrolling. */
  actions: CardActions;
}

const ROW_HEIGHT = 44;
const TILE_WIDTH = 184;
const TILE_HEIGHT = 260;

export function VirtualCards({ total, at, ensure, view, selected, actions }: Props) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(1000);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const perRow = view === 'grid' ? Math.max(1, Math.floor((width - 8) / TILE_WIDTH)) : 1;
  const rowSize = view === 'grid' ? TILE_HEIGHT : ROW_HEIGHT;
  const { first, last, totalSize } = useRowWindow(scroller, Math.ceil(total / perRow), rowSize, 6);
  const items = Array.from({ length: Math.max(0, last - first + 1) }, (_, k) => first + k);
  useEffect(
    () => ensure(first * perRow, Math.min(total - 1, (last + 1) * perRow - 1)),
    [first, last, perRow, total, ensure],
  );

  return (
    <div className="virtual-wrap">
      {view === 'list' && (
        <div className="card-row header" role="row">
          <span />
          <span role="columnheader">{t('library.col.name')}</span>
          <span role="columnheader">{t('library.col.creator')}</span>
          <span role="columnheader">{t('library.col.format')}</span>
          <span role="columnheader">{t('library.col.tags')}</span>
          <span role="columnheader">{t('library.col.updated')}</span>
          <span role="columnheader">{t('library.col.actions')}</span>
        </div>
      )}
      <div
        ref={scroller}
        className="virtual-scroll"
        role={view === 'list' ? 'table' : 'list'}
        aria-rowcount={total}
        data-testid="card-scroller"
      >
        <div style={{ height: totalSize, position: 'relative' }}>
          {items.map((row) => (
            <div
              key={row}
              className={view === 'grid' ? 'grid-row' : undefined}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: rowSize,
                transform: `translateY(${row * rowSize}px)`,
              }}
            >
              {Array.from({ length: perRow }, (_, k) => {
                const index = row * perRow + k;
                if (index >= total) return null;
                const card = at(index);
                return card ? (
                  <CardItem
                    key={`${card.id}:${card.revision}`}
                    card={card}
                    index={index}
                    view={view}
                    selected={selected.has(card.id)}
                    {...actions}
                  />
                ) : (
                  <div
                    key={`loading-${index}`}
                    className={view === 'grid' ? 'card-tile loading' : 'card-row loading'}
                    aria-busy="true"
                  />
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
