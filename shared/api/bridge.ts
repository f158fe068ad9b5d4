/** What the Electron preload exposes as `window.lorewright` (the renderer's only door to the main process). */
import type { ApiErrorShape } from '../errors.ts';

export type BridgeReply = { ok: true; value: unknown } | { ok: false; error: ApiErrorShape };

export interface ProgressMessage {
  callId: string;
  event: unknown;
}

export interface LorewrightBridge {
  invoke(method: string, input: unknown, callId: string): Promise<BridgeReply>;
  subscribe(stream: 'progress', listener: (message: ProgressMessage) => void): () => void;
  cancel(callId: string): void;
}

/** IPC channel names, shared by preload and main. */
export const IPC_INVOKE = 'lorewright:invoke';
export const IPC_CANCEL = 'lorewright:cancel';
export const IPC_PROGRESS = 'lorewright:progress';
