/** Expands the inputs into the list of files to convert, each with the folder its output path is relative to. */
import fs from 'node:fs/promises';
import path from 'node:path';

export const CARD_EXTENSIONS = new Set(['.png', '.apng', '.json', '.charx', '.yaml', '.yml', '.webp', '.jpg', '.jpeg']);
/** Our own leftovers (in-place temp files, backups) are never inputs. */
const OWN_FILE = /(\.lorewright-tmp-[^/\\]*|\.bak\d*)$/;

export interface InputFile {
  path: string;
  /** Folder the output path mirrors from; the file's own folder for files named directly. */
  root: string;
}

export interface Collected {
  files: InputFile[];
  missing: { path: string; message: string }[];
}

export async function collectInputs(inputs: readonly string[], exclude: readonly string[] = []): Promise<Collected> {
  const files: InputFile[] = [];
  const missing: Collected['missing'] = [];
  const seen = new Set<string>();
  const excluded = exclude.map((p) => path.resolve(p));
  const add = (file: string, root: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    files.push({ path: file, root });
  };
  for (const input of inputs) {
    const abs = path.resolve(input);
    let stat;
    try {
      stat = await fs.stat(abs);
    } catch (e) {
      missing.push({ path: abs, message: (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or folder' : (e as Error).message });
      continue;
    }
    if (stat.isDirectory()) for (const f of await walk(abs, excluded)) add(f, abs);
    else add(abs, path.dirname(abs));
  }
  return { files, missing };
}

async function walk(dir: string, excluded: readonly string[]): Promise<string[]> {
  if (excluded.some((x) => dir === x || dir.startsWith(x + path.sep))) return [];
  const entries = await fs.readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const out: string[] = [];
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(full, excluded)));
    else if (e.isFile() && CARD_EXTENSIONS.has(path.extname(e.name).toLowerCase()) && !OWN_FILE.test(e.name)) out.push(full);
  }
  return out;
}
