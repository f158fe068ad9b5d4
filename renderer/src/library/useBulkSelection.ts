/** Which cards are selected for bulk actions: click toggles, shift-click selects the range from the last click. */
import { useEffect, useState } from 'react';
import type { CardSummary } from '../../../shared/library/types.ts';

/** `at` reads the list's card at an index; the selection empties whenever `resetKey` changes (a new filter). */
export function useBulkSelection(at: (index: number) => CardSummary | undefined, resetKey: string) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  // An empty selection is kept as it is: a new empty Set would render the page again for nothing (at every mount).
  useEffect(() => setSelected((cur) => (cur.size === 0 ? cur : new Set())), [resetKey]);
  const select = (card: CardSummary, index: number, range: boolean): void => {
    setSelected((cur) => {
      const next = new Set(cur);
      if (range && anchor !== null) {
        for (let i = Math.min(anchor, index); i <= Math.max(anchor, index); i++) {
          const c = at(i);
          if (c) next.add(c.id);
        }
      } else if (next.has(card.id)) next.delete(card.id);
      else next.add(card.id);
      return next;
    });
    setAnchor(index);
  };
  return { selected, select, setSelected, clear: () => setSelected(new Set()) };
}
