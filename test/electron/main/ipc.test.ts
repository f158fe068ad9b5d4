import { describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import { IPC_CANCEL, IPC_INVOKE, IPC_PROGRESS } from '../../../shared/api/bridge.ts';
import type { LorewrightBridge } from '../../../shared/api/bridge.ts';
import { registerIpc } from '../../../electron/main/ipc.ts';
import type { ApiHost } from '../../../electron/host/api.ts';
import { createApiHost } from '../../../electron/host/api.ts';
import { openLibrary } from '../../../electron/services/library/library.ts';
import { useTempDir, v2Card } from '../../helpers/temp-dir.ts';

const ipcRenderer = { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn(), send: vi.fn() };
const contextBridge = { exposeInMainWorld: vi.fn() };
vi.mock('electron', () => ({ ipcRenderer, contextBridge }));

const tempDir = useTempDir();

type Listener = (...args: unknown[]) => unknown;
function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const listeners = new Map<string, Listener>();
  return {
    handlers,
    listeners,
    handle: (channel: string, fn: Listener) => handlers.set(channel, fn),
    on: (channel: string, fn: Listener) => listeners.set(channel, fn),
  };
}

describe('IPC wiring (main side)', () => {
  it('runs calls through the real API host and sends progress tagged with the call id', async () => {
    const library = openLibrary(path.join(tempDir(), 'library.db'));
    const ipcMain = fakeIpcMain();
    registerIpc(ipcMain as never, createApiHost({ library }), () => true);
    const sent: unknown[][] = [];
    const event = { sender: { send: (...args: unknown[]) => sent.push(args) } };
    const invoke = ipcMain.handlers.get(IPC_INVOKE)!;
    const reply = await invoke(event, 'cards.import', { files: [{ name: 'a.json', text: v2Card('A') }] }, 'c7');
    expect(reply).toMatchObject({ ok: true, value: [{ status: 'imported' }] });
    expect(sent).toEqual([[IPC_PROGRESS, { callId: 'c7', event: { done: 1, total: 1, file: 'a.json' } }]]);
    expect(await invoke(event, 'cards.get', { id: 'x' }, 'c8')).toMatchObject({
      ok: false,
      error: { code: 'bad_input' },
    });
    library.close();
  });

  it('refuses calls from untrusted frames', async () => {
    const ipcMain = fakeIpcMain();
    const api: ApiHost = { call: vi.fn() };
    registerIpc(ipcMain as never, api, () => false);
    const reply = await ipcMain.handlers.get(IPC_INVOKE)!({ sender: { send: vi.fn() } }, 'cards.list', {}, 'c1');
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden_host' } });
    expect(api.call).not.toHaveBeenCalled();
  });

  it('aborts the matching call on cancel and drains in-flight calls', async () => {
    const ipcMain = fakeIpcMain();
    let seen: AbortSignal | undefined;
    const api: ApiHost = {
      call: (_m, _i, options) =>
        new Promise((resolve) => {
          seen = options?.signal as AbortSignal;
          seen.addEventListener('abort', () =>
            resolve({ ok: false, error: { code: 'cancelled', message: 'Cancelled.' } }),
          );
        }),
    };
    const wiring = registerIpc(ipcMain as never, api, () => true);
    const pending = ipcMain.handlers.get(IPC_INVOKE)!(
      { sender: { send: vi.fn() } },
      'cards.import',
      { files: [] },
      'c2',
    ) as Promise<unknown>;
    ipcMain.listeners.get(IPC_CANCEL)!({}, 'c2');
    expect(seen?.aborted).toBe(true);
    await wiring.drain();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });
});

describe('preload bridge', () => {
  it('exposes invoke/subscribe/cancel as window.lorewright over the IPC channels', async () => {
    await import('../../../electron/preload/preload.ts');
    expect(contextBridge.exposeInMainWorld).toHaveBeenCalledWith('lorewright', expect.any(Object));
    const bridge = contextBridge.exposeInMainWorld.mock.calls[0]![1] as LorewrightBridge;
    ipcRenderer.invoke.mockResolvedValue({ ok: true, value: 1 });
    expect(await bridge.invoke('cards.list', {}, 'c1')).toEqual({ ok: true, value: 1 });
    expect(ipcRenderer.invoke).toHaveBeenCalledWith(IPC_INVOKE, 'cards.list', {}, 'c1');
    const listener = vi.fn();
    const off = bridge.subscribe('progress', listener);
    const handler = ipcRenderer.on.mock.calls[0]![1] as (e: unknown, m: unknown) => void;
    handler({}, { callId: 'c1', event: 5 });
    expect(listener).toHaveBeenCalledWith({ callId: 'c1', event: 5 });
    off();
    expect(ipcRenderer.removeListener).toHaveBeenCalledWith(IPC_PROGRESS, handler);
    bridge.cancel('c1');
    expect(ipcRenderer.send).toHaveBeenCalledWith(IPC_CANCEL, 'c1');
  });
});
