/**
 * Crash-safe file replacement: write a temp file in the same folder, rename it over the target. A reader (or a run
 * killed midway) sees the old file or the new one, never a half-written one. `durable` also flushes the temp file
 * to disk before the rename, so even a power cut cannot leave an empty file where an original used to be.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export async function writeFileAtomic(target: string, bytes: Uint8Array, durable: boolean): Promise<void> {
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.lorewright-tmp-${randomBytes(6).toString('hex')}`);
  const handle = await fs.open(temp, 'wx');
  try {
    await handle.writeFile(bytes);
    if (durable) await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temp, target);
  } catch (e) {
    await fs.rm(temp, { force: true });
    throw e;
  }
}

/** Keeps the current `file` as `<file>.bak` (or `.bak2`, `.bak3`… — an older backup is never replaced). */
export async function backupFile(file: string): Promise<string> {
  for (let n = 1; ; n++) {
    const backup = `${file}.bak${n === 1 ? '' : n}`;
    try {
      // A hard link costs no copy and is atomic; where links are unsupported, copy without overwriting.
      await fs.link(file, backup);
      return backup;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      try {
        await fs.copyFile(file, backup, fs.constants.COPYFILE_EXCL);
        return backup;
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw copyError;
      }
    }
  }
}
