/** A searched list of library items (books or scripts), live or in the trash, fetched again after each change. */
import { useCallback, useEffect, useState } from 'react';
import type { MethodInput, MethodOutput } from '../../../shared/api/contract.ts';
import { useApi } from './ApiContext.ts';

type ListMethod = 'lorebooks.list' | 'scripts.list';

export function useLibraryList<M extends ListMethod>(method: M, onError: (e: unknown) => void) {
  const api = useApi();
  const [query, setQuery] = useState('');
  const [trash, setTrash] = useState(false);
  const [found, setFound] = useState<MethodOutput<M> | null>(null);

  const refresh = useCallback(() => {
    api.invoke(method, { query, trash, limit: 1000 } as MethodInput<M>).then(setFound, onError);
  }, [api, method, query, trash, onError]);
  // One request once the author pauses typing.
  useEffect(() => {
    const timer = setTimeout(refresh, 120);
    return () => clearTimeout(timer);
  }, [refresh]);

  const items: MethodOutput<M>['items'] = found?.items ?? [];
  return { query, setQuery, trash, setTrash, items, total: found?.total ?? 0, refresh };
}
