/**
 * API keys never enter the library. Electron's safeStorage would encrypt them at rest, but the web host and the
 * CLI run without Electron, so a profile names where its key lives instead: an environment variable, or a key file
 * only its owner can read (mode 0600, like an SSH private key).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../../shared/api/errors.ts';

export interface KeySource {
  apiKeyEnv?: string;
  apiKeyFile?: string;
}

export type KeyState = 'env' | 'file' | 'missing' | 'none';

export function keyState(source: KeySource, env: NodeJS.ProcessEnv): KeyState {
  if (source.apiKeyEnv) return env[source.apiKeyEnv] ? 'env' : 'missing';
  if (source.apiKeyFile) return fs.existsSync(source.apiKeyFile) ? 'file' : 'missing';
  return 'none';
}

/** The key, or undefined for a profile that needs none; a named but unusable source is an error, not "no key". */
export function readApiKey(source: KeySource, env: NodeJS.ProcessEnv): string | undefined {
  if (source.apiKeyEnv) {
    const value = env[source.apiKeyEnv];
    if (!value) throw new ApiError('bad_input', `The API key variable ${source.apiKeyEnv} is not set.`, [{ path: '/apiKeyEnv', message: 'not set' }]);
    return value.trim();
  }
  if (!source.apiKeyFile) return undefined;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(source.apiKeyFile);
  } catch {
    throw new ApiError('bad_input', `The API key file ${source.apiKeyFile} does not exist.`, [{ path: '/apiKeyFile', message: 'missing' }]);
  }
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
    throw new ApiError('bad_input', `The API key file ${source.apiKeyFile} is readable by others (mode ${(stat.mode & 0o777).toString(8)}). Run: chmod 600 ${source.apiKeyFile}`, [{ path: '/apiKeyFile', message: 'not 0600' }]);
  }
  return fs.readFileSync(source.apiKeyFile, 'utf8').trim();
}

/** Writes a typed-in key to `<dir>/<id>.key` with mode 0600 (created so, never widened first). */
export function writeKeyFile(dir: string, id: string, key: string): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${id.replace(/[^A-Za-z0-9_-]/g, '_')}.key`);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${key}\n`, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
  return file;
}
