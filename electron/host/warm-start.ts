/**
 * The host asks once, as it starts, for what the app's first paint asks for: the library's start page and its tag
 * counts. A process's first `cards.list` pays for SQLite's cold page cache, preparing the statements, compiling the
 * input schema and the JIT (130–390 ms at 100,000 cards, against a few ms warm), which a real launch's first paint
 * would otherwise wait for; the renderer's own request then finds them warm. Both transports call it.
 */
import { fetchInput, START_QUERY } from '../../shared/api/start-view.ts';
import type { ApiHost } from './api.ts';

/** Runs the start requests through `api`; resolves to the errors of those that failed (none, normally). */
export async function warmStartView(api: ApiHost): Promise<string[]> {
  const replies = await Promise.all([api.call('cards.list', fetchInput(START_QUERY, 0)), api.call('cards.tags', {})]);
  return replies.flatMap((r) => (r.ok ? [] : [r.error.message]));
}
