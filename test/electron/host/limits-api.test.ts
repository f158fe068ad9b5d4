// Limits from Settings: app.setLimits saves them beside the library and the host's sandbox applies them to later
// evaluations — a runaway regex key in chats.prompt is stopped citing the new scan limit; a new host on the same
// library starts with them; out-of-range values are refused with the field's path.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLibrary } from '../../../electron/services/library/library.ts';
import { createApiHost } from '../../../electron/host/api.ts';
import { SandboxPool } from '../../../electron/sandbox/pool.ts';
import { DEFAULT_LIMITS, LIMIT_RANGES } from '../../../shared/sandbox/limits.ts';
import { appendMessage, createTranscript } from '../../../shared/chat/index.ts';
import { useTempDir, v2Card } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();
const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const x of open.splice(0).reverse()) await x.close();
});

const entry = (uid: number, key: string, comment: string) => ({
  uid,
  key: [key],
  keysecondary: [],
  comment,
  content: comment,
  constant: false,
  selective: false,
  order: 100,
  position: 0,
  disable: false,
});

function host(file: string) {
  const library = openLibrary(file);
  const sandbox = new SandboxPool({ size: 1 });
  open.push(library, sandbox);
  const api = createApiHost({ library, sandbox });
  const call = async <T>(method: string, input: unknown): Promise<T> => {
    const reply = await api.call(method, input);
    if (!reply.ok) throw Object.assign(new Error(reply.error.message), reply.error);
    return reply.value as T;
  };
  return { api, call, sandbox };
}

describe('evaluation limits in Settings', () => {
  it('a lower scan limit is saved, survives a restart and stops a runaway regex key citing it', async () => {
    const file = path.join(tempDir(), 'library.db');
    const first = host(file);
    expect(await first.call('app.limits', {})).toEqual(DEFAULT_LIMITS);
    const saved = await first.call('app.setLimits', { scanMs: 300 });
    expect(saved).toEqual({ ...DEFAULT_LIMITS, scanMs: 300 });
    expect(JSON.parse(fs.readFileSync(path.join(path.dirname(file), 'limits.json'), 'utf8'))).toEqual({ scanMs: 300 });
    await first.sandbox.close();

    // A new host on the same library applies the saved limit to its evaluations.
    const { call } = host(file);
    expect((await call<{ scanMs: number }>('app.limits', {})).scanMs).toBe(300);
    const card = await call<{ id: number }>('cards.create', { document: v2Card('Aria', { first_mes: 'Hello.' }) });
    const book = await call<{ id: number }>('lorebooks.create', {
      name: 'Trap',
      document: JSON.stringify({ entries: { '0': entry(0, '/(a+)+$/', 'runaway'), '1': entry(1, 'storm', 'storm') } }),
    });
    const turn = (text: string) => ({
      cardId: card.id,
      bookIds: [book.id],
      transcript: appendMessage(createTranscript({ name: 'Aria' }, { name: 'Sam' }), 'user', 'Sam', { text }),
      persona: { name: 'Sam' },
    });
    const failed = await call('chats.prompt', turn(`${'a'.repeat(40)}!`)).catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: 'limit_exceeded' });
    expect((failed as Error).message).toContain('did not finish within 300 ms');
    expect((failed as Error).message).toContain('regex key /(a+)+$/ of entry Trap.0 (runaway)');
    const fine = await call<{ lore: { uid: number }[] }>('chats.prompt', turn('Is a storm coming?'));
    expect(fine.lore.map((l) => l.uid)).toEqual([1]);
  }, 60_000);

  it('refuses values outside a limit’s range with the field path and keeps the limits', async () => {
    const { api, call } = host(path.join(tempDir(), 'library.db'));
    const cases: [unknown, string][] = [
      [{ scanMs: LIMIT_RANGES.scanMs[0] - 1 }, '/scanMs'],
      [{ heapMiB: LIMIT_RANGES.heapMiB[1] + 1 }, '/heapMiB'],
      [{ maxList: 1.5 }, '/maxList'],
      [{ ppeMs: 'fast' }, '/ppeMs'],
    ];
    for (const [input, field] of cases) {
      const reply = await api.call('app.setLimits', input);
      expect(reply.ok, JSON.stringify(input)).toBe(false);
      if (reply.ok) continue;
      expect(reply.error.code).toBe('bad_input');
      expect(reply.error.details?.map((d) => d.path)).toContain(field);
    }
    const unknown = await api.call('app.setLimits', { timeout: 5 });
    expect(unknown.ok).toBe(false);
    expect(await call('app.limits', {})).toEqual(DEFAULT_LIMITS);
  });
});
