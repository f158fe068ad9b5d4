// Hostile lorebooks: a catastrophic regex key (`/(a+)+$/` over a chat of "aaaa…!") in every place a scan runs —
// `lorewright preview`, `test`, `prompt` with no --timeout, and the web host's chats.prompt and loreTests.run in a
// real host process. Each is stopped at the default limit with an error naming the book, entry and key; the host
// answers other calls meanwhile; later calls give correct results.
import fs from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../shared/sandbox/limits.ts';
import { appendMessage, createTranscript } from '../../../shared/chat/index.ts';
import { buildTurns, DEFAULT_SETUP } from '../../../renderer/src/lorebooks/preview/scenario.ts';
import { runCliCaptured } from '../../helpers/run-cli.ts';
import { useTempDir, v2Card } from '../../helpers/temp-dir.ts';
import { startWebHostProcess } from '../../helpers/web-host-process.ts';

const tempDir = useTempDir();
const fixtures = path.resolve(import.meta.dirname, '../../fixtures');
const RUNAWAY = `${'a'.repeat(40)}!`;
const CULPRIT = 'regex key /(a+)+$/ of entry Trap.0 (runaway)';
const LIMIT = `did not finish within ${DEFAULT_LIMITS.scanMs} ms`;

const trapBook = (): Record<string, unknown> => ({
  entries: {
    '0': {
      uid: 0,
      key: ['/(a+)+$/'],
      keysecondary: [],
      comment: 'runaway',
      content: 'never',
      constant: false,
      selective: false,
      order: 100,
      position: 0,
      disable: false,
    },
    '1': {
      uid: 1,
      key: ['storm'],
      keysecondary: [],
      comment: 'storm',
      content: 'The storm howls.',
      constant: false,
      selective: false,
      order: 100,
      position: 0,
      disable: false,
    },
  },
});

describe('the CLI stops a runaway regex key at the default limit, without --timeout', () => {
  it('preview names the entry and key, and the next file is scanned correctly', async () => {
    const r = await runCliCaptured([
      'preview',
      path.join(fixtures, 'lore-cli/catastrophic.json'),
      path.join(fixtures, 'lore-cli/scenario.json'),
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(LIMIT);
    expect(r.err).toContain(CULPRIT);
    // The second file still ran in the replaced worker, with its normal result.
    expect(r.out).toContain('scenario.json');
    expect(r.out).toMatch(/Fired|fired/);
  });

  it('test fails the file naming the key; a good test in the same run passes', async () => {
    const dir = tempDir();
    const chat = [{ name: 'Sam', mes: RUNAWAY }];
    fs.writeFileSync(
      path.join(dir, 'trap.json'),
      JSON.stringify({ books: { Trap: trapBook() }, chat, expect: { fires: ['Trap.1'] } }),
    );
    const storm = (trapBook()['entries'] as Record<string, unknown>)['1'];
    fs.writeFileSync(
      path.join(dir, 'good.json'),
      JSON.stringify({
        books: { Trap: { entries: { '1': storm } } },
        chat: [{ name: 'Sam', mes: 'a storm!' }],
        expect: { fires: ['Trap.1'] },
      }),
    );
    const r = await runCliCaptured(['test', '.'], {}, dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain(CULPRIT);
    expect(r.out).toMatch(/ok\s+turn 1: "Trap\.1"/);
    expect(r.out).toContain('1 file(s) could not run');
  });

  it('prompt names the entry and key; the same card and chat without the trap assemble', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'trap.json'), JSON.stringify(trapBook()));
    const header = { user_name: 'Sam', character_name: 'Aria', create_date: '2025-06-01@10h00m00s', chat_metadata: {} };
    const message = {
      name: 'Sam',
      is_user: true,
      is_system: false,
      send_date: 'June 1, 2025 10:01am',
      mes: RUNAWAY,
      extra: {},
    };
    fs.writeFileSync(path.join(dir, 'chat.jsonl'), `${JSON.stringify(header)}\n${JSON.stringify(message)}\n`);
    const card = path.join(fixtures, 'chat/aria.card.json');
    const r = await runCliCaptured(['prompt', '--card', card, '--book', 'trap.json', '--chat', 'chat.jsonl'], {}, dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain(LIMIT);
    expect(r.err).toContain('regex key /(a+)+$/ of entry trap.0 (runaway)');
    const ok = await runCliCaptured(['prompt', '--card', card, '--chat', 'chat.jsonl'], {}, dir);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out).messages.at(-1)).toEqual({ role: 'user', content: RUNAWAY });
  });
});

describe('the web host stays responsive while a runaway scan is stopped', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill();
    child = undefined;
  });

  it('chats.prompt and loreTests.run fail naming the key; a concurrent call is answered; later calls are correct', async () => {
    const started = await startWebHostProcess(path.join(tempDir(), 'library.db'));
    child = started.child;
    const url = new URL(started.url);
    const token = url.hash.replace('#token=', '');
    // Replies are read loosely here: each test checks the fields it needs.
    type Reply = { ok: boolean; value?: never; error?: { code: string; message: string } };
    const call = async (method: string, input: unknown): Promise<Reply> => {
      const res = await fetch(new URL(`/api/${method}`, url), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      return (await res.json()) as never;
    };
    const card = await call('cards.create', { document: v2Card('Aria', { first_mes: 'Hello.' }) });
    const book = await call('lorebooks.create', { name: 'Trap', document: JSON.stringify(trapBook()) });
    expect(card.ok && book.ok).toBe(true);
    const transcript = (text: string) =>
      appendMessage(createTranscript({ name: 'Aria' }, { name: 'Sam' }), 'user', 'Sam', { text });
    const cardId = (card.value as unknown as { id: number }).id;
    const bookId = (book.value as unknown as { id: number }).id;
    const turn = (text: string) => ({
      cardId,
      bookIds: [bookId],
      transcript: transcript(text),
      persona: { name: 'Sam' },
    });

    let settled = false;
    const runaway = call('chats.prompt', turn(RUNAWAY)).finally(() => (settled = true));
    // While the scan runs away in the sandbox, the host answers a cheap call.
    const info = await call('app.info', {});
    expect(info.ok).toBe(true);
    expect(settled).toBe(false);
    const failed = await runaway;
    expect(failed.ok).toBe(false);
    expect(failed.error!.code).toBe('limit_exceeded');
    expect(failed.error!.message).toContain(LIMIT);
    expect(failed.error!.message).toContain(CULPRIT);

    // The sandbox recovered: the same book on a harmless chat fires its storm entry.
    const fine = await call('chats.prompt', turn('Is a storm coming?'));
    expect(fine.ok).toBe(true);
    expect((fine.value as unknown as { lore: { uid: number }[] }).lore.map((l) => l.uid)).toEqual([1]);

    const turns = buildTurns('Trap', { entries: {} }, DEFAULT_SETUP, [{ role: 'user', text: RUNAWAY }]).map(
      ({ books: _books, ...t }) => t,
    );
    const test = JSON.stringify({ turns, expect: [{ fires: ['Trap.1'] }] });
    const saved = await call('loreTests.save', { lorebookId: bookId, name: 'trap', document: test });
    expect(saved.ok, JSON.stringify(saved.error)).toBe(true);
    const run = await call('loreTests.run', { lorebookId: bookId });
    const [result] = run.value as unknown as { passed: boolean; error?: string }[];
    expect(result!.passed).toBe(false);
    expect(result!.error).toContain(CULPRIT);
    // A real host process and two runaway scans on a busy machine: this test gets more than the default time.
  }, 180_000);
});
