// The pool's deadlines with real workers: a job queued behind a worker that runs out of heap gets its own answer;
// a heap blow-up, a runaway regex key and a runaway Jinja loop at once are each stopped with their own error while
// a legitimate job still gets its result; and a legitimate job held up by a busy machine (its process stopped past
// the limit: wall time passes, the worker's CPU time does not) is not failed.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxPool } from '../../../electron/sandbox/pool.ts';
import { ppeInSandbox, scanInSandbox } from '../../../electron/sandbox/evaluate.ts';
import { entry, say, scenario } from '../../shared/lorebook/scenario-builder.ts';
import { HEAP_BLOWUP_SCRIPT } from '../../helpers/hostile-scripts.ts';

const pools: SandboxPool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});
const newPool = (...args: ConstructorParameters<typeof SandboxPool>): SandboxPool => {
  const pool = new SandboxPool(...args);
  pools.push(pool);
  return pool;
};

const JINJA_LOOP = '$format: "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"';
const ppe = (pool: SandboxPool, document: string, timeoutMs?: number) =>
  ppeInSandbox(pool, { document, loadScript: async () => undefined }, { timeoutMs });

const storm = scenario([entry(1, { key: ['storm'], comment: 'storm' })], [say('A storm is coming.')]);
const trap = scenario(
  [entry(0, { key: ['/(a+)+$/'], comment: 'runaway' }), entry(1, { key: ['storm'], comment: 'storm' })],
  [say(`${'a'.repeat(40)}!`)],
);

describe('sandbox deadlines', () => {
  it('a job queued behind a worker that runs out of heap gets its own answer', async () => {
    const pool = newPool({ size: 1, limits: { heapMiB: 64, maxList: 10_000_000 } });
    const blowup = ppe(pool, HEAP_BLOWUP_SCRIPT).catch((e: unknown) => e);
    const queued = scanInSandbox(pool, [storm]);
    expect(await blowup).toMatchObject({
      code: 'memory-limit',
      message: expect.stringContaining('went over its 64 MiB memory limit'),
    });
    expect((await queued)[0]!.activated).toEqual(['lore.1']);
  }, 120_000);

  it('a heap blow-up, a runaway regex key and a runaway Jinja loop at once: each its own error, then correct work', async () => {
    const pool = newPool({ size: 2, limits: { heapMiB: 64, maxList: 10_000_000, scanMs: 500, ppeMs: 500 } });
    const [blowup, regex, jinja, fine] = await Promise.allSettled([
      // Its own time limit is generous: it must meet the heap limit first.
      ppe(pool, HEAP_BLOWUP_SCRIPT, 60_000),
      scanInSandbox(pool, [trap]),
      ppe(pool, JINJA_LOOP),
      scanInSandbox(pool, [storm]),
    ]);
    expect(blowup).toMatchObject({ status: 'rejected', reason: { code: 'memory-limit' } });
    expect(regex).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringContaining('regex key /(a+)+$/ of entry lore.0 (runaway)') },
    });
    expect(jinja).toMatchObject({ status: 'rejected', reason: { code: 'time-limit', line: 1 } });
    expect(fine).toMatchObject({ status: 'fulfilled', value: [{ activated: ['lore.1'] }] });
    expect(await ppe(pool, '$ret: ?=[1, 2].concat([3]).length')).toMatchObject({ output: 3 });
  }, 120_000);

  it.skipIf(process.platform === 'win32')(
    'a legitimate job held up past its time limit by a busy machine still gets its result',
    async () => {
      const child = path.resolve(import.meta.dirname, '../../helpers/stopped-sandbox-child.ts');
      const { stdout } = await promisify(execFile)(process.execPath, [child, '1000', '2']);
      const reply = JSON.parse(stdout) as { ok: boolean; fired?: string[]; wallMs?: number; error?: string };
      expect(reply).toMatchObject({ ok: true, fired: ['lore.3', 'lore.7'] });
      // The stop did hold the job past its limit in wall time (what a wall-clock limit would have failed).
      expect(reply.wallMs).toBeGreaterThan(1000);
    },
    60_000,
  );
});
