/**
 * Runs file jobs on worker threads so CPU work (base64, JSON, CRC, zip) uses every core. Where workers cannot
 * start — e.g. inside a bundle that does not ship convert-worker.ts — jobs run in this thread instead.
 */
import { Worker } from 'node:worker_threads';
import { convertFile } from './convert-file.ts';
import type { FileJob } from './convert-file.ts';
import type { FileResult } from './types.ts';

interface Slot {
  worker: Worker;
  busy: number;
}

type Pending = { resolve: (r: FileResult) => void; job: FileJob; slot: Slot };

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private broken = false;

  constructor(size: number) {
    try {
      const url = new URL('./convert-worker.ts', import.meta.url);
      for (let i = 0; i < size; i++) this.slots.push(this.start(url));
    } catch {
      this.broken = true;
    }
  }

  private start(url: URL): Slot {
    const worker = new Worker(url);
    const slot: Slot = { worker, busy: 0 };
    worker.on('message', (m: { id: number; result: FileResult }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      slot.busy--;
      p.resolve(m.result);
    });
    // A worker that fails to load (or dies) hands its jobs back to this thread.
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
      void convertFile(p.job).then(p.resolve);
    }
  }

  run(job: FileJob): Promise<FileResult> {
    if (this.broken || this.slots.length === 0) return convertFile(job);
    const slot = this.slots.reduce((a, b) => (b.busy < a.busy ? b : a));
    slot.busy++;
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, job, slot });
      slot.worker.postMessage({ id, job });
    });
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
