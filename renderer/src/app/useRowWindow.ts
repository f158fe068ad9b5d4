/**
 * The rows of a scrolled list of same-height rows that are in view, plus `overscan` rows on each side, computed
 * from the scroll position alone. A general virtualizer measures every row before the first paint (100,000
 * measurement objects at start-up, tens of milliseconds); rows of one height need a division. Used by the library's
 * card list and grid and the lorebook's entry table.
 */
import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

export interface RowWindow {
  /** The first and last row to render (inclusive; `last` < `first` when there are none). */
  first: number;
  last: number;
  /** The height of all rows: the size of the scrolled content. */
  totalSize: number;
  /** Scrolls the least that brings row `index` fully into view; nothing when it is in view already. */
  scrollToRow(index: number): void;
}

export function useRowWindow(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  rowSize: number,
  overscan: number,
): RowWindow {
  // The first row in view and the viewport height: the window changes only when one of them does. Until the
  // scroller is measured (height null), a new one is at the top and no taller than the window: its first frame shows
  // every row that fits, and measuring it in the layout effect would force a layout of the page before that frame's
  // own. That frame has no overscan either (rows no one sees yet, each made, laid out and painted before the list
  // first shows): it joins with the first measurement, a frame later.
  const [view, setView] = useState<{ row: number; height: number | null }>({ row: 0, height: null });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const update = (): void => {
      const row = Math.floor(el.scrollTop / rowSize);
      const height = el.clientHeight;
      setView((v) => (v.row === row && v.height === height ? v : { row, height }));
    };
    el.addEventListener('scroll', update, { passive: true });
    // Also reports the first size, after the first layout.
    const resize = new ResizeObserver(update);
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [scroller, rowSize]);
  const scrollToRow = useCallback(
    (index: number): void => {
      const el = scroller.current;
      if (!el) return;
      const top = index * rowSize;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + rowSize > el.scrollTop + el.clientHeight) el.scrollTop = top + rowSize - el.clientHeight;
    },
    [scroller, rowSize],
  );
  const extra = view.height === null ? 0 : overscan;
  const height = view.height ?? window.innerHeight;
  const first = Math.max(0, view.row - extra);
  const last = Math.min(count - 1, view.row + Math.ceil(height / rowSize) + extra);
  return { first, last, totalSize: count * rowSize, scrollToRow };
}
