/**
 * Talks to the scan worker. At most one scan is in flight; inputs that arrive meanwhile replace each other, so
 * typing never queues stale scans (the newest input is scanned as soon as the worker is free). A scan that runs
 * past the time limit (a catastrophic regex key) gets the worker terminated and replaced.
 */
import type { ScanOutput, ScanReply, ScanRequest } from './protocol.ts';
import type { PreviewMessage, PreviewSetup } from './scenario.ts';
import type { PreviewSources } from './sources.ts';

export interface ScanInput {
  bookName: string;
  /** The book as valid JSON text. */
  bookText: string;
  setup: PreviewSetup;
  chat: PreviewMessage[];
  sources: PreviewSources;
}

export interface ScanEvents {
  /** `latencyMs`: from the input change to the result, queueing included. */
  onResult(output: ScanOutput, latencyMs: number): void;
  onError(kind: 'timeout' | 'failed', message: string): void;
}

export const SCAN_TIME_LIMIT_MS = 2000;

export class ScanClient {
  readonly #events: ScanEvents;
  readonly #create: () => Worker;
  #worker: Worker;
  /** The book version the current worker holds (-1: none, e.g. after a restart). */
  #workerBook = -1;
  #bookVersion = 0;
  #lastBook: string | null = null;
  #inFlight: { id: number; since: number; timer: ReturnType<typeof setTimeout> } | null = null;
  #pending: { input: ScanInput; since: number } | null = null;
  #nextId = 1;

  constructor(create: () => Worker, events: ScanEvents) {
    this.#create = create;
    this.#events = events;
    this.#worker = this.#spawn();
  }

  /** Asks for a scan of this input; supersedes any input not yet sent. */
  request(input: ScanInput): void {
    this.#pending = { input, since: this.#pending?.since ?? performance.now() };
    if (!this.#inFlight) this.#sendPending();
  }

  dispose(): void {
    if (this.#inFlight) clearTimeout(this.#inFlight.timer);
    this.#worker.terminate();
  }

  #spawn(): Worker {
    const worker = this.#create();
    worker.onmessage = (event: MessageEvent<ScanReply>) => this.#onReply(event.data);
    this.#workerBook = -1;
    return worker;
  }

  #sendPending(): void {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = null;
    const { input, since } = pending;
    if (input.bookText !== this.#lastBook) {
      this.#lastBook = input.bookText;
      this.#bookVersion++;
    }
    const id = this.#nextId++;
    const request: ScanRequest = {
      id,
      bookVersion: this.#bookVersion,
      setup: input.setup,
      chat: input.chat,
      sources: input.sources,
    };
    if (this.#workerBook !== this.#bookVersion) {
      request.book = { version: this.#bookVersion, name: input.bookName, text: input.bookText };
      this.#workerBook = this.#bookVersion;
    }
    const timer = setTimeout(() => this.#onTimeout(id), SCAN_TIME_LIMIT_MS);
    this.#inFlight = { id, since, timer };
    this.#worker.postMessage(request);
  }

  #onReply(reply: ScanReply): void {
    const flight = this.#inFlight;
    if (!flight || flight.id !== reply.id) return;
    clearTimeout(flight.timer);
    this.#inFlight = null;
    // Shown even when a newer input waits: it is still newer than what is on screen while the author types.
    if (reply.ok) this.#events.onResult(reply.output, performance.now() - flight.since);
    else this.#events.onError('failed', reply.error);
    this.#sendPending();
  }

  #onTimeout(id: number): void {
    if (this.#inFlight?.id !== id) return;
    this.#inFlight = null;
    this.#worker.terminate();
    this.#worker = this.#spawn();
    this.#events.onError('timeout', String(SCAN_TIME_LIMIT_MS));
    this.#sendPending();
  }
}
