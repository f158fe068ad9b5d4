/** The only bridge between the sandboxed renderer and the main process: invoke, subscribe to progress, cancel. */
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import { IPC_CANCEL, IPC_INVOKE, IPC_PROGRESS } from '../../shared/api/bridge.ts';
import type { BridgeReply, LorewrightBridge, ProgressMessage } from '../../shared/api/bridge.ts';

export const bridge: LorewrightBridge = {
  invoke: (method, input, callId) => ipcRenderer.invoke(IPC_INVOKE, method, input, callId) as Promise<BridgeReply>,
  subscribe: (_stream, listener) => {
    const handler = (_event: IpcRendererEvent, message: ProgressMessage): void => listener(message);
    ipcRenderer.on(IPC_PROGRESS, handler);
    return () => {
      ipcRenderer.removeListener(IPC_PROGRESS, handler);
    };
  },
  cancel: (callId) => ipcRenderer.send(IPC_CANCEL, callId),
};

contextBridge.exposeInMainWorld('lorewright', bridge);
