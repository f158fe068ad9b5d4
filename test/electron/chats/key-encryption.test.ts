// In the desktop app typed-in keys are encrypted at rest with the OS keychain (Electron safeStorage, which cannot
// run here); the store takes any KeyCipher, so a reversible test cipher stands in for the keychain.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { ProfileStore } from '../../../electron/services/chats/profile-store.ts';
import type { KeyCipher } from '../../../electron/services/chats/api-key.ts';
import { useTempDir } from '../../helpers/temp-dir.ts';

const tempDir = useTempDir();
const cipher: KeyCipher = {
  encrypt: (text) => Uint8Array.from(Buffer.from(text, 'utf8'), (b) => b ^ 0x5a),
  decrypt: (bytes) => Buffer.from(Uint8Array.from(bytes, (b) => b ^ 0x5a)).toString('utf8'),
};

const REMOTE = {
  name: 'Remote',
  preset: 'openai',
  kind: 'openai-chat',
  baseURL: 'https://api.example.com/v1',
  model: 'gpt-4o',
  apiKey: 'sk-secret-123',
} as const;

describe('API keys encrypted at rest', () => {
  it('writes no plaintext key anywhere and reads it back through the cipher', () => {
    const dir = tempDir();
    const store = new ProfileStore(path.join(dir, 'library.db'), {}, cipher);
    const saved = store.save(REMOTE);
    for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
      const full = path.join(dir, file);
      if (fs.statSync(full).isFile()) expect(fs.readFileSync(full, 'utf8')).not.toContain('sk-secret-123');
    }
    expect(store.connection(saved.id).apiKey).toBe('sk-secret-123');
  });

  it('says clearly where an encrypted key cannot be read (web host or CLI, no keychain)', () => {
    const dir = tempDir();
    const saved = new ProfileStore(path.join(dir, 'library.db'), {}, cipher).save(REMOTE);
    expect(() => new ProfileStore(path.join(dir, 'library.db'), {}).connection(saved.id)).toThrow(
      /encrypted by the Lorewright desktop app/,
    );
  });
});
