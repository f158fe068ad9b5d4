/** Picks the transport at start-up: Electron's bridge when present, else HTTP with the launch token. */
import type { ApiClient } from '../../../shared/api/contract.ts';
import type { LorewrightBridge } from '../../../shared/api/bridge.ts';
import { createIpcClient } from './ipc-transport.ts';
import { createHttpClient, takeToken } from './http-transport.ts';

declare global {
  interface Window {
    lorewright?: LorewrightBridge;
  }
}

export type ClientResult = { client: ApiClient; transport: 'ipc' | 'http' } | { client: null; problem: 'no-token' };

export function connect(): ClientResult {
  if (window.lorewright) return { client: createIpcClient(window.lorewright), transport: 'ipc' };
  const token = takeToken();
  return token ? { client: createHttpClient(token), transport: 'http' } : { client: null, problem: 'no-token' };
}
