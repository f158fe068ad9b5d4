/**
 * Talks to the scan worker. At most one scan is in flight; inputs that arrive meanwhile replace each other, so
 * typing never queues stale scans (the newest input is scanned as soon as the worker is free). A scan that runs
 * past the time limit (the scan limit from Settings) gets the worker terminated and replaced; the same input then
 * runs once more in a diagnosis worker that announces each regex run, and the one that never ends is named.
 */
import { DEFAULT_LIMITS } from '../../../../shared/sandbox/limits.ts';
import type { DiagnoseReply, DiagnoseRequest, RegexKeySeen, ScanOutput, ScanReply, ScanRequest } from './protocol.ts';
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

/** A scan stopped at the time limit; `culprit` once the diagnosis has found the key. */
export interface ScanStop {
  limitMs: number;
  culprit: RegexKeySeen | null;
}

export interface ScanEvents {
  /** `latencyMs`: from the input change to the result, queueing included. */
  onResult(output: ScanOutput, latencyMs: number): void;
  onError(message: string): void;
  onTimeout(stop: ScanStop): void;
}

export interface ScanWorkers {
  scan(): Worker;
  diagnose(): Worker;
}

/** How long one regex run must last in the diagnosis to be named (ordinary ones take microseconds). */
const STUCK_MS = 100;
const POLL_MS = 20;
/** What a diagnosis may take beyond the limit (a fresh worker loads first) before it gives up on naming a key. */
const DIAGNOSIS_SLACK_MS = 5000;

export class ScanClient {
  readonly #events: ScanEvents;
  readonly #create: ScanWorkers;
  #limitMs: number = DEFAULT_LIMITS.scanMs;
  #worker: Worker;
  #diagnosis: { worker: Worker; poll: ReturnType<typeof setInterval> } | null = null;
  /** The book version the current worker holds (-1: none, e.g. after a restart). */
  #workerBook = -1;
  #bookVersion = 0;
  #lastBook: string | null = null;
  #inFlight: { id: number; since: number; input: ScanInput; timer: ReturnType<typeof setTimeout> } | null = null;
  #pending: { input: ScanInput; since: number } | null = null;
  #nextId = 1;

  constructor(create: ScanWorkers, events: ScanEvents) {
    this.#create = create;
    this.#events = events;
    this.#worker = this.#spawn();
  }

  /** Asks for a scan of this input; supersedes any input not yet sent. */
  request(input: ScanInput): void {
    this.#pending = { input, since: this.#pending?.since ?? performance.now() };
    if (!this.#inFlight) this.#sendPending();
  }

  /** The time limit of later scans (the Settings scan limit). */
  setLimit(ms: number): void {
    this.#limitMs = ms;
  }

  dispose(): void {
    if (this.#inFlight) clearTimeout(this.#inFlight.timer);
    this.#stopDiagnosis();
    this.#worker.terminate();
  }

  #spawn(): Worker {
    const worker = this.#create.scan();
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
    const timer = setTimeout(() => this.#onTimeout(id), this.#limitMs);
    this.#inFlight = { id, since, input, timer };
    this.#worker.postMessage(request);
  }

  #onReply(reply: ScanReply): void {
    const flight = this.#inFlight;
    if (!flight || flight.id !== reply.id) return;
    clearTimeout(flight.timer);
    this.#inFlight = null;
    // A scan that finishes ends any diagnosis: what it would name is no longer on screen.
    this.#stopDiagnosis();
    // Shown even when a newer input waits: it is still newer than what is on screen while the author types.
    if (reply.ok) this.#events.onResult(reply.output, performance.now() - flight.since);
    else this.#events.onError(reply.error);
    this.#sendPending();
  }

  #onTimeout(id: number): void {
    const flight = this.#inFlight;
    if (flight?.id !== id) return;
    this.#inFlight = null;
    this.#worker.terminate();
    this.#worker = this.#spawn();
    const limitMs = this.#limitMs;
    this.#events.onTimeout({ limitMs, culprit: null });
    this.#diagnose(flight.input, limitMs);
    this.#sendPending();
  }

  /** Re-runs `input` announcing each regex run; one that stays running STUCK_MS is the culprit. */
  #diagnose(input: ScanInput, limitMs: number): void {
    this.#stopDiagnosis();
    const worker = this.#create.diagnose();
    const keys = new Map<number, RegexKeySeen | null>();
    let running: { index: number; since: number } | null = null;
    const started = performance.now();
    const finish = (culprit: RegexKeySeen | null): void => {
      this.#stopDiagnosis();
      this.#events.onTimeout({ limitMs, culprit });
    };
    worker.onmessage = (event: MessageEvent<DiagnoseReply>) => {
      const m = event.data;
      if (m.type === 'regex') keys.set(m.index, m.ref);
      else if (m.type === 'start') running = { index: m.index, since: performance.now() };
      else if (m.type === 'end') running = null;
      else finish(null);
    };
    const poll = setInterval(() => {
      const now = performance.now();
      if (running && now - running.since >= STUCK_MS) finish(keys.get(running.index) ?? null);
      else if (now - started > limitMs + DIAGNOSIS_SLACK_MS) finish(null);
    }, POLL_MS);
    this.#diagnosis = { worker, poll };
    const { bookName, bookText, setup, chat, sources } = input;
    worker.postMessage({ bookName, bookText, setup, chat, sources } satisfies DiagnoseRequest);
  }

  #stopDiagnosis(): void {
    if (!this.#diagnosis) return;
    clearInterval(this.#diagnosis.poll);
    this.#diagnosis.worker.terminate();
    this.#diagnosis = null;
  }
}
