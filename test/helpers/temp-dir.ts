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
