/**
 * Where a worker thread gets its code: one rule for every pool (the evaluation sandbox, batch conversion).
 * - Inside the Electron bundle (where import.meta.url is undefined): the worker's own bundle, built beside main.cjs
 *   by scripts/electron-bundles.mjs, read through Electron's asar-aware fs (a worker cannot load a file from inside
 *   the app archive itself).
 * - From sources (the CLI, tests, benches): the worker's .ts module, or with `bundle` that module bundled to plain
 *   JavaScript in memory, once per process: a worker started from .ts modules strips the types of every module it
 *   loads (≈0.6 s of CPU for the card code), where the bundle starts in a sixth of that; worth it for workers started
 *   per run. Where esbuild (a development dependency) is not installed, the .ts module itself.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { buildSync } from 'esbuild';

export interface WorkerSource {
  /** The module to start, or its code when `eval`. */
  entry: URL | string;
  eval: boolean;
}

const bundles = new Map<string, string | undefined>();

/** `module` (the worker's .ts module) bundled, else the module itself. */
function bundled(module: URL): WorkerSource {
  const file = fileURLToPath(module);
  if (!bundles.has(file)) bundles.set(file, bundle(file));
  const code = bundles.get(file);
  return code === undefined ? { entry: module, eval: false } : { entry: code, eval: true };
}

/** The worker's code as one plain-JavaScript module (as the Electron build bundles it), or undefined without esbuild. */
function bundle(file: string): string | undefined {
  try {
    const esbuild = createRequire(import.meta.url)('esbuild') as { buildSync: typeof buildSync };
    const result = esbuild.buildSync({
      entryPoints: [file],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      target: 'node22',
      mainFields: ['module', 'main'],
      logLevel: 'silent',
    });
    return result.outputFiles[0]?.text;
  } catch {
    // No esbuild here (a production install), or it cannot bundle: the module loads as it is, or says why not.
    return undefined;
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
