/**
 * Talks to the scan worker. At most one scan is in flight; inputs that arrive meanwhile replace each other, so
 * typing never queues stale scans (the newest input is scanned as soon as the worker is free). A scan that runs
 * past the time limit (the scan limit from Settings) gets the worker terminated and replaced; the same input then
 * runs once more in a diagnosis worker that announces each regex run, and the one that never ends is named.
 * The limit counts from the worker's "prepared": reading a large book and compiling its keys runs no user regex,
 * and on a slow machine it alone could outlast the limit.
 */
import { DEFAULT_LIMITS } from '../../../../shared/sandbox/limits.ts';
import type {
  DiagnoseReply,
  DiagnoseRequest,
  RegexKeySeen,
  ScanOutput,
  ScanReply,
  ScanRequest,
  WarmUpRequest,
  WorkerTiming,
} from './protocol.ts';
import type { PreviewMessage, PreviewSetup } from './scenario.ts';
import type { PreviewSources } from './sources.ts';
import { BookSync } from './book-sync.ts';
import type { BookEdit } from './book-edit.ts';

export interface ScanInput {
  bookName: string;
  /** The book as valid JSON text. */
  bookText: string;
  /** Set when only entries changed since `bookEdit.from`: the worker then gets just those. */
  bookEdit?: BookEdit | null;
  setup: PreviewSetup;
  chat: PreviewMessage[];
  sources: PreviewSources;
  /** Every "no key matched" entry is wanted (the "Why not?" list is open). */
  listUnmatched: boolean;
}

/** A scan stopped at the time limit; `culprit` once the diagnosis has found the key. */
export interface ScanStop {
  limitMs: number;
  culprit: RegexKeySeen | null;
}

export interface ScanEvents {
  /**
   * `output` is the very object of the previous result when nothing in it changed. `latencyMs`: from the input
   * change to the result, queueing included; `timing`: the worker's own.
   */
  onResult(output: ScanOutput, latencyMs: number, timing: WorkerTiming): void;
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
  /** The book of the latest input, and what the current worker holds of it. */
  readonly #book = new BookSync();
  /** The last output the current worker sent: its replies name no output when it is unchanged. */
  #workerOutput: ScanOutput | null = null;
  /** `timer` is set once the worker has prepared the book; `input` is null for a warm-up. */
  #inFlight: {
    id: number;
    since: number;
    input: ScanInput | null;
    bookVersion: number;
    timer: ReturnType<typeof setTimeout> | null;
  } | null = null;
  #pending: { input: ScanInput; since: number } | null = null;
  #nextId = 1;
  /**
   * The next warm-up step (protocol.ts WarmUpRequest), sent once the first result is shown and then whenever no input
   * waits; null once the worker says it is done, or a step failed or ran past the limit. One warm-up per client.
   */
  #warmUpStep: number | null = 0;

  constructor(create: ScanWorkers, events: ScanEvents) {
    this.#create = create;
    this.#events = events;
    this.#worker = this.#spawn();
  }

  /** Asks for a scan of this input; supersedes any input not yet sent. */
  request(input: ScanInput): void {
    // Recorded now: edits made while a scan runs chain into one patch from the book the worker holds.
    this.#book.update(input.bookName, input.bookText, input.bookEdit ?? null);
    this.#pending = { input, since: this.#pending?.since ?? performance.now() };
    if (!this.#inFlight) this.#sendPending();
  }

  /** The time limit of later scans (the Settings scan limit). */
  setLimit(ms: number): void {
    this.#limitMs = ms;
  }

  dispose(): void {
    if (this.#inFlight?.timer) clearTimeout(this.#inFlight.timer);
    this.#stopDiagnosis();
    this.#worker.terminate();
  }

  #spawn(): Worker {
    const worker = this.#create.scan();
    worker.onmessage = (event: MessageEvent<ScanReply>) => this.#onReply(event.data);
    // A worker that fails outside a request's own error handling: replaced, and the scan reported as failed.
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker !== this.#worker) return;
      worker.terminate();
      this.#worker = this.#spawn();
      const flight = this.#inFlight;
      if (flight) this.#onReply({ id: flight.id, ok: false, error: event.message || 'the preview worker failed' });
    };
    this.#book.reset();
    this.#workerOutput = null;
    return worker;
  }

  #sendPending(): void {
    const pending = this.#pending;
    if (!pending) return;
    this.#pending = null;
    const { input, since } = pending;
    const id = this.#nextId++;
    // The pending input is the latest, so its book is the sync's current one.
    const bookVersion = this.#book.version;
    const request: ScanRequest = {
      id,
      bookVersion,
      setup: input.setup,
      chat: input.chat,
      sources: input.sources,
      listUnmatched: input.listUnmatched,
    };
    const book = this.#book.next();
    if (book) request.book = book;
    this.#inFlight = { id, since, input, bookVersion, timer: null };
    this.#worker.postMessage(request);
  }

  #sendWarmUp(step: number): void {
    const id = this.#nextId++;
    this.#inFlight = { id, since: performance.now(), input: null, bookVersion: this.#book.version, timer: null };
    this.#worker.postMessage({ id, warmUp: true, step } satisfies WarmUpRequest);
  }

  #onReply(reply: ScanReply): void {
    const flight = this.#inFlight;
    if (!flight || flight.id !== reply.id) return;
    if ('prepared' in reply) {
      flight.timer = setTimeout(() => this.#onTimeout(flight.id), this.#limitMs);
      return;
    }
    if (flight.timer) clearTimeout(flight.timer);
    this.#inFlight = null;
    // A warm-up step's end, or its failure: nothing to show. The next step waits for any input.
    if (flight.input === null || 'warmed' in reply) {
      const step = this.#warmUpStep;
      this.#warmUpStep = 'warmed' in reply && reply.more && step !== null ? step + 1 : null;
      if (this.#pending) this.#sendPending();
      else if (this.#warmUpStep !== null) this.#sendWarmUp(this.#warmUpStep);
      return;
    }
    // The worker lacked the patch's base: the same input goes again (unless a newer one waits), with the whole text.
    if ('resend' in reply) {
      this.#book.rejected(flight.bookVersion);
      this.#pending ??= { input: flight.input, since: flight.since };
      this.#sendPending();
      return;
    }
    // The worker may not hold the book it was sent (it failed to read it): send it whole next time.
    if (!reply.ok) this.#book.rejected(flight.bookVersion);
    // A scan that finishes ends any diagnosis: what it would name is no longer on screen.
    this.#stopDiagnosis();
    // Shown even when a newer input waits: it is still newer than what is on screen while the author types.
    if (reply.ok) {
      const output = (this.#workerOutput = reply.output ?? this.#workerOutput);
      if (output) this.#events.onResult(output, performance.now() - flight.since, reply.timing);
      else this.#events.onError('the preview worker answered without a result');
    } else this.#events.onError(reply.error);
    if (this.#pending) this.#sendPending();
    else if (this.#warmUpStep !== null && reply.ok) this.#sendWarmUp(this.#warmUpStep);
  }

  #onTimeout(id: number): void {
    const flight = this.#inFlight;
    if (flight?.id !== id) return;
    this.#inFlight = null;
    this.#worker.terminate();
    this.#worker = this.#spawn();
    // A warm-up that ran away (a regex key its chat set off) is dropped unseen, and not resumed (its later steps may
    // set the key off again); the author's scans name that key.
    if (flight.input === null) this.#warmUpStep = null;
    else {
      const limitMs = this.#limitMs;
      this.#events.onTimeout({ limitMs, culprit: null });
      this.#diagnose(flight.input, limitMs);
    }
    this.#sendPending();
  }

  /** Re-runs `input` announcing each regex run; one that stays running STUCK_MS is the culprit. */
  #diagnose(input: ScanInput, limitMs: number): void {
    this.#stopDiagnosis();
    const worker = this.#create.diagnose();
    const keys = new Map<number, RegexKeySeen | null>();
    let running: { index: number; since: number } | null = null;
    // Counted from "prepared", as the scan's own limit is; no key is named before the book is compiled.
    let started = Infinity;
    const finish = (culprit: RegexKeySeen | null): void => {
      this.#stopDiagnosis();
      this.#events.onTimeout({ limitMs, culprit });
    };
    worker.onmessage = (event: MessageEvent<DiagnoseReply>) => {
      const m = event.data;
      if (m.type === 'prepared') started = performance.now();
      else if (m.type === 'regex') keys.set(m.index, m.ref);
      else if (m.type === 'start') running = { index: m.index, since: performance.now() };
      else if (m.type === 'end') running = null;
      else finish(null);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish(null);
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
