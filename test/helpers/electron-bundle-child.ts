// Runs the built Electron main bundle (main.cjs) under plain Node: Electron cannot run here, so its API is
// replaced by inert objects, except what this checks — the app starts (whenReady) and registers the IPC invoke
// handler. The handler is then called as the window calls it, so the bundled API host evaluates through the
// bundled sandbox (its worker read from sandbox-worker.cjs beside main.cjs). Prints each reply as a JSON line.
// Usage: node electron-bundle-child.ts MAIN_CJS USER_DATA_DIR CALLS_JSON
import Module, { createRequire } from 'node:module';

type Invoke = (event: unknown, method: string, input: unknown, callId: string) => Promise<unknown>;
const [mainCjs, userData, callsJson] = process.argv.slice(2) as [string, string, string];

const inert: object = new Proxy(function () {}, {
  get: (_t, key) => (key === 'then' ? undefined : inert),
  apply: () => inert,
  construct: () => inert,
});
const orInert = <T extends object>(target: T): T =>
  new Proxy(target, { get: (t, key) => (t as Record<string | symbol, unknown>)[key] ?? inert });
let invoke: Invoke | undefined;
const electron = orInert({
  app: orInert({ whenReady: () => Promise.resolve(), getPath: () => userData, getAppPath: () => userData }),
  ipcMain: { handle: (_channel: string, fn: Invoke) => (invoke = fn), on: () => {} },
  safeStorage: { isEncryptionAvailable: () => false },
});
const loader = Module as unknown as { _load(request: string, ...rest: unknown[]): unknown };
const load = loader._load;
loader._load = function (request, ...rest) {
  return request === 'electron' ? electron : load.call(this, request, ...rest);
};

createRequire(import.meta.url)(mainCjs);
await new Promise((resolve) => setImmediate(resolve));
const event = { senderFrame: { url: 'app://lorewright/index.html' }, sender: { send: () => {} } };
for (const [i, [method, input]] of (JSON.parse(callsJson) as [string, unknown][]).entries())
  process.stdout.write(`${JSON.stringify(await invoke!(event, method, input, `call${i}`))}\n`);
process.exit(0);
