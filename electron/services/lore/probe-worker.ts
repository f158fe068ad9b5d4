/** Worker: tests regex keys one at a time, announcing each before it runs, so the parent can tell which one hangs. */
import { parentPort, workerData } from 'node:worker_threads';
import type { Scenario } from '../../../shared/lorebook/index.ts';
import { regexProbes } from './key-probe.ts';

export type ProbeMessage = { start: { entry: string; comment: string; key: string } } | { done: true };

const port = parentPort;
if (port) {
  for (const { entry, comment, key, re, text } of regexProbes((workerData as { turns: Scenario[] }).turns)) {
    port.postMessage({ start: { entry, comment, key } } satisfies ProbeMessage);
    re.lastIndex = 0;
    re.test(text);
  }
  port.postMessage({ done: true } satisfies ProbeMessage);
}
