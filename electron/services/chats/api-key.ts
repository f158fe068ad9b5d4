/**
 * API keys never enter the library. A profile names where its key lives: an environment variable, or a key file
 * only its owner can read (mode 0600, like an SSH private key). In the desktop app the key file is also encrypted
 * with the OS keychain (Electron safeStorage, passed in as a KeyCipher); the web host and the CLI, which run
 * without Electron, use env vars or plain 0600 files and say so when they meet an encrypted one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../../shared/errors.ts';
import { KEY_VARIABLE_ORIGINS } from '../models/profiles.ts';

export interface KeySource {
  apiKeyEnv?: string;
  apiKeyFile?: string;
  /** The origin (scheme://host:port) the key was saved for: it is never sent anywhere else. */
  keyOrigin?: string;
}

/** scheme://host:port of a URL, or '' when it does not parse. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/**
 * Checks that an API caller may have the key in variable `name` sent to `baseURL`: only the well-known provider
 * variables, each to its own provider. A page or script must not turn the host's environment into a key source
 * for a server of its choosing.
 */
export function checkKeyVariable(name: string, baseURL: string, field: string): void {
  const origin = KEY_VARIABLE_ORIGINS[name];
  if (origin === undefined) {
    throw new ApiError(
      'bad_input',
      `${name} is not a key variable Lorewright reads (${Object.keys(KEY_VARIABLE_ORIGINS).join(', ')}); type the key into the connection instead, so it is kept in the app's key store.`,
      [{ path: field, message: 'not a key variable' }],
    );
  }
  if (originOf(baseURL) !== origin) {
    throw new ApiError('bad_input', `${name} is only ever sent to ${origin}, not to ${originOf(baseURL) || baseURL}.`, [
      { path: field, message: 'wrong origin' },
    ]);
  }
}

export type KeyState = 'env' | 'file' | 'missing' | 'none';

/** Encrypts key files at rest (Electron's safeStorage in the desktop app). */
export interface KeyCipher {
  encrypt(text: string): Uint8Array;
  decrypt(bytes: Uint8Array): string;
}

const ENCRYPTED = 'lorewright-encrypted-key:v1:';

export function keyState(source: KeySource, env: NodeJS.ProcessEnv): KeyState {
  if (source.apiKeyEnv) return env[source.apiKeyEnv] ? 'env' : 'missing';
  if (source.apiKeyFile) return fs.existsSync(source.apiKeyFile) ? 'file' : 'missing';
  return 'none';
}

/** The key, or undefined for a profile that needs none; a named but unusable source is an error, not "no key". */
export function readApiKey(source: KeySource, env: NodeJS.ProcessEnv, cipher?: KeyCipher): string | undefined {
  if (source.apiKeyEnv) {
    const value = env[source.apiKeyEnv];
    if (!value)
      throw new ApiError('bad_input', `The API key variable ${source.apiKeyEnv} is not set.`, [
        { path: '/apiKeyEnv', message: 'not set' },
      ]);
    return value.trim();
  }
  if (!source.apiKeyFile) return undefined;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(source.apiKeyFile);
  } catch {
    throw new ApiError('bad_input', `The API key file ${source.apiKeyFile} does not exist.`, [
      { path: '/apiKeyFile', message: 'missing' },
    ]);
  }
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
    throw new ApiError(
      'bad_input',
      `The API key file ${source.apiKeyFile} is readable by others (mode ${(stat.mode & 0o777).toString(8)}). Run: chmod 600 ${source.apiKeyFile}`,
      [{ path: '/apiKeyFile', message: 'not 0600' }],
    );
  }
  const content = fs.readFileSync(source.apiKeyFile, 'utf8').trim();
  if (!content.startsWith(ENCRYPTED)) return content;
  if (!cipher) {
    throw new ApiError(
      'bad_input',
      `The API key in ${source.apiKeyFile} was encrypted by the Lorewright desktop app with this computer's keychain; use the desktop app, or give the key through an environment variable here.`,
      [{ path: '/apiKeyFile', message: 'encrypted' }],
    );
  }
  return cipher.decrypt(Buffer.from(content.slice(ENCRYPTED.length), 'base64')).trim();
}

/** Writes a typed-in key to `<dir>/<id>.key` with mode 0600 (created so, never widened first), encrypted when it can. */
export function writeKeyFile(dir: string, id: string, key: string, cipher?: KeyCipher): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${id.replace(/[^A-Za-z0-9_-]/g, '_')}.key`);
  const tmp = `${file}.${process.pid}.tmp`;
  const content = cipher ? `${ENCRYPTED}${Buffer.from(cipher.encrypt(key)).toString('base64')}` : key;
  fs.writeFileSync(tmp, `${content}\n`, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
  return file;
}
