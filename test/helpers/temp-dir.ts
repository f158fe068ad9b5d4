import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** A fresh temp folder per test, removed afterwards. */
export function useTempDir(): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) {
      fs.chmodSync(d, 0o755);
      fs.rmSync(d, { recursive: true, force: true });
    }
  });
  return () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'lorewright-test-'));
    dirs.push(d);
    return d;
  };
}

/** A V1 card (fields at the root) as JSON text: the six fields, empty but for the name and what `extra` sets. */
export function v1Card(name: string, extra: Record<string, unknown> = {}): string {
  const fields = { description: '', personality: '', scenario: '', first_mes: '', mes_example: '' };
  return JSON.stringify({ name, ...fields, ...extra }, null, 2);
}

export function v2Card(name: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify(
    {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: { name, description: '', tags: [], creator: '', extensions: {}, ...extra },
    },
    null,
    2,
  );
}
