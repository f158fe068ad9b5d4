// Scripts next to a file on disk, found by id (`<id>.ai.yaml`): the library the CLI gives a script it runs or checks.
import fs from 'node:fs';
import path from 'node:path';

export const SCRIPT_EXTENSION = '.ai.yaml';

/** The id a script file answers to: its name without `.ai.yaml` (or without its last extension). */
export function scriptIdOf(file: string): string {
  const base = path.basename(file);
  return base.endsWith(SCRIPT_EXTENSION) ? base.slice(0, -SCRIPT_EXTENSION.length) : base.replace(/\.[^.]+$/, '');
}

export interface FolderScripts {
  exists(id: string): boolean;
  /** Synchronous, so the checker can read a parent type's variables too. */
  load: (id: string) => string | undefined;
}

export function folderScripts(folder: string): FolderScripts {
  // An id is a name, never a path: `../x` or `a/b` must not reach outside the folder.
  const fileOf = (id: string): string | undefined =>
    /^[^/\\]+$/.test(id) && id !== '.' && id !== '..' ? path.join(folder, `${id}${SCRIPT_EXTENSION}`) : undefined;
  const exists = (id: string): boolean => {
    const file = fileOf(id);
    return file !== undefined && fs.existsSync(file);
  };
  return { exists, load: (id) => (exists(id) ? fs.readFileSync(fileOf(id)!, 'utf8') : undefined) };
}
