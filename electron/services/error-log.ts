/**
 * The log of unexpected failures: each with its stack, appended to `logs/lorewright.log` next to the library and
 * rotated at 1 MiB (three old files kept), so a user can attach it to a bug report (docs/ARCHITECTURE.md#errors).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface ErrorLog {
  /** Records a failure the user saw only as a message. Never throws: a full disk must not hide the first error. */
  error(context: string, e: unknown): void;
}

const MAX_BYTES = 1024 * 1024;
const KEEP = 3;

function describe(e: unknown): string {
  if (e instanceof Error) return e.stack ?? `${e.name}: ${e.message}`;
  return String(e);
}

function rotate(file: string): void {
  for (let i = KEEP - 1; i >= 1; i--)
    if (fs.existsSync(`${file}.${i}`)) fs.renameSync(`${file}.${i}`, `${file}.${i + 1}`);
  fs.renameSync(file, `${file}.1`);
}

/** The log file for the library at `libraryFile`. */
export function logFileFor(libraryFile: string): string {
  return path.join(path.dirname(path.resolve(libraryFile)), 'logs', 'lorewright.log');
}

export function fileErrorLog(file: string, maxBytes = MAX_BYTES): ErrorLog {
  return {
    error(context, e) {
      try {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        if (fs.existsSync(file) && fs.statSync(file).size >= maxBytes) rotate(file);
        fs.appendFileSync(file, `${new Date().toISOString()} ${context}\n${describe(e)}\n\n`);
      } catch {
        // Logging is best effort; the caller still reports the error itself.
      }
    },
  };
}
