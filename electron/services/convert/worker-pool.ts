/**
 * Runs batches of file jobs on worker threads so CPU work (base64, JSON, CRC, zip) uses every core; one message
 * each way per batch, not per file. The worker's code is convert-worker.ts bundled (workerSource): from sources in
 * memory, in the Electron app the convert-worker.cjs built beside main.cjs. Where workers cannot start, or one dies,
 * its batches run in this thread instead (rerunning a file is harmless: its output is replaced atomically).
 */
import { Worker } from 'node:worker_threads';
import { workerSource } from '../worker-source.ts';
import type { WorkerSource } from '../worker-source.ts';
import { convertFile } from './convert-file.ts';
import type { FileJob } from './convert-file.ts';
import type { FileResult } from './types.ts';

interface Slot {
  worker: Worker;
  busy: number;
}

type Pending = { resolve: (r: FileResult[]) => void; jobs: FileJob[]; slot: Slot };

const inThisThread = (jobs: FileJob[]): Promise<FileResult[]> => Promise.all(jobs.map((job) => convertFile(job)));

/** Every pool not yet closed, so a hard stop can end their threads first. */
const open = new Set<WorkerPool>();

/**
 * How long a pool outlives its batch, for the next one: a new worker costs ≈0.1 s of CPU to load and runs its first
 * ≈2,000 small cards unoptimised, several times slower (≈0.3 s of CPU), which a batch soon after in the same
 * process (the app's next batch, a bench's next round) is spared. Idle, its threads do not keep the process alive.
 */
const KEEP_MS = 60_000;
let kept: { pool: WorkerPool; timer: NodeJS.Timeout } | undefined;

/** A pool of `size` worker threads: the one kept from the last batch when it still has that many, else a new one. */
export function takePool(size: number): WorkerPool {
  const last = kept;
  kept = undefined;
  if (last) {
    clearTimeout(last.timer);
    if (last.pool.has(size)) return last.pool.hold();
    void last.pool.close();
  }
  return new WorkerPool(size);
}

/** Gives back a pool from takePool: kept for the next batch (see KEEP_MS) unless one is kept already, else closed. */
export async function releasePool(pool: WorkerPool): Promise<void> {
  if (kept || !pool.has()) return pool.close();
  pool.letGo();
  const timer = setTimeout(() => void pool.close(), KEEP_MS).unref();
  kept = { pool, timer };
}

/** Ends every worker thread of this process's pools (each after the call it is in returns): for a hard stop. */
export async function stopWorkers(): Promise<void> {
  await Promise.all([...open].map((pool) => pool.close()));
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private broken = false;
  private readonly answered = new Set<Worker>();
  private readonly size: number;

  constructor(size: number) {
    this.size = size;
    open.add(this);
    try {
      const source = workerSource(() => new URL('./convert-worker.ts', import.meta.url), 'convert-worker.cjs', {
        bundle: true,
      });
      for (let i = 0; i < size; i++) this.slots.push(this.start(source));
    } catch {
      this.broken = true;
    }
  }

  private start(source: WorkerSource): Slot {
    const worker = new Worker(source.entry, { eval: source.eval });
    const slot: Slot = { worker, busy: 0 };
    worker.on('message', (m: { id: number; results: FileResult[] }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      this.answered.add(worker);
      slot.busy--;
      p.resolve(m.results);
    });
    // A worker that fails to load (or dies) hands its batches back to this thread.
    worker.on('error', () => this.fail(slot));
    worker.on('exit', () => this.fail(slot));
    return slot;
  }

  private fail(slot: Slot): void {
    this.slots.splice(this.slots.indexOf(slot) >>> 0, 1);
    if (this.slots.length === 0) this.broken = true;
    for (const [id, p] of this.pending) {
      if (p.slot !== slot) continue;
      this.pending.delete(id);
      void inThisThread(p.jobs).then(p.resolve);
    }
  }

  /** How many worker threads have converted a batch (the rest ran in this thread). */
  get threadsUsed(): number {
    return this.answered.size;
  }

  /** Whether all its `size` threads (by default as many as it started) are alive. */
  has(size = this.size): boolean {
    return !this.broken && this.slots.length === size && size === this.size;
  }

  /** Takes the pool up again after letGo: its threads keep the process alive while it works, and it counts anew. */
  hold(): this {
    for (const s of this.slots) s.worker.ref();
    this.answered.clear();
    return this;
  }

  /** Lets the process end while the pool waits for work. */
  letGo(): void {
    for (const s of this.slots) s.worker.unref();
  }

  /** Converts `jobs` on the least busy worker; results in the order of `jobs`. */
  run(jobs: FileJob[]): Promise<FileResult[]> {
    if (this.broken || this.slots.length === 0) return inThisThread(jobs);
    const slot = this.slots.reduce((a, b) => (b.busy < a.busy ? b : a));
    slot.busy++;
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, jobs, slot });
      slot.worker.postMessage({ id, jobs });
    });
  }

  async close(): Promise<void> {
    open.delete(this);
    if (kept?.pool === this) {
      clearTimeout(kept.timer);
      kept = undefined;
    }
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
