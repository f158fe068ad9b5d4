// The preview's client of its scan worker, against scripted workers: the warm-up steps it sends once the first result
// is shown (and drops unseen if one runs away), and the resend when a worker lacks a patch's base.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScanOutput, ScanReply } from '../../renderer/src/lorebooks/preview/protocol.ts';
import { ScanClient, type ScanInput } from '../../renderer/src/lorebooks/preview/scan-client.ts';
import { DEFAULT_SETUP } from '../../renderer/src/lorebooks/preview/scenario.ts';
import { NO_SOURCES } from '../../renderer/src/lorebooks/preview/sources.ts';

class ScriptedWorker {
  sent: Record<string, unknown>[] = [];
  terminated = false;
  onmessage: ((event: { data: ScanReply }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  postMessage(message: Record<string, unknown>): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(reply: ScanReply): void {
    this.onmessage!({ data: reply });
  }
  /** The last request's result: "prepared", then an output. */
  answer(output: ScanOutput | null = OUTPUT): void {
    const id = this.sent.at(-1)!['id'] as number;
    this.reply({ id, prepared: true });
    this.reply({ id, ok: true, output, timing: { book: 0, prepare: 0, scan: 0, rest: 0 } });
  }
}

const OUTPUT: ScanOutput = { results: [], unmatched: [], unmatchedCount: [], turns: [], highlights: [], used: [] };

function input(text: string, bookText = 'T1', bookEdit: ScanInput['bookEdit'] = null): ScanInput {
  const chat = [{ role: 'user' as const, text }];
  return { bookName: 'B', bookText, bookEdit, setup: DEFAULT_SETUP, chat, sources: NO_SOURCES, listUnmatched: false };
}

function setUp() {
  const workers: ScriptedWorker[] = [];
  const events = { onResult: vi.fn(), onError: vi.fn(), onTimeout: vi.fn() };
  const client = new ScanClient(
    {
      scan: () => {
        workers.push(new ScriptedWorker());
        return workers.at(-1) as unknown as Worker;
      },
      diagnose: () => new ScriptedWorker() as unknown as Worker,
    },
    events,
  );
  return { client, events, workers, worker: workers[0]! };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ScanClient', () => {
  it('warms up in steps once the first result is shown, a new input waiting only for the step under way', () => {
    const { client, events, worker } = setUp();
    client.request(input('a'));
    expect(worker.sent[0]).toMatchObject({ id: 1, book: { text: 'T1' }, chat: [{ text: 'a' }] });
    worker.answer();
    expect(events.onResult).toHaveBeenCalledTimes(1);
    expect(worker.sent[1]).toEqual({ id: 2, warmUp: true, step: 0 });
    client.request(input('ab'));
    expect(worker.sent).toHaveLength(2);
    worker.reply({ id: 2, prepared: true });
    worker.reply({ id: 2, warmed: true, more: true });
    expect(worker.sent[2]).toMatchObject({ id: 3, chat: [{ text: 'ab' }] });
    expect(worker.sent[2]).not.toHaveProperty('book');
    worker.answer(null);
    expect(events.onResult).toHaveBeenCalledTimes(2);
    expect(worker.sent[3]).toEqual({ id: 4, warmUp: true, step: 1 });
    worker.reply({ id: 4, prepared: true });
    worker.reply({ id: 4, warmed: true, more: false });
    client.request(input('abc'));
    worker.answer();
    expect(worker.sent).toHaveLength(5);
    expect(events.onError).not.toHaveBeenCalled();
  });

  it('sends no warm-up while an input waits, but after its result', () => {
    const { client, worker } = setUp();
    client.request(input('a'));
    client.request(input('ab'));
    worker.answer();
    expect(worker.sent[1]).toMatchObject({ id: 2, chat: [{ text: 'ab' }] });
    worker.answer();
    expect(worker.sent[2]).toEqual({ id: 3, warmUp: true, step: 0 });
  });

  it('drops a warm-up that runs past the limit unseen, and scans the waiting input in a new worker', () => {
    vi.useFakeTimers();
    const { client, events, workers, worker } = setUp();
    client.setLimit(100);
    client.request(input('a'));
    worker.answer();
    worker.reply({ id: 2, prepared: true });
    client.request(input('ab'));
    vi.advanceTimersByTime(100);
    expect(worker.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect(workers[1]!.sent[0]).toMatchObject({ book: { text: 'T1' }, chat: [{ text: 'ab' }] });
    // Not resumed: its later steps could set the same key off.
    workers[1]!.answer();
    expect(workers[1]!.sent).toHaveLength(1);
    expect(events.onTimeout).not.toHaveBeenCalled();
    expect(events.onError).not.toHaveBeenCalled();
  });

  it('sends the input again with the whole text when the worker lacks the patch base', () => {
    const { client, events, worker } = setUp();
    client.request(input('a'));
    worker.answer();
    worker.reply({ id: 2, prepared: true });
    worker.reply({ id: 2, warmed: true, more: false });
    client.request(input('a', 'T2', { from: 'T1', entries: { '1': '{}' } }));
    expect(worker.sent[2]).toMatchObject({ id: 3, book: { base: 1, entries: { '1': '{}' } } });
    worker.reply({ id: 3, resend: true });
    expect(worker.sent[3]).toMatchObject({ id: 4, book: { version: 2, text: 'T2' }, chat: [{ text: 'a' }] });
    expect(events.onError).not.toHaveBeenCalled();
  });
});
