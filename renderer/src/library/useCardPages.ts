/**
 * A sparse, paged view of the card list for virtual scrolling: only pages near the viewport are fetched, so a
 * 10,000-card library costs a handful of small requests, not one big one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CardSummary } from '../../../shared/library/types.ts';
import type { SortKey } from '../../../shared/api/contract.ts';
import { useApi } from '../app/ApiContext.ts';
import type { ApiClient } from '../../../shared/api/contract.ts';

export interface ListQuery {
  query: string;
  tags: string[];
  sort: SortKey;
  trash: boolean;
}

export const PAGE_SIZE = 200;

/** What the library shows when the app starts: every live card by name. */
export const START_QUERY: ListQuery = { query: '', tags: [], sort: 'name', trash: false };

type PageReply = Promise<{ items: CardSummary[]; total: number }>;

function fetchInput(q: ListQuery, page: number) {
  return { ...q, limit: PAGE_SIZE, offset: page * PAGE_SIZE };
}

/** The start view's first page, asked for before React first rendered (`prefetchStartPage`), taken once. */
let early: { key: string; reply: PageReply } | null = null;

/**
 * Asks for the library's first page as the app starts (main.tsx), so the request travels while React renders the
 * shell: the list's own first fetch would go out only after that render was painted.
 */
export function prefetchStartPage(api: ApiClient): void {
  const reply = api.invoke('cards.list', fetchInput(START_QUERY, 0));
  // The list's first fetch awaits it and reports a failure; until then it must not count as unhandled.
  reply.catch(() => undefined);
  early = { key: JSON.stringify(START_QUERY), reply };
}

function takeEarly(key: string, page: number): PageReply | null {
  if (page !== 0 || early?.key !== key) return null;
  const { reply } = early;
  early = null;
  return reply;
}

export function useCardPages(q: ListQuery, onError: (e: unknown) => void) {
  const api = useApi();
  const [pages, setPages] = useState<Map<number, CardSummary[]>>(new Map());
  const [total, setTotal] = useState<number | null>(null);
  const generation = useRef(0);
  const inFlight = useRef(new Set<number>());
  const key = JSON.stringify(q);

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
    void reload();
  }, [reload]);

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
