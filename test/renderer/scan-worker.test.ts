// The scan worker run in-process (its `self` scripted): a warm-up changes nothing its later replies say.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScanReply, ScanRequest, WarmUpRequest } from '../../renderer/src/lorebooks/preview/protocol.ts';
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
  it('answers "prepared" and "warmed", and the replies after it are those of a worker without one', async () => {
    const cold = await freshWorker();
    const expected = [cold(request(1, 'hello', true)), cold(request(3, 'hello')), cold(request(4, 'the dragon'))];
    const warm = await freshWorker();
    const got = [warm(request(1, 'hello', true))];
    expect(warm({ id: 2, warmUp: true })).toEqual([
      { id: 2, prepared: true },
      { id: 2, warmed: true },
    ]);
    got.push(warm(request(3, 'hello')), warm(request(4, 'the dragon')));
    expect(got).toEqual(expected);
    // An unchanged result is still left out after the warm-up (its own output is not taken for the last one sent).
    expect(expected[1]).toContainEqual(expect.objectContaining({ ok: true, output: null }));
    expect(expected[2]).toContainEqual(expect.objectContaining({ ok: true, output: expect.anything() }));
  });
});
