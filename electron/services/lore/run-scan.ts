/**
 * Runs a scenario's turns, optionally under a time limit (the CLI's --timeout, the app's lore tests). With a limit the scan runs in a worker that is terminated
 * when the limit passes; meanwhile a second worker tests the regex keys one by one, so a timeout can name the key
 * that backtracks catastrophically. Both start at once: the limit covers the whole command, diagnosis included.
 */
import { Worker } from 'node:worker_threads';
import { scanTurns, type Scenario, type ScanResult } from '../../../shared/lorebook/index.ts';
import type { ProbeMessage } from './probe-worker.ts';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface RunawayKey {
  entry: string;
  comment: string;
  key: string;
  /** How long its single test had run when it was stopped (or took). */
  ms: number;
}

export class ScanTimeoutError extends Error {
  readonly runaway: RunawayKey | undefined;

  constructor(limitMs: number, runaway: RunawayKey | undefined, probedAll: boolean) {
    const cause = runaway
      ? `regex key ${runaway.key} of entry ${runaway.entry}${runaway.comment ? ` (${runaway.comment})` : ''} backtracks catastrophically (one test against this chat ran ${Math.round(runaway.ms)} ms); rewrite it without nested quantifiers such as (a+)+`
      : probedAll
        ? 'every regex key is fast on its own, so the book is too large for this limit'
        : 'no single regex key was found to be slow before the limit';
    super(`the scan did not finish within ${limitMs} ms: ${cause}.`);
    this.name = 'ScanTimeoutError';
    this.runaway = runaway;
  }
}

/** The worker files ship as sources beside this module; inside a bundle (the Electron main) they do not exist. */
function workerUrl(name: string): URL | null {
  try {
    const url = new URL(name, import.meta.url);
    return fs.existsSync(fileURLToPath(url)) ? url : null;
  } catch {
    return null;
  }
}

export async function runTurns(turns: Scenario[], timeoutMs?: number): Promise<ScanResult[]> {
  const scanUrl = workerUrl('./scan-worker.ts');
  const probeUrl = workerUrl('./probe-worker.ts');
  if (timeoutMs === undefined || !scanUrl || !probeUrl) return scanTurns(turns);
  return new Promise((resolve, reject) => {
    const scanner = new Worker(scanUrl, { workerData: { turns } });
    const prober = new Worker(probeUrl, { workerData: { turns } });
    // A key counts as runaway once one test of it outlasts this; ordinary keys take microseconds.
    const slowMs = Math.min(50, timeoutMs / 5);
    let current: { key: Omit<RunawayKey, 'ms'>; since: number } | undefined;
    let runaway: RunawayKey | undefined;
    let probedAll = false;
    prober.on('message', (m: ProbeMessage) => {
      const now = performance.now();
      if (current && !runaway && now - current.since > slowMs) runaway = { ...current.key, ms: now - current.since };
      current = 'start' in m ? { key: m.start, since: now } : undefined;
      probedAll = 'done' in m;
    });
    // The probe only diagnoses; if it fails, the timeout message just names no key.
    prober.on('error', () => {});
    const finish = (settle: () => void): void => {
      clearTimeout(timer);
      void scanner.terminate();
      void prober.terminate();
      settle();
    };
    const timer = setTimeout(() => {
      const now = performance.now();
      if (!runaway && current && now - current.since > slowMs) runaway = { ...current.key, ms: now - current.since };
      finish(() => reject(new ScanTimeoutError(timeoutMs, runaway, probedAll)));
    }, timeoutMs);
    scanner.once('message', (results: ScanResult[]) => finish(() => resolve(results)));
    scanner.once('error', (e) => finish(() => reject(e)));
  });
}
