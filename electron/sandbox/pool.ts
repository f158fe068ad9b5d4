/**
 * The evaluation sandbox: a small pool of warm worker threads that run every evaluation of untrusted content
 * (tasks.ts) under the limits. A job that runs past its time limit or its heap has its worker terminated and
 * replaced; the host thread only posts messages and keeps answering other calls meanwhile. After a time-out, the
 * same input runs once more in a fresh, instrumented worker to find the regex that never finishes, so the error
 * can name it.
 *
 * The time limit is the worker's own CPU time (a busy machine slows a job without making it fail), with a wall-time
 * backstop of WALL_FACTOR times the limit (see docs/ARCHITECTURE.md, "Evaluation sandbox").
 */
import { Worker } from 'node:worker_threads';
import { ApiError } from '../../shared/errors.ts';
import type { CancelSignal } from '../../shared/api/contract.ts';
import { resolveLimits, type EvalLimits } from '../../shared/sandbox/limits.ts';
import { reviveError, SandboxLimitError, type LimitHit } from './errors.ts';
import type { FromWorker, RegexSeen, ToWorker } from './protocol.ts';
import { WHERE_BEGUN, WHERE_COLUMN, WHERE_CPU_MS, WHERE_LINE, WHERE_REGEX, WHERE_REGEX_RUN } from './protocol.ts';
import { WHERE_SLOTS } from './protocol.ts';
import type { TaskInput, TaskName, TaskOutput } from './tasks.ts';
import { workerSource } from '../services/worker-source.ts';
import type { WorkerSource } from '../services/worker-source.ts';

export interface RunOptions {
  /** Wall-time limit of this job; default: the PPE budget for `ppe`, the scan limit otherwise. */
  timeoutMs?: number;
  signal?: CancelSignal;
  onProgress?: (event: unknown) => void;
  /** Functions the task may call on the host (e.g. a model); time spent in them is not counted. */
  host?: Record<string, (...args: never[]) => unknown>;
  /** After a time-out, re-run the input instrumented to name a runaway regex (only for side-effect-free tasks). */
  diagnose?: boolean;
  /** The error reported for a limit hit; by default a SandboxLimitError with a general message. */
  explain?: (hit: LimitHit) => Error;
  /** Inputs a worker keeps between jobs, by key (the task reads them with `ctx.cached`): sent only when it lacks them. */
  cache?: ReadonlyMap<string, CachedInput>;
}

export interface CachedInput {
  value: unknown;
  /** Its size (JSON characters), to bound what a worker keeps. */
  chars: number;
}

interface Job {
  id: number;
  task: TaskName;
  input: unknown;
  options: RunOptions;
  budget: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  where: Int32Array;
  heapMiB: number;
  ready: boolean;
  /** Bounds the wait for `ready`: a worker that never starts fails the queue instead of stalling it. */
  startTimer?: ReturnType<typeof setTimeout>;
  /** The cached inputs this worker holds (key → size), least recently used first. */
  held: Map<string, number>;
  job?: Running;
}

interface Diagnosis {
  /** What the diagnosis found; `capMs` bounds the wait even on a machine too busy to start the worker. */
  result(capMs: number): Promise<Partial<LimitHit>>;
  stop(): void;
}

interface Running {
  job: Job;
  diagnosis?: Diagnosis;
  diagnosisTimer?: ReturnType<typeof setTimeout>;
  script?: string;
  /** Wall time used before `since` (time spent in host calls is not counted). */
  spent: number;
  since: number;
  calls: number;
  timer?: ReturnType<typeof setTimeout>;
  /** Counts the timers armed, so a check that awaited the worker's CPU time knows whether it is still current. */
  armed: number;
  /** Wall time seen before the task began (loading its code), not counted by the wall-time backstop. */
  loading: number;
  hostErrors: Map<number, unknown>;
  settle(): void;
}

/** How long one regex execution must stay stuck in a diagnosis run to be named (ordinary ones take microseconds). */
const STUCK_MS = 100;
const POLL_MS = 10;
/** When a diagnosis starts, and the most it may add to a time-out on a very busy machine. */
const DIAGNOSE_AFTER_MS = 250;
const DIAGNOSIS_CAP_MS = 30_000;
/** The wall-time backstop, as a multiple of the time limit: stops even work whose CPU time cannot be read. */
export const WALL_FACTOR = 10;
/** How long to wait for the worker's CPU time; past it (a worker deep in garbage collection) check again later. */
const CPU_ANSWER_MS = 100;
const RECHECK_MS = 20;
/** How long a new worker may take to start, or a task to load its code (a tokenizer): past it, it is stopped. */
const START_LIMIT_MS = 60_000;
/** What one worker keeps of cached inputs (JSON characters), beyond the inputs of the job it runs. */
const CACHE_CHARS = 8_000_000;

export class SandboxPool {
  #limits: EvalLimits;
  readonly #size: number;
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  #nextJob = 1;
  #source: WorkerSource | undefined;
  #closed = false;

  constructor(options: { size?: number; limits?: Partial<EvalLimits> } = {}) {
    this.#limits = resolveLimits(options.limits);
    this.#size = Math.max(1, options.size ?? 2);
    for (let i = 0; i < this.#size; i++) this.#slots.push(this.#spawn());
  }

  get limits(): EvalLimits {
    return this.#limits;
  }

  /** New limits apply to the next job; workers with another heap size are replaced once idle. */
  setLimits(limits: Partial<EvalLimits>): EvalLimits {
    this.#limits = resolveLimits({ ...this.#limits, ...limits });
    for (const [i, slot] of this.#slots.entries())
      if (!slot.job && slot.heapMiB !== this.#limits.heapMiB) this.#replace(i);
    return this.#limits;
  }

  run<T extends TaskName>(task: T, input: TaskInput<T>, options: RunOptions = {}): Promise<TaskOutput<T>> {
    if (this.#closed) return Promise.reject(new Error('The evaluation sandbox is closed.'));
    if (options.signal?.aborted) return Promise.reject(cancelled());
    const budget = options.timeoutMs ?? (task === 'ppe' ? this.#limits.ppeMs : this.#limits.scanMs);
    return new Promise((resolve, reject) => {
      this.#queue.push({
        id: this.#nextJob++,
        task,
        input,
        options,
        budget,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.#pump();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(new Error('The evaluation sandbox was closed.'));
    await Promise.all(this.#slots.map((slot) => slot.worker.terminate()));
  }

  #spawn(): Slot {
    this.#source ??= workerSource(() => new URL('./worker.ts', import.meta.url), 'sandbox-worker.cjs');
    const where = new Int32Array(new SharedArrayBuffer(WHERE_SLOTS * Int32Array.BYTES_PER_ELEMENT));
    const heapMiB = this.#limits.heapMiB;
    const worker = new Worker(this.#source.entry, {
      eval: this.#source.eval,
      workerData: { where: where.buffer },
      resourceLimits: { maxOldGenerationSizeMb: heapMiB },
    });
    const slot: Slot = { worker, where, heapMiB, ready: false, held: new Map() };
    slot.startTimer = setTimeout(
      () => this.#onCrash(slot, new Error(`The sandbox worker did not start within ${START_LIMIT_MS} ms.`)),
      START_LIMIT_MS,
    );
    slot.startTimer.unref();
    worker.on('message', (m: FromWorker) => this.#onMessage(slot, m));
    worker.on('error', (e: Error & { code?: string }) => this.#onCrash(slot, e));
    worker.on('exit', () => this.#onCrash(slot, new Error('The sandbox worker stopped unexpectedly.')));
    // After the listeners: adding a message listener refs the worker's port again.
    if (!this.#busy()) worker.unref();
    return slot;
  }

  #replace(index: number): void {
    const old = this.#slots[index]!;
    clearTimeout(old.startTimer);
    old.ready = false;
    old.job = undefined;
    old.worker.removeAllListeners();
    old.worker.on('error', () => {});
    void old.worker.terminate();
    this.#slots[index] = this.#closed ? old : this.#spawn();
  }

  #busy(): boolean {
    return this.#queue.length > 0 || this.#slots.some((slot) => slot.job);
  }

  /** Starts queued jobs on idle ready workers. Workers keep the process alive only while there is work. */
  #pump(): void {
    for (const slot of this.#slots) {
      if (!this.#queue.length) break;
      if (slot.ready && !slot.job) this.#start(slot, this.#queue.shift()!);
    }
    const busy = this.#busy();
    for (const slot of this.#slots) {
      if (busy) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  #start(slot: Slot, job: Job): void {
    slot.where.fill(0);
    const running: Running = {
      job,
      spent: 0,
      since: performance.now(),
      calls: 0,
      armed: 0,
      loading: 0,
      hostErrors: new Map(),
      settle: () => {
        clearTimeout(running.timer);
        clearTimeout(running.diagnosisTimer);
        running.diagnosis?.stop();
        job.options.signal?.removeEventListener('abort', onAbort);
      },
    };
    const onAbort = (): void => this.#stop(slot, cancelled());
    job.options.signal?.addEventListener('abort', onAbort, { once: true });
    slot.job = running;
    const { put, drop } = this.#cacheFor(slot, job);
    slot.worker.postMessage({
      type: 'run',
      job: job.id,
      task: job.task,
      input: job.input,
      limits: this.#limits,
      diagnose: false,
      put,
      drop,
    } satisfies ToWorker);
    this.#arm(slot, running, job.budget);
    // A job still running after a while may be a runaway: start finding out which regex it is, so the answer is
    // usually there by the time-out even though a fresh worker takes a moment to load.
    if (job.options.diagnose)
      running.diagnosisTimer = setTimeout(
        () => (running.diagnosis = this.#diagnose(job)),
        Math.min(DIAGNOSE_AFTER_MS, job.budget / 4),
      );
  }

  /** What the worker must add to its cache for `job`, and what it may forget (least recently used first). */
  #cacheFor(slot: Slot, job: Job): { put: [string, unknown][]; drop: string[] } {
    const put: [string, unknown][] = [];
    for (const [key, { value, chars }] of job.options.cache ?? []) {
      if (!slot.held.delete(key)) put.push([key, value]);
      slot.held.set(key, chars);
    }
    let total = [...slot.held.values()].reduce((a, b) => a + b, 0);
    const drop: string[] = [];
    for (const [key, chars] of slot.held) {
      if (total <= CACHE_CHARS) break;
      if (job.options.cache?.has(key)) continue;
      slot.held.delete(key);
      drop.push(key);
      total -= chars;
    }
    return { put, drop };
  }

  /** Checks the job's time again in `ms` (not while the host answers a call of it: that time is not counted). */
  #arm(slot: Slot, running: Running, ms: number): void {
    clearTimeout(running.timer);
    const armed = ++running.armed;
    running.timer = setTimeout(() => void this.#check(slot, running, armed), Math.max(RECHECK_MS, ms));
  }

  /**
   * The deadline rule: once the task has begun (its code loaded), the job is stopped when the worker has spent the
   * budget of its own CPU time, or WALL_FACTOR times the budget of wall time whatever its CPU time (host calls not
   * counted). Where the worker's CPU time cannot be read, wall time counts. A worker too busy to say (collecting
   * garbage near its heap limit) is asked again shortly: the heap limit or the backstop ends it. Loading the code
   * is not the content's doing; it has START_LIMIT_MS.
   */
  async #check(slot: Slot, running: Running, armed: number): Promise<void> {
    const { budget, id } = running.job;
    const wall = running.spent + performance.now() - running.since;
    if (Atomics.load(slot.where, WHERE_BEGUN) !== id) {
      if (wall >= START_LIMIT_MS) return this.#timeout(slot, running);
      running.loading = wall;
      return this.#arm(slot, running, budget);
    }
    const since = wall - running.loading;
    if (since >= budget * WALL_FACTOR) return this.#timeout(slot, running);
    const cpu = await this.#cpuSpent(slot);
    if (slot.job !== running || running.armed !== armed || running.calls > 0) return;
    if (cpu === null) return this.#arm(slot, running, CPU_ANSWER_MS);
    const used = cpu ?? since;
    if (used >= budget) return this.#timeout(slot, running);
    this.#arm(slot, running, Math.min(budget - used, budget * WALL_FACTOR - since));
  }

  /** CPU ms the worker spent since its task began; undefined where unknown, null when it did not answer in time. */
  async #cpuSpent(slot: Slot): Promise<number | null | undefined> {
    const begun = slot.where[WHERE_CPU_MS]!;
    if (typeof slot.worker.cpuUsage !== 'function' || !begun) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const usage = await Promise.race([
      slot.worker.cpuUsage().catch(() => null),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), CPU_ANSWER_MS))),
    ]);
    clearTimeout(timer);
    return usage && (usage.user + usage.system) / 1000 - begun;
  }

  async #timeout(slot: Slot, running: Running): Promise<void> {
    if (slot.job !== running) return;
    const { job } = running;
    const hit: LimitHit = { kind: 'time', limit: job.budget };
    if (running.script !== undefined) hit.script = running.script;
    if (slot.where[WHERE_LINE]) Object.assign(hit, { line: slot.where[WHERE_LINE], column: slot.where[WHERE_COLUMN] });
    const diagnosis = running.diagnosis;
    running.diagnosis = undefined;
    running.settle();
    this.#replace(this.#slots.indexOf(slot));
    this.#pump();
    if (diagnosis) Object.assign(hit, await diagnosis.result(DIAGNOSIS_CAP_MS));
    job.reject(limitError(job, hit));
  }

  /**
   * Runs the job's input once more in a fresh worker with RegExp instrumented, watching for one regex execution
   * that stays stuck. It starts while the job still runs (a slow job is the only sign), so that by the time-out
   * it has usually found the culprit. Had a regex been to blame, the re-run reaches it within the job's budget of
   * its own running time: past that (and the time to see it stuck), nothing single is to blame.
   */
  #diagnose(job: Job): Diagnosis {
    const where = new Int32Array(new SharedArrayBuffer(WHERE_SLOTS * Int32Array.BYTES_PER_ELEMENT));
    const worker = new Worker(this.#source!.entry, {
      eval: this.#source!.eval,
      workerData: { where: where.buffer },
      resourceLimits: { maxOldGenerationSizeMb: this.#limits.heapMiB },
    });
    Atomics.store(where, WHERE_REGEX, -1);
    const regexes = new Map<number, RegexSeen>();
    let found: Partial<LimitHit> | undefined;
    let began: number | undefined;
    let waiting = false;
    let notify = (): void => {};
    let last = { run: -1, since: 0 };
    const poll = setInterval(() => {
      const index = Atomics.load(where, WHERE_REGEX);
      const run = Atomics.load(where, WHERE_REGEX_RUN);
      const now = performance.now();
      if (index < 0 || run !== last.run) last = { run, since: now };
      else if (now - last.since >= STUCK_MS && regexes.has(index)) {
        const { source, flags } = regexes.get(index)!;
        finish({ regex: { source, flags, ms: now - last.since } });
        return;
      }
      if (began === undefined && Atomics.load(where, WHERE_BEGUN) === job.id) began = now;
      if (waiting && began !== undefined && now - began > job.budget + 3 * STUCK_MS) finish({});
    }, POLL_MS);
    poll.unref();
    const finish = (result: Partial<LimitHit>): void => {
      clearInterval(poll);
      found ??= result;
      worker.removeAllListeners();
      worker.on('error', () => {});
      void worker.terminate();
      notify();
    };
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'ready')
        worker.postMessage({
          type: 'run',
          job: job.id,
          task: job.task,
          input: job.input,
          limits: this.#limits,
          diagnose: true,
          put: [...(job.options.cache ?? [])].map(([key, { value }]) => [key, value]),
          drop: [],
        } satisfies ToWorker);
      else if (m.type === 'regex') regexes.set(m.regex.index, m.regex);
      else if (m.type === 'done' || m.type === 'failed') finish({ diagnosedAll: true });
    });
    worker.on('error', () => finish({}));
    worker.unref();
    return {
      stop: () => finish({}),
      result: (capMs) =>
        new Promise((resolve) => {
          if (found) return resolve(found);
          waiting = true;
          const timer = setTimeout(() => finish({}), capMs);
          notify = () => {
            clearTimeout(timer);
            resolve(found ?? {});
          };
        }),
    };
  }

  /** Ends a running job with `error` (cancelled, crashed), replacing its worker. */
  #stop(slot: Slot, error: Error): void {
    const running = slot.job;
    if (!running) return;
    running.settle();
    this.#replace(this.#slots.indexOf(slot));
    running.job.reject(error);
    this.#pump();
  }

  #onCrash(slot: Slot, e: Error & { code?: string }): void {
    const index = this.#slots.indexOf(slot);
    if (index < 0) return;
    const running = slot.job;
    if (!running) {
      // A worker that dies idle (or never starts) is replaced; one that cannot even load fails the queue.
      if (!slot.ready) for (const job of this.#queue.splice(0)) job.reject(e);
      this.#replace(index);
      this.#pump();
      return;
    }
    const hit: LimitHit = { kind: 'memory', limit: slot.heapMiB };
    this.#stop(slot, e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? limitError(running.job, hit) : e);
  }

  #onMessage(slot: Slot, m: FromWorker): void {
    if (m.type === 'ready') {
      clearTimeout(slot.startTimer);
      slot.ready = true;
      this.#pump();
      return;
    }
    const running = slot.job;
    if (!running || running.job.id !== m.job) return;
    const { job } = running;
    switch (m.type) {
      case 'progress':
        job.options.onProgress?.(m.event);
        return;
      case 'script':
        running.script = m.script;
        return;
      case 'call':
        void this.#hostCall(slot, running, m);
        return;
      case 'regex':
        return;
      case 'done':
      case 'failed': {
        running.settle();
        slot.job = undefined;
        if (m.tainted || slot.heapMiB !== this.#limits.heapMiB) this.#replace(this.#slots.indexOf(slot));
        if (m.type === 'done') job.resolve(m.value);
        else {
          const call = m.error.name === 'HostCallError' ? (m.error.fields['call'] as number) : undefined;
          job.reject(
            call !== undefined && running.hostErrors.has(call)
              ? (running.hostErrors.get(call) as Error)
              : reviveError(m.error),
          );
        }
        this.#pump();
      }
    }
  }

  async #hostCall(slot: Slot, running: Running, m: Extract<FromWorker, { type: 'call' }>): Promise<void> {
    if (running.calls++ === 0) {
      clearTimeout(running.timer);
      running.spent += performance.now() - running.since;
    }
    let reply: ToWorker;
    try {
      const fn = running.job.options.host?.[m.name] as ((...args: unknown[]) => unknown) | undefined;
      if (!fn) throw new Error(`The host offers no "${m.name}" to this evaluation.`);
      reply = { type: 'reply', call: m.call, ok: true, value: await fn(...m.args) };
    } catch (e) {
      running.hostErrors.set(m.call, e);
      reply = { type: 'reply', call: m.call, ok: false, message: e instanceof Error ? e.message : String(e) };
    }
    if (slot.job !== running) return;
    if (--running.calls === 0) {
      running.since = performance.now();
      this.#arm(slot, running, running.job.budget - running.spent);
    }
    slot.worker.postMessage(reply);
  }
}

function cancelled(): ApiError {
  return new ApiError('cancelled', 'The evaluation was cancelled.');
}

function limitError(job: Job, hit: LimitHit): Error {
  if (job.options.explain) return job.options.explain(hit);
  const what =
    hit.kind === 'time' ? `did not finish within ${hit.limit} ms` : `went over its ${hit.limit} MiB memory limit`;
  return new SandboxLimitError(`The evaluation ${what} and was stopped.`, hit);
}
