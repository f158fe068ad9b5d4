// Two real processes on one library file: `lorewright library import` of thousands of cards while the web host
// saves cards over HTTP. Every write takes the lock up front (BEGIN IMMEDIATE) and waits its turn (busy timeout),
// so neither side sees "database is locked" and every import and every save is in the file afterwards.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { openLibrary } from '../../../electron/services/library/library.ts';
import { startWebHostProcess } from '../../helpers/web-host-process.ts';
import { useTempDir, v2Card } from '../../helpers/temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const tempDir = useTempDir();
const IMPORTS = 2000;
const EDITED = 10;
let host: ChildProcess | undefined;
afterEach(() => {
  host?.kill();
});

function runCli(args: string[]): { exited: Promise<{ code: number | null; out: string; err: string }> } {
  const child = spawn(process.execPath, [path.join(root, 'bin/lorewright.mjs'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  return { exited: new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err }))) };
}

describe('two processes on one library', () => {
  it(
    'imports thousands of cards from the CLI while the web host saves cards: no lock errors, nothing lost',
    { timeout: 240_000 },
    async () => {
      const dir = tempDir();
      const db = path.join(dir, 'library.db');
      const folder = path.join(dir, 'cards');
      fs.mkdirSync(folder);
      for (let i = 0; i < IMPORTS; i++) fs.writeFileSync(path.join(folder, `card-${i}.json`), v2Card(`Imported ${i}`));
      const seed = openLibrary(db);
      const edited = Array.from({ length: EDITED }, (_, i) => seed.cards.create({ name: `Edited ${i}` }).id);
      seed.close();

      const started = await startWebHostProcess(db);
      host = started.child;
      let hostErr = '';
      host.stderr!.on('data', (c: string) => (hostErr += c));
      const url = new URL(started.url);
      const token = /token=([^&]+)/.exec(url.hash)![1]!;
      const save = async (id: number, document: string): Promise<{ ok: boolean; error?: { message: string } }> => {
        const res = await fetch(new URL('/api/cards.update', url.origin), {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ id, document }),
        });
        return (await res.json()) as { ok: boolean; error?: { message: string } };
      };

      // Saves start before the import and go on until it has finished, so the two writers overlap throughout.
      let importing = true;
      const saved = new Map<number, string[]>(edited.map((id) => [id, []]));
      const failures: string[] = [];
      const saveSpans: { sent: number; answered: number }[] = [];
      const saving = (async () => {
        for (let n = 0; importing || n < EDITED; n++) {
          const id = edited[n % EDITED]!;
          const document = v2Card(`Edited ${id}`, { description: `save ${n}` });
          const sent = Date.now();
          const reply = await save(id, document);
          if (reply.ok) {
            saved.get(id)!.push(document);
            saveSpans.push({ sent, answered: Date.now() });
          } else failures.push(reply.error?.message ?? 'no message');
        }
      })();
      const cli = runCli(['library', 'import', folder, '--db', db, '--json']);
      const result = await cli.exited;
      importing = false;
      await saving;

      expect(failures).toEqual([]);
      expect(result.err).not.toMatch(/locked|busy/i);
      expect(hostErr).not.toMatch(/locked|busy/i);
      expect(result.code).toBe(0);
      const imported = JSON.parse(result.out) as { status: string; message?: string }[];
      expect(imported.filter((r) => r.status !== 'imported')).toEqual([]);
      expect(imported).toHaveLength(IMPORTS);

      const lib = openLibrary(db);
      try {
        expect(lib.cards.list({ limit: 1 }).total).toBe(IMPORTS + EDITED);
        const importTimes = lib.cards.list({ query: 'Imported', limit: IMPORTS }).items.map((c) => c.createdAt);
        expect(importTimes).toHaveLength(IMPORTS);
        // A save was in flight while the import was writing (it may have waited for the lock: SQLite does not
        // promise a waiting writer a turn between the import's batches, only that it gets one within the timeout).
        const [first, last] = [Math.min(...importTimes), Math.max(...importTimes)];
        expect(saveSpans.some((s) => s.sent <= last && s.answered >= first)).toBe(true);
        for (const [id, documents] of saved) {
          expect(documents.length).toBeGreaterThan(0);
          const card = lib.cards.get(id);
          expect(card.document).toBe(documents.at(-1));
          expect(card.revision).toBe(1 + documents.length);
          expect(lib.cards.revisions(id)).toHaveLength(documents.length);
        }
      } finally {
        lib.close();
      }
    },
  );
});
