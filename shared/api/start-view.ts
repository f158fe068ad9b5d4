/**
 * The library's list queries and the view it starts with: the renderer asks for the start view's first page as the
 * app starts, and the host runs the same request once when it starts (electron/host/warm-start.ts).
 */
import type { SortKey } from './contract.ts';

export interface ListQuery {
  query: string;
  tags: string[];
  sort: SortKey;
  trash: boolean;
}

export const PAGE_SIZE = 200;

/** What the library shows when the app starts: every live card by name. */
export const START_QUERY: ListQuery = { query: '', tags: [], sort: 'name', trash: false };

/** `cards.list`'s input for page `page` (of PAGE_SIZE cards) of `q`. */
export function fetchInput(q: ListQuery, page: number) {
  return { ...q, limit: PAGE_SIZE, offset: page * PAGE_SIZE };
}
