/** Worker: runs a scenario's turns off the main thread, so a runaway scan can be terminated. */
import { parentPort, workerData } from 'node:worker_threads';
import { scanTurns, type Scenario } from '../../../shared/lorebook/index.ts';

const port = parentPort;
if (port) {
  // Spreading reads the lazy `explain` getter, so explanations survive the structured clone.
  port.postMessage(scanTurns((workerData as { turns: Scenario[] }).turns).map((r) => ({ ...r })));
}
