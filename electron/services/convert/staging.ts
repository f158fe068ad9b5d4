/**
 * A new output folder is built as a hidden staging folder beside it and renamed into place once, when the batch
 * ends. Its files are written under their own names, without a temp file and a rename each (the rename was a fifth
 * of the system time a small card costs). Nothing appears under the folder's name before every file in it is whole:
 * a killed run leaves only the hidden folder, named like a temp file, which the next run removes
 * (cleanLeftoverTemps). An output folder that exists already gets a temp file and a rename per file instead.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { tempOwner, tempPath } from './atomic-write.ts';

const code = (e: unknown): string | undefined => (e as NodeJS.ErrnoException).code;

/** A new staging folder for `outDir` when nothing is at that path yet (its parent is made if need be), else undefined. */
export async function openStage(outDir: string): Promise<string | undefined> {
  try {
    await fs.lstat(outDir);
    return undefined;
  } catch (e) {
    if (code(e) !== 'ENOENT') return undefined;
  }
  await fs.mkdir(path.dirname(outDir), { recursive: true });
  const stage = tempPath(outDir);
  await fs.mkdir(stage);
  return stage;
}

/** The temp files and staging folders beside `outDir` (a live run's or a killed one's): never inputs of a batch. */
export async function tempsBeside(outDir: string): Promise<string[]> {
  const parent = path.dirname(outDir);
  const names = await fs.readdir(parent).catch(() => [] as string[]);
  return names.filter((n) => tempOwner(n) !== undefined).map((n) => path.join(parent, n));
}

/**
 * Puts the staging folder in place as `outDir`: one rename or, when a folder has appeared there meanwhile, each
 * file renamed into it (replacing a file of the same name, as a batch into an existing folder does).
 */
export async function closeStage(stage: string, outDir: string): Promise<void> {
  try {
    await fs.rename(stage, outDir);
  } catch (e) {
    if (code(e) !== 'ENOTEMPTY' && code(e) !== 'EEXIST') throw e;
    await merge(stage, outDir);
  }
}

async function merge(from: string, into: string): Promise<void> {
  await fs.mkdir(into, { recursive: true });
  for (const entry of await fs.readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(into, entry.name);
    if (entry.isDirectory()) await merge(source, target);
    else await fs.rename(source, target);
  }
  await fs.rmdir(from);
}
