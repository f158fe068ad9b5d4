/** The standalone books the list shows: searched (debounced), live or in the trash, refreshed after each change. */
import { useCallback, useEffect, useState } from 'react';
import type { LorebookSummary } from '../../../shared/api/methods/lorebooks.ts';
import { useApi } from '../app/ApiContext.ts';

export function useBookList(onError: (e: unknown) => void) {
  const api = useApi();
  const [query, setQuery] = useState('');
  const [trash, setTrash] = useState(false);
  const [found, setFound] = useState<{ items: LorebookSummary[]; total: number }>({ items: [], total: 0 });

  const refresh = useCallback(() => {
    api.invoke('lorebooks.list', { query, trash, limit: 1000 }).then(setFound, onError);
  }, [api, query, trash, onError]);
  useEffect(() => {
    const timer = setTimeout(refresh, 120);
    return () => clearTimeout(timer);
  }, [refresh]);

  return { query, setQuery, trash, setTrash, books: found.items, total: found.total, refresh };
}
