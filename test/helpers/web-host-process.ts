import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Starts `electron/host/web-main.ts` as `npm run web` does and resolves with the URL it prints. */
export function startWebHostProcess(db: string): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'electron/host/web-main.ts'), '--port', '0', '--db', db], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`web host did not start: ${out}`)), 30_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ url: m[1], child });
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('exit', (code) => reject(new Error(`web host exited with ${code}: ${out}`)));
  });
}
