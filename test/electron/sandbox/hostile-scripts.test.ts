// Hostile PPE scripts and templates through the API host (scripts.run in the sandbox's worker threads): prototype
// pollution, output growth through every growing builtin, a catastrophic regex in $match and in a [[…]]
// replacement, Jinja range loops, and a heap blow-up. Each fails with an error naming the script line; a concurrent
// call is answered while a runaway runs; the host's objects stay clean and later runs give correct results.
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SandboxPool } from '../../../electron/sandbox/index.ts';
import { openLibrary, type Library } from '../../../electron/services/library/library.ts';
import type { ScriptRunResult } from '../../../shared/api/methods/scripts.ts';
import { testApi, type TestApi } from '../../helpers/api-client.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';
import { HEAP_BLOWUP_SCRIPT } from '../../helpers/hostile-scripts.ts';

const tempDir = useTempDir();
// A short PPE budget keeps the runaway cases quick; everything else is the defaults.
const pool = new SandboxPool({ size: 2, limits: { ppeMs: 1500 } });
afterAll(() => pool.close());
let library: Library;
let api: TestApi;

beforeEach(() => {
  library = openLibrary(path.join(tempDir(), 'library.db'));
  api = testApi({ library, sandbox: pool });
});
afterEach(() => library.close());

const run = (lines: string[], input?: unknown): Promise<ScriptRunResult> =>
  api.invoke('scripts.run', { document: lines.join('\n'), name: 'hostile', ...(input === undefined ? {} : { input }) });

/** After any attack, a plain script still runs correctly in the same pool, and the host's objects are clean. */
async function stillCorrect(): Promise<void> {
  expect(await run(['$set: {n: "?=[1, 2, 3].join(\'-\')"}', '$ret: ?=n + "!"'])).toMatchObject({
    status: 'done',
    output: '1-2-3!',
  });
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('maxBytes');
}

describe('PPE prototype pollution', () => {
  it('refuses __proto__ as a value, a path segment, an input name and a loop binding', async () => {
    expect(await run(['$set:', '  p: ?=__proto__', '$set:', '  p.maxBytes: 1'])).toMatchObject({
      status: 'failed',
      // At the name itself, on the value's own line.
      error: {
        code: 'expression',
        line: 2,
        column: 8,
        message: expect.stringContaining('"__proto__" is not accessible'),
      },
    });
    expect(await run(['$set: {__proto__.polluted: 1}'])).toMatchObject({
      status: 'failed',
      error: {
        code: 'expression',
        message: expect.stringContaining('"__proto__.polluted" is not a usable variable path'),
      },
    });
    expect(await run(['$set: {a.constructor.prototype.polluted: 1}'])).toMatchObject({
      status: 'failed',
      error: { code: 'expression' },
    });
    // An input or loop binding named __proto__ is only a name: it sets no prototype, so `polluted` stays unknown.
    const unknown = {
      status: 'failed',
      error: { code: 'expression', message: expect.stringContaining('polluted is not defined') },
    };
    expect(await run(['$ret: ?=polluted'], JSON.parse('{"__proto__": {"polluted": 1}}'))).toMatchObject(unknown);
    expect(
      await run([
        '$for: "[{polluted: 1}]"',
        '  as: {value: __proto__}',
        '  do:',
        '    - $set: {x: 1}',
        '$ret: ?=polluted',
      ]),
    ).toMatchObject(unknown);
    // The library's own API still accepts inputs (a polluted Object.prototype made every call fail validation).
    expect((await api.invoke('scripts.list', {})).total).toBe(0);
    await stillCorrect();
  });
});

describe('PPE output growth', () => {
  const doubling = (step: string): string[] => [
    '$set: {s: "?=\'a\'.repeat(1000)", l: "?=[1, 2]"}',
    '$for: 40',
    '  do:',
    `    - $set: {${step}}`,
    '$ret: done',
  ];
  it.each([
    ['join', 's: "?=[s, s].join(\'\')"', 'join() would build a string of 1,024,000 characters; the limit is 1,000,000'],
    ['string concat', 's: "?=s.concat(s)"', 'concat() would build a string of 1,024,000 characters'],
    ['+', 's: "?=s + s"', '+ would build a string of 1,024,000 characters'],
    ['list concat', 'l: "?=l.concat(l)"', 'concat() would build a list of 131,072 items; the limit is 100,000'],
    ['replaceAll', "s: \"?=s.replaceAll('a', 'aa')\"", 'replaceAll() would build a string of'],
    ['flat', 'l: "?=[l, l].flat()"', 'flat() would build a list of 100,001 items; the limit is 100,000'],
    ['JSON.stringify', 's: "?=JSON.stringify([s, s])"', 'JSON.stringify() would build a string of'],
  ])('%s stops at the limit with the line', async (_name, step, message) => {
    expect(await run(doubling(step))).toMatchObject({
      status: 'failed',
      error: { code: 'output-limit', line: 4, message: expect.stringContaining(message) },
    });
    await stillCorrect();
  });

  it('a Jinja range that would build millions of items is refused with its arguments', async () => {
    const r = await run(['$format: "{% for i in range(30000000) %}x{% endfor %}"']);
    expect(r).toMatchObject({
      status: 'failed',
      error: {
        code: 'output-limit',
        line: 1,
        message: expect.stringContaining('range(0, 30000000, 1) would make 30000000 items; the limit is 100000'),
      },
    });
    await stillCorrect();
  });
});

describe('runaway work in a script', () => {
  it.each([
    [
      '$match',
      [
        "$set: {s: \"?='a'.repeat(40) + '!'\"}",
        '$match(s):',
        '  :/(a+)+$/:',
        '    - $ret: matched',
        '  :_:',
        '    - $ret: no',
      ],
      3,
    ],
    ['a [[…]] replacement', ["$set: {s: \"?='a'.repeat(40) + '!'\"}", 'user: "[[/(a+)+$/:s]]"', '$ret: ?=1'], 2],
    [
      'nested Jinja loops',
      ['$format: "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"'],
      1,
    ],
  ])('%s is stopped at the time limit, naming the line, while the host answers', async (_name, lines, line) => {
    let settled = false;
    const runaway = run(lines as string[]).finally(() => (settled = true));
    expect((await api.invoke('app.info', {})).version).toBeTruthy();
    expect(settled).toBe(false);
    expect(await runaway).toMatchObject({
      status: 'failed',
      error: { code: 'time-limit', line, message: expect.stringContaining('did not finish within 1500 ms') },
    });
    await stillCorrect();
  });

  it('a script that outgrows the worker heap is stopped by the memory limit, and the worker replaced', async () => {
    const small = new SandboxPool({ size: 1, limits: { heapMiB: 64, maxList: 10_000_000 } });
    try {
      const host = testApi({ library, sandbox: small });
      expect(await host.invoke('scripts.run', { document: HEAP_BLOWUP_SCRIPT })).toMatchObject({
        status: 'failed',
        error: { code: 'memory-limit', message: expect.stringContaining('went over its 64 MiB memory limit') },
      });
      expect(await host.invoke('scripts.run', { document: '$ret: ?=[1, 2].concat([3]).length' })).toMatchObject({
        status: 'done',
        output: 3,
      });
    } finally {
      await small.close();
    }
    // A heap filling up slows every collection before the limit stops it: on a busy machine this takes a while.
  }, 180_000);
});
