/**
 * A sandbox worker: runs one task at a time for the pool. Between jobs it checks that no evaluation changed the
 * built-in prototypes; a worker that was changed (or ran a diagnosis, which instruments RegExp) is retired.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { FromWorker, SerializedError, ToWorker } from './protocol.ts';
import { WHERE_BEGUN, WHERE_COLUMN, WHERE_CPU_MS, WHERE_LINE, WHERE_REGEX, WHERE_REGEX_RUN } from './protocol.ts';
import { TASKS, type TaskContext, type TaskName } from './tasks.ts';
import { isUnsafeKey } from '../../shared/util/own.ts';

const port = parentPort!;
const where = new Int32Array(workerData.where as SharedArrayBuffer);
const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
let nextCall = 0;
/** Inputs kept between jobs (prepared lorebooks), as the host put them; the host decides what to drop. */
const cache = new Map<string, unknown>();

/** This thread's CPU time in ms (0 where Node cannot tell; the pool then counts wall time). */
const threadCpuMs = (): number => {
  if (typeof process.threadCpuUsage !== 'function') return 0;
  const usage = process.threadCpuUsage();
  return Math.round((usage.user + usage.system) / 1000);
};

const INTRINSICS = [
  Object.prototype,
  Array.prototype,
  String.prototype,
  Number.prototype,
  Function.prototype,
  RegExp.prototype,
  Map.prototype,
  Set.prototype,
  Promise.prototype,
  Error.prototype,
];
const fingerprint = (): string =>
  INTRINSICS.map((p) => Reflect.ownKeys(p).length).join(',') + Object.getPrototypeOf(Object.prototype);
const clean = fingerprint();

const send = (message: FromWorker): void => port.postMessage(message);

function serialize(e: unknown): SerializedError {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e), fields: {} };
  const fields: Record<string, unknown> = {};
  // The host assigns these fields onto the rebuilt error: never a prototype link.
  for (const [k, v] of Object.entries(e))
    if (!isUnsafeKey(k) && (v === null || ['string', 'number', 'boolean'].includes(typeof v))) fields[k] = v;
  return { name: e.name, message: e.message, fields };
}

/** Diagnosis: every regex execution is announced (index written before it runs), so a stuck one can be named. */
function instrumentRegExp(job: number): void {
  const exec = RegExp.prototype.exec;
  const seen = new WeakMap<RegExp, number>();
  let count = 0;
  RegExp.prototype.exec = function (this: RegExp, text: string) {
    let index = seen.get(this);
    if (index === undefined) {
      index = count++;
      seen.set(this, index);
      send({ type: 'regex', job, regex: { index, source: this.source, flags: this.flags } });
    }
    Atomics.store(where, WHERE_REGEX, index);
    Atomics.add(where, WHERE_REGEX_RUN, 1);
    const result = exec.call(this, text);
    Atomics.store(where, WHERE_REGEX, -1);
    return result;
  };
}

async function run(m: Extract<ToWorker, { type: 'run' }>): Promise<void> {
  const { job } = m;
  let script: string | undefined;
  const ctx: TaskContext = {
    limits: m.limits,
    begin: () => {
      where[WHERE_CPU_MS] = threadCpuMs();
      Atomics.store(where, WHERE_BEGUN, job);
    },
    cached: (key) => {
      if (!cache.has(key)) throw new Error(`The sandbox worker lost its cached input ${key}.`);
      return cache.get(key);
    },
    progress: (event) => send({ type: 'progress', job, event }),
    call: (name, ...args) =>
      new Promise((resolve, reject) => {
        const call = nextCall++;
        pending.set(call, { resolve, reject });
        send({ type: 'call', job, call, name, args });
      }),
    at: (id, line, column) => {
      if (id !== script) send({ type: 'script', job, script: (script = id) });
      where[WHERE_LINE] = line;
      where[WHERE_COLUMN] = column;
    },
  };
  for (const key of m.drop) cache.delete(key);
  for (const [key, value] of m.put) cache.set(key, value);
  if (m.diagnose) instrumentRegExp(job);
  try {
    const value = await (TASKS[m.task as TaskName] as (input: unknown, ctx: TaskContext) => unknown)(m.input, ctx);
    send({ type: 'done', job, value, tainted: m.diagnose || fingerprint() !== clean });
  } catch (e) {
    send({ type: 'failed', job, error: serialize(e), tainted: m.diagnose || fingerprint() !== clean });
  }
}

port.on('message', (m: ToWorker) => {
  if (m.type === 'run') {
    void run(m);
    return;
  }
  const call = pending.get(m.call);
  pending.delete(m.call);
  if (!call) return;
  if (m.ok) call.resolve(m.value);
  else call.reject(Object.assign(new Error(m.message), { name: 'HostCallError', call: m.call }));
});
send({ type: 'ready' });
