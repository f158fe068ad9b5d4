/**
 * Wires the API host to Electron IPC: one invoke channel carries (method, input, callId); progress goes back on
 * one event channel tagged with the callId; a cancel message aborts that call. Electron objects are passed in so
 * this runs under tests with fakes.
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { IPC_CANCEL, IPC_INVOKE, IPC_PROGRESS } from '../../shared/api/bridge.ts';
import type { ApiHost, ApiReply } from '../host/api.ts';

export interface IpcWiring {
  /** Resolves when every call in flight has finished (the app waits for this before closing the library). */
  drain(): Promise<void>;
}

export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'on'>,
  api: ApiHost,
  trustedSender: (event: Pick<IpcMainInvokeEvent, 'senderFrame'>) => boolean,
): IpcWiring {
  const inFlight = new Map<string, { abort: AbortController; done: Promise<ApiReply> }>();

  ipcMain.handle(IPC_INVOKE, (event, method: unknown, input: unknown, callId: unknown) => {
    if (!trustedSender(event))
      return { ok: false, error: { code: 'forbidden_host', message: 'IPC from an untrusted frame.' } };
    const id = typeof callId === 'string' ? callId : '';
    const abort = new AbortController();
    const done = api.call(String(method), input, {
      signal: abort.signal,
      onProgress: (progress) => event.sender.send(IPC_PROGRESS, { callId: id, event: progress }),
    });
    inFlight.set(id, { abort, done });
    return done.finally(() => inFlight.delete(id));
  });

  // Cancelling is a call too: an untrusted frame must not stop the app's work.
  ipcMain.on(IPC_CANCEL, (event, callId: unknown) => {
    if (!trustedSender(event)) return;
    inFlight.get(String(callId))?.abort.abort();
  });

  return {
    drain: async () => {
      await Promise.allSettled([...inFlight.values()].map((c) => c.done));
    },
  };
}
