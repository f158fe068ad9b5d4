/**
 * A sparse, paged view of the card list for virtual scrolling: only pages near the viewport are fetched, so a
 * 10,000-card library costs a handful of small requests, not one big one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CardSummary } from '../../../shared/library/types.ts';
import { useApi } from '../app/ApiContext.ts';
import { fetchInput, PAGE_SIZE, type ListQuery } from '../../../shared/api/start-view.ts';
import { takeArrived, takeEarly } from './start-page.ts';

export function useCardPages(q: ListQuery, onError: (e: unknown) => void) {
  const api = useApi();
  const key = JSON.stringify(q);
  const [arrived] = useState(() => takeArrived(key));
  const [pages, setPages] = useState(() => new Map<number, CardSummary[]>(arrived ? [[0, arrived.items]] : []));
  const [total, setTotal] = useState<number | null>(arrived?.total ?? null);
  /** The query whose first page the first render already shows: the mount's load is skipped for it. */
  const shown = useRef(arrived ? key : null);
  const generation = useRef(0);
  const inFlight = useRef(new Set<number>());

  const fetchPage = useCallback(
    async (page: number, gen: number): Promise<void> => {
      if (inFlight.current.has(page)) return;
      inFlight.current.add(page);
      try {
        const r = await (takeEarly(key, page) ?? api.invoke('cards.list', fetchInput(q, page)));
        if (gen !== generation.current) return; // a newer query owns the view now
        setTotal(r.total);
        setPages((prev) => new Map(prev).set(page, r.items));
      } catch (e) {
        onError(e);
      } finally {
        inFlight.current.delete(page);
      }
    },
    // q is captured through `key`, its serialized form.
    [api, key, onError],
  );

  const reload = useCallback(async (): Promise<void> => {
    const gen = ++generation.current;
    inFlight.current.clear();
    setPages(new Map());
    await fetchPage(0, gen);
  }, [fetchPage]);

  useEffect(() => {
    if (shown.current === key) shown.current = null;
    else void reload();
  }, [reload, key]);

  /** Called with the visible index range; fetches the pages it needs. */
  const ensure = useCallback(
    (first: number, last: number): void => {
      for (let p = Math.floor(first / PAGE_SIZE); p <= Math.floor(last / PAGE_SIZE); p++) {
        if (!pages.has(p)) void fetchPage(p, generation.current);
      }
    },
    [pages, fetchPage],
  );

  const at = (index: number): CardSummary | undefined => pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];
  return { total, at, ensure, reload };
}
