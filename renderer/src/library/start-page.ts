/**
 * The library's start view and its first page, asked for as the app starts: this module and its imports are all the
 * app entry (main.tsx) runs before it sends that request, so it imports neither React nor any page.
 */
import type { CardSummary } from '../../../shared/library/types.ts';
import type { ApiClient } from '../../../shared/api/contract.ts';
import { fetchInput, START_QUERY } from '../../../shared/api/start-view.ts';

export type PageReply = Promise<{ items: CardSummary[]; total: number }>;

type Page = Awaited<PageReply>;

/**
 * The start view's first page, asked for before React first rendered (`prefetchStartPage`), taken once: the reply,
 * and the page itself once it has arrived.
 */
let early: { key: string; reply: PageReply; arrived?: Page } | null = null;

/**
 * Asks for the library's first page as the app starts (main.tsx), so the request travels and the query runs while
 * the app's code loads: the list's own first fetch would go out only after its first render. Returns the reply,
 * which the entry waits for before it mounts the app.
 */
export function prefetchStartPage(api: ApiClient): PageReply {
  const reply = api.invoke('cards.list', fetchInput(START_QUERY, 0));
  const entry: NonNullable<typeof early> = { key: JSON.stringify(START_QUERY), reply };
  // Kept once it arrives, so a list first rendered after that shows it at once: one render and one layout, not an
  // empty list painted first. Until the list takes it, a failure must not count as unhandled; the list reports it.
  reply.then((page) => (entry.arrived = page)).catch(() => undefined);
  early = entry;
  return reply;
}

/** The early first page of `key`, if it has arrived; taken once. */
export function takeArrived(key: string): Page | null {
  if (early?.key !== key || !early.arrived) return null;
  const { arrived } = early;
  early = null;
  return arrived;
}

/** The early reply for page `page` of `key`, arrived or not; taken once. */
export function takeEarly(key: string, page: number): PageReply | null {
  if (page !== 0 || early?.key !== key) return null;
  const { reply } = early;
  early = null;
  return reply;
}
