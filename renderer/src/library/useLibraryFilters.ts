/** What the library shows: search text (debounced), tag filter, sort, trash or not, and list or grid view. */
import { useState } from 'react';
import type { SortKey } from '../../../shared/api/contract.ts';
import { useStoredState } from '../app/useStoredState.ts';
import { useDebounced } from './useDebounced.ts';
import { START_QUERY, type ListQuery } from '../../../shared/api/start-view.ts';

export type View = 'list' | 'grid';
const isView = (v: unknown): v is View => v === 'list' || v === 'grid';

export function useLibraryFilters() {
  const [query, setQuery] = useState(START_QUERY.query);
  const debounced = useDebounced(query, 120);
  const [tags, setTags] = useState<string[]>(START_QUERY.tags);
  const [sort, setSort] = useState<SortKey>(START_QUERY.sort);
  const [trash, setTrash] = useState(START_QUERY.trash);
  const [view, setView] = useStoredState<View>('lorewright.view', 'list', isView);
  const hasTag = (name: string): boolean => tags.some((c) => c.toLowerCase() === name.toLowerCase());
  const toggleTag = (name: string): void =>
    setTags((cur) => (hasTag(name) ? cur.filter((c) => c.toLowerCase() !== name.toLowerCase()) : [...cur, name]));
  const listQuery: ListQuery = { query: debounced, tags, sort, trash };
  return {
    query,
    setQuery,
    tags,
    setTags,
    hasTag,
    toggleTag,
    sort,
    setSort,
    trash,
    setTrash,
    view,
    setView,
    listQuery,
    /** A search or tag filter is on (the empty message says "no match" rather than "no cards"). */
    filtered: debounced.trim() !== '' || tags.length > 0,
  };
}
