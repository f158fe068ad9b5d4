// The Electron bundles (esbuild): main and preload, and the evaluation sandbox's worker beside main.cjs, where
// electron/sandbox/pool.ts loads it from inside the packaged app. Used by build.mjs and by the test that runs the
// bundled host's sandbox (test/electron/main/bundle-sandbox.test.ts).
import { build as esbuild } from 'esbuild';
import path from 'node:path';

const root = path.dirname(import.meta.dirname);

export async function buildElectronBundles(outDir = path.join(root, 'dist/electron')) {
  const common = {
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    sourcemap: true,
    external: ['electron', 'better-sqlite3'],
    logLevel: 'warning',
    // ESM builds first: a UMD build (jsonc-parser's "main") requires its parts at run time, which a bundle lacks.
    mainFields: ['module', 'main'],
  };
  await esbuild({
    ...common,
    entryPoints: [path.join(root, 'electron/main/main.ts')],
    outfile: path.join(outDir, 'main.cjs'),
  });
  await esbuild({
    ...common,
    entryPoints: [path.join(root, 'electron/preload/preload.ts')],
    outfile: path.join(outDir, 'preload.cjs'),
  });
  await esbuild({
    ...common,
    entryPoints: [path.join(root, 'electron/sandbox/worker.ts')],
    outfile: path.join(outDir, 'sandbox-worker.cjs'),
    sourcemap: false,
  });
}
