import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../shared/api/contract.ts';
import { START_QUERY } from '../../shared/api/start-view.ts';
import { prefetchStartPage, takeArrived, takeEarly } from '../../renderer/src/library/start-page.ts';

const START = JSON.stringify(START_QUERY);
const page = { items: [], total: 7 };

/** A client whose one reply the test settles; it records what was asked. */
function client(): { api: ApiClient; calls: unknown[][]; settle(ok: boolean): Promise<void> } {
  const calls: unknown[][] = [];
  let resolve!: (v: unknown) => void;
  let reject!: (e: unknown) => void;
  const reply = new Promise((res, rej) => ((resolve = res), (reject = rej)));
  const api = { invoke: (...args: unknown[]) => (calls.push(args), reply) } as unknown as ApiClient;
  return {
    api,
    calls,
    settle: async (ok) => {
      if (ok) resolve(page);
      else reject(new Error('no'));
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

describe('the start page asked for as the app starts', () => {
  it("asks for the start query's first page once, and hands it over only once it has arrived", async () => {
    const c = client();
    const reply = prefetchStartPage(c.api);
    expect(c.calls).toEqual([['cards.list', { ...START_QUERY, limit: 200, offset: 0 }]]);
    expect(takeArrived(START)).toBeNull();
    await c.settle(true);
    expect(takeArrived(JSON.stringify({ ...START_QUERY, sort: 'created' }))).toBeNull();
    expect(takeArrived(START)).toBe(page);
    expect(takeArrived(START)).toBeNull();
    expect(takeEarly(START, 0)).toBeNull();
    await expect(reply).resolves.toBe(page);
  });

  it('hands the pending reply to the first fetch of page 0 of the start query only', async () => {
    const c = client();
    prefetchStartPage(c.api);
    expect(takeEarly(START, 1)).toBeNull();
    const reply = takeEarly(START, 0);
    expect(reply).not.toBeNull();
    expect(takeEarly(START, 0)).toBeNull();
    await c.settle(true);
    await expect(reply).resolves.toBe(page);
    expect(takeArrived(START)).toBeNull();
  });

  it('keeps a failed reply for the list to report, never as an arrived page', async () => {
    const c = client();
    prefetchStartPage(c.api);
    await c.settle(false);
    expect(takeArrived(START)).toBeNull();
    await expect(takeEarly(START, 0)).rejects.toThrow('no');
  });
});
