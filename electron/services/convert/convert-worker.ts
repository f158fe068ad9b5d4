/** Worker-thread entry: converts each batch of files it is sent, one file after another, and answers once per batch. */
import { parentPort } from 'node:worker_threads';
import { convertFileSync } from './convert-file.ts';
import type { FileJob } from './convert-file.ts';

parentPort?.on('message', (message: { id: number; jobs: FileJob[] }) => {
  parentPort?.postMessage({ id: message.id, results: message.jobs.map((job) => convertFileSync(job)) });
});
