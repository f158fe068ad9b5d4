// A process whose sandbox job is held up the way a busy machine holds it up: while a legitimate scan runs, the whole
// process is stopped (SIGSTOP) for longer than the scan's time limit, then continued. Wall time passes; the worker
// spends no CPU time. Prints {"ok": true, "wallMs": …} or {"ok": false, "error": …} on stdout.
// Usage: node stopped-sandbox-child.ts LIMIT_MS STOP_SECONDS
import { spawnSync } from 'node:child_process';
import { SandboxPool } from '../../electron/sandbox/pool.ts';
import { entry, scenario } from '../shared/lorebook/scenario-builder.ts';

const [limitMs, stopSeconds] = process.argv.slice(2).map(Number) as [number, number];
const turn = scenario(
  Array.from({ length: 50 }, (_, uid) => entry(uid, { key: [`name${uid}`] })),
  ['name3 and name7 walk in.'],
);
const pool = new SandboxPool({ size: 1 });
const cache = new Map([['lore', { value: turn.books['lore'], chars: 1 }]]);
const scanMany = (repeat: number) =>
  pool.run('scan', { turns: [{ ...turn, books: { lore: 'lore' } }], repeat }, { timeoutMs: limitMs, cache });
await scanMany(10);
const started = performance.now();
// Thousands of warm scans: well under the limit in CPU time, long enough to be running when the stop lands.
const job = scanMany(2000);
spawnSync('sh', ['-c', `kill -STOP ${process.pid}; sleep ${stopSeconds}; kill -CONT ${process.pid}`]);
try {
  const { results } = await job;
  process.stdout.write(
    `${JSON.stringify({ ok: true, fired: results[0]!.activated, wallMs: performance.now() - started })}\n`,
  );
} catch (e) {
  process.stdout.write(`${JSON.stringify({ ok: false, error: (e as Error).message })}\n`);
}
await pool.close();
