/** The Electron transport: the preload's `window.lorewright` bridge (no Node or Electron in the renderer). */
import { ApiError, isApiErrorShape } from '../../../shared/errors.ts';
import type { ApiClient } from '../../../shared/api/contract.ts';
import type { LorewrightBridge } from '../../../shared/api/bridge.ts';

let nextCall = 1;

export function createIpcClient(bridge: LorewrightBridge): ApiClient {
  return {
    async invoke(method, input, options = {}) {
      const callId = `c${nextCall++}`;
      const unsubscribe = options.onProgress
        ? bridge.subscribe('progress', (message) => {
            if (message.callId === callId) options.onProgress?.(message.event as never);
          })
        : undefined;
      const onAbort = (): void => bridge.cancel(callId);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const reply = await bridge.invoke(method, input, callId);
        if (reply.ok) return reply.value as never;
        throw isApiErrorShape(reply.error)
          ? ApiError.from(reply.error)
          : new ApiError('internal', 'Malformed reply from the main process.');
      } finally {
        unsubscribe?.();
        options.signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}
