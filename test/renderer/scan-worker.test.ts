// The scan worker run in-process (its `self` scripted): a warm-up changes nothing its later replies say.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  ScanOutput,
  ScanReply,
  ScanRequest,
  WarmUpRequest,
} from '../../renderer/src/lorebooks/preview/protocol.ts';
import { DEFAULT_SETUP } from '../../renderer/src/lorebooks/preview/scenario.ts';
import { NO_SOURCES } from '../../renderer/src/lorebooks/preview/sources.ts';
import { entry } from '../shared/lorebook/scenario-builder.ts';

type Scope = { onmessage: ((event: { data: ScanRequest | WarmUpRequest }) => void) | null };

/** A fresh worker module; `send` returns the replies to one message, without the worker's timings. */
async function freshWorker(): Promise<(message: ScanRequest | WarmUpRequest) => unknown[]> {
  vi.resetModules();
  const replies: ScanReply[] = [];
  const scope: Scope & { postMessage(reply: ScanReply): void } = {
    onmessage: null,
    postMessage: (r) => replies.push(r),
  };
  vi.stubGlobal('self', scope);
  await import('../../renderer/src/lorebooks/preview/scan.worker.ts');
  return (message) => {
    replies.length = 0;
    scope.onmessage!({ data: message });
    return replies.map((r) => ('timing' in r ? { ...r, timing: null } : r));
  };
}

const entries = [
  entry(0, { key: ['dragon'], content: 'The dragon guards the keep.' }),
  entry(1, { key: ['keep'], content: 'An old keep by the river.' }),
  entry(2, { key: ['river'], content: 'A cold river.' }),
  entry(3, { key: ['moon'], content: 'Two moons.', selective: true, keysecondary: ['night'] }),
];
const bookText = JSON.stringify({ entries: Object.fromEntries(entries.map((e) => [String(e.uid), e])) });

function request(id: number, text: string, withBook = false): ScanRequest {
  return {
    id,
    bookVersion: 1,
    ...(withBook ? { book: { version: 1, name: 'B', text: bookText } } : {}),
    setup: DEFAULT_SETUP,
    chat: [{ role: 'user', text }],
    sources: NO_SOURCES,
    listUnmatched: false,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('scan worker warm-up', () => {
  it('answers "prepared" and "warmed" per step, and whether a step is left; later replies are as without a warm-up', async () => {
    const cold = await freshWorker();
    const expected = [cold(request(1, 'hello', true)), cold(request(3, 'hello')), cold(request(4, 'the dragon'))];
    const warm = await freshWorker();
    const got = [warm(request(1, 'hello', true))];
    expect(warm({ id: 2, warmUp: true, step: 0 })).toEqual([
      { id: 2, prepared: true },
      { id: 2, warmed: true, more: true },
    ]);
    // The book's four entries fit one later step.
    expect(warm({ id: 5, warmUp: true, step: 1 })).toEqual([
      { id: 5, prepared: true },
      { id: 5, warmed: true, more: false },
    ]);
    got.push(warm(request(3, 'hello')), warm(request(4, 'the dragon')));
    expect(got).toEqual(expected);
    // An unchanged result is still left out after the warm-up (its own output is not taken for the last one sent).
    expect(expected[1]).toContainEqual(expect.objectContaining({ ok: true, output: null }));
    expect(expected[2]).toContainEqual(expect.objectContaining({ ok: true, output: expect.anything() }));
  });
});

describe('scan worker explanations on a large book', () => {
  // More entries than a book whose every entry is explained (DOES_NOT_FIRE_LIMIT); the last one's secondary key fails.
  const herd = [
    ...Array.from({ length: 250 }, (_, i) => entry(i, { key: [`beast${i}`] })),
    entry(250, { key: ['howl'], selective: true, keysecondary: ['moon'] }),
  ];
  const herdText = JSON.stringify({ entries: Object.fromEntries(herd.map((e) => [String(e.uid), e])) });
  const ask = (id: number, text: string, listUnmatched: boolean, withBook = false): ScanRequest => ({
    ...request(id, text),
    ...(withBook ? { book: { version: 1, name: 'B', text: herdText } } : {}),
    listUnmatched,
  });
  const outputOf = (replies: unknown[]) => (replies.at(-1) as { output: ScanOutput | null }).output;

  it('explains only the fired entries while "Why not?" is closed, and every other entry counts as not fired', async () => {
    const send = await freshWorker();
    const output = outputOf(send(ask(1, 'beast3 howl', false, true)))!;
    expect(output.results[0]!.explain.entries.map((e) => [e.key, e.fired])).toEqual([['B.3', true]]);
    expect(output.unmatchedCount).toEqual([250]);
    // Why the howl entry did not fire is sent once asked for.
    expect(outputOf(send(ask(2, 'beast3 howl', true)))!.results[0]!.explain.entries).toHaveLength(2);
  });

  it('explains the entries that did not fire once "Why not?" is open, listing those no key matched', async () => {
    const send = await freshWorker();
    const output = outputOf(send(ask(1, 'beast3 howl', true, true)))!;
    const explained = output.results[0]!.explain.entries;
    expect(explained.map((e) => [e.key, e.fired, e.reason.code])).toEqual([
      ['B.3', true, 'key-match'],
      ['B.250', false, 'secondary-failed'],
    ]);
    expect(output.unmatched[0]).toHaveLength(249);
    expect(output.unmatchedCount).toEqual([249]);
  });
});
