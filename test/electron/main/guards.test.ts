import { describe, expect, it, vi } from 'vitest';
import {
  isAllowedNavigation,
  isExternalLink,
  isTrustedFrameUrl,
  permissionDecision,
} from '../../../electron/main/guards.ts';
import { registerIpc } from '../../../electron/main/ipc.ts';
import { IPC_CANCEL, IPC_INVOKE } from '../../../shared/api/bridge.ts';
import type { ApiHost, ApiReply } from '../../../electron/host/api.ts';

describe('Electron guards', () => {
  it('trusts only frames of app://lorewright', () => {
    expect(isTrustedFrameUrl('app://lorewright/index.html')).toBe(true);
    expect(isTrustedFrameUrl('app://lorewright/index.html#/cards/3')).toBe(true);
    for (const url of [
      'app://lorewright.evil/index.html',
      'app://evil/lorewright/',
      'https://lorewright/',
      'file:///app/index.html',
      'about:blank',
      '',
      undefined,
      'not a url',
    ]) {
      expect(isTrustedFrameUrl(url), String(url)).toBe(false);
    }
  });

  it('allows only hash routes of the index page; hands web links to the browser', () => {
    const index = 'app://lorewright/index.html';
    expect(isAllowedNavigation(`${index}#/scripts`, index)).toBe(true);
    expect(isAllowedNavigation('app://lorewright/other.html', index)).toBe(false);
    expect(isAllowedNavigation('https://example.com/', index)).toBe(false);
    expect(isExternalLink('https://example.com/')).toBe(true);
    expect(isExternalLink('file:///etc/passwd')).toBe(false);
    expect(isExternalLink('javascript:alert(1)')).toBe(false);
  });

  it('denies every permission request', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'midi', 'openExternal'])
      expect(permissionDecision(p)).toBe(false);
  });

  it('the cancel channel ignores untrusted frames', async () => {
    const handlers = new Map<string, (...args: unknown[]) => unknown>();
    const ipcMain = {
      handle: (c: string, fn: (...args: unknown[]) => unknown) => handlers.set(c, fn),
      on: (c: string, fn: (...args: unknown[]) => unknown) => handlers.set(c, fn),
    };
    let signal: AbortSignal | undefined;
    let finish: () => void = () => undefined;
    const api: ApiHost = {
      call: vi.fn((_m: string, _i: unknown, options?: { signal?: AbortSignal }) => {
        signal = options?.signal;
        return new Promise<ApiReply>((resolve) => (finish = () => resolve({ ok: true, value: null })));
      }),
    };
    registerIpc(ipcMain as never, api, (event) => isTrustedFrameUrl(event.senderFrame?.url));
    const trusted = { senderFrame: { url: 'app://lorewright/index.html' }, sender: { send: vi.fn() } };
    const untrusted = { senderFrame: { url: 'https://evil.example/' }, sender: { send: vi.fn() } };
    const reply = handlers.get(IPC_INVOKE)!(trusted, 'cards.list', {}, 'c1') as Promise<unknown>;
    handlers.get(IPC_CANCEL)!(untrusted, 'c1');
    expect(signal?.aborted).toBe(false);
    handlers.get(IPC_CANCEL)!(trusted, 'c1');
    expect(signal?.aborted).toBe(true);
    finish();
    await reply;
  });
});
