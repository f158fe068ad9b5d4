/** Worker-thread entry: converts the files it is sent (several at a time, so their I/O overlaps). */
import { parentPort } from 'node:worker_threads';
import { convertFile } from './convert-file.ts';
import type { FileJob } from './convert-file.ts';

parentPort?.on('message', (message: { id: number; job: FileJob }) => {
  void convertFile(message.job).then((result) => parentPort?.postMessage({ id: message.id, result }));
});
