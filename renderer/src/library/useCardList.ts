/** Loads a page of cards for the current search, tags, sort and trash view; reloads when any of them change. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CardSummary } from '../../../shared/api/library-types.ts';
import type { SortKey } from '../../../shared/api/contract.ts';
import { useApi } from '../app/ApiContext.ts';

export interface ListQuery {
  query: string;
  tags: string[];
  sort: SortKey;
  trash: boolean;
}

const PAGE = 200;

export function useCardList(q: ListQuery, onError: (e: unknown) => void) {
  const api = useApi();
  const [items, setItems] = useState<CardSummary[]>([]);
  const [total, setTotal] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [limit, setLimit] = useState(PAGE);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const r = await api.invoke('library.list', { query: q.query, tags: q.tags, sort: q.sort, trash: q.trash, limit });
      if (mine !== generation.current) return; // a newer query answered first
      setItems(r.items);
      setTotal(r.total);
      setLoaded(true);
    } catch (e) {
      onError(e);
    }
  }, [api, q.query, q.tags, q.sort, q.trash, limit, onError]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { items, total, loaded, reload, more: () => setLimit((l) => l + PAGE) };
}
