/**
 * Where a worker thread gets its code: one rule for every pool (the evaluation sandbox, batch conversion).
 * - Inside the Electron bundle (where import.meta.url is undefined): the worker's own bundle, built beside main.cjs
 *   by scripts/electron-bundles.mjs, read through Electron's asar-aware fs (a worker cannot load a file from inside
 *   the app archive itself).
 * - From sources (the CLI, tests, benches): the worker's .ts module, or with `bundle` that module bundled to plain
 *   JavaScript, once per process: a worker started from .ts modules strips the types of every module it loads
 *   (≈0.6 s of CPU for the card code), where the bundle starts in a sixth of that; worth it for workers started per
 *   run. Where esbuild (a development dependency) is not installed, the .ts module itself. The bundle is kept on disk
 *   (bundleCache) with a digest of every source it was built from: esbuild holds the thread ≈0.45 s (a child process
 *   per build), which a one-shot run (a CLI command) would otherwise pay before its first file.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions, buildSync } from 'esbuild';

export interface WorkerSource {
  /** The module to start, or its code when `eval`. */
  entry: URL | string;
  eval: boolean;
}

const bundles = new Map<string, string | undefined>();

/** Where bundles of worker modules are kept between processes (beside esbuild, with other tools' caches). */
const bundleCache = (): string => fileURLToPath(new URL('../../node_modules/.cache/lorewright/', import.meta.url));

/** `module` (the worker's .ts module) bundled, else the module itself. */
function bundled(module: URL): WorkerSource {
  const file = fileURLToPath(module);
  if (!bundles.has(file)) bundles.set(file, bundle(file, bundleCache()));
  const code = bundles.get(file);
  return code === undefined ? { entry: module, eval: false } : { entry: code, eval: true };
}

const OPTIONS: BuildOptions = {
  bundle: true,
  write: false,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  mainFields: ['module', 'main'],
  logLevel: 'silent',
};

/** A kept bundle: its code and the sources it was built from, with one digest of their bytes and the options. */
interface Kept {
  inputs: string[];
  digest: string;
  code: string;
}

/** The digest of `inputs`' bytes and the build options, or undefined when one cannot be read (gone, moved). */
function digestOf(inputs: readonly string[]): string | undefined {
  const hash = createHash('sha256').update(JSON.stringify(OPTIONS));
  try {
    for (const input of inputs) hash.update(input).update('\0').update(fs.readFileSync(input)).update('\0');
  } catch {
    return undefined;
  }
  return hash.digest('hex');
}

/**
 * The worker's code as one plain-JavaScript module (as the Electron build bundles it), or undefined without esbuild:
 * the one kept in `cacheDir` while every source it came from is unchanged, else a new build, kept for the next run.
 */
export function bundle(file: string, cacheDir: string): string | undefined {
  const keptAt = path.join(
    cacheDir,
    `${path.basename(file)}-${createHash('sha256').update(file).digest('hex').slice(0, 16)}.json`,
  );
  try {
    const kept = JSON.parse(fs.readFileSync(keptAt, 'utf8')) as Kept;
    if (kept.digest === digestOf(kept.inputs)) return kept.code;
  } catch {
    // None kept yet, or unreadable: built anew.
  }
  let built: { code: string; inputs: string[] } | undefined;
  try {
    const esbuild = createRequire(import.meta.url)('esbuild') as { buildSync: typeof buildSync };
    const root = path.dirname(file);
    const result = esbuild.buildSync({ ...OPTIONS, entryPoints: [file], absWorkingDir: root, metafile: true });
    const code = result.outputFiles?.[0]?.text;
    if (code === undefined) return undefined;
    built = { code, inputs: Object.keys(result.metafile?.inputs ?? {}).map((p) => path.resolve(root, p)) };
  } catch {
    // No esbuild here (a production install), or it cannot bundle: the module loads as it is, or says why not.
    return undefined;
  }
  const digest = digestOf(built.inputs);
  if (digest !== undefined) keep(keptAt, { inputs: built.inputs, digest, code: built.code });
  return built.code;
}

/** Writes a bundle for later runs (whole or not at all: another process may be reading it); best effort. */
function keep(at: string, kept: Kept): void {
  const temp = `${at}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(path.dirname(at), { recursive: true });
    fs.writeFileSync(temp, JSON.stringify(kept));
    fs.renameSync(temp, at);
  } catch {
    fs.rmSync(temp, { force: true });
  }
}

/**
 * The code of the worker whose module is `module()` from sources (a function: inside the bundle it throws) and
 * `built` (a file name beside main.cjs) inside the Electron bundle.
 */
export function workerSource(module: () => URL, built: string, options: { bundle?: boolean } = {}): WorkerSource {
  try {
    const url = module();
    if (fs.existsSync(fileURLToPath(url))) return options.bundle ? bundled(url) : { entry: url, eval: false };
  } catch {
    // In the CommonJS bundle import.meta.url is undefined.
  }
  return { entry: fs.readFileSync(path.join(__dirname, built), 'utf8'), eval: true };
}
