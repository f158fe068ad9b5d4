/**
 * Where the library lives when no --db / LOREWRIGHT_DB is given: the same folder Electron uses for `userData`,
 * so the desktop app, the web host and the CLI share one library.
 */
import os from 'node:os';
import path from 'node:path';

export const APP_DIR_NAME = 'Lorewright';

export function userDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (platform === 'win32')
    return path.join(env['APPDATA'] ?? path.join(os.homedir(), 'AppData', 'Roaming'), APP_DIR_NAME);
  if (platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', APP_DIR_NAME);
  return path.join(env['XDG_CONFIG_HOME'] ?? path.join(os.homedir(), '.config'), APP_DIR_NAME);
}

export function resolveDbPath(
  cliValue: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  fallbackDir = userDataDir(env),
): string {
  const chosen = cliValue ?? env['LOREWRIGHT_DB'];
  return chosen ? path.resolve(chosen) : path.join(fallbackDir, 'library.db');
}
