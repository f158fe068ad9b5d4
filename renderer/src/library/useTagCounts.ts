/** The library's tags with their live card counts, for the tag filter; refreshed after every change. */
import { useCallback, useEffect, useState } from 'react';
import type { TagCount } from '../../../shared/library/types.ts';
import { useApi } from '../app/ApiContext.ts';

export function useTagCounts(onError: (e: unknown) => void) {
  const api = useApi();
  const [allTags, setAllTags] = useState<TagCount[]>([]);
  const refreshTags = useCallback(() => {
    api.invoke('cards.tags', {}).then(setAllTags, onError);
  }, [api, onError]);
  useEffect(refreshTags, [refreshTags]);
  return { allTags, refreshTags };
}
