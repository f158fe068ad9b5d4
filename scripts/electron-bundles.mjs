// The Electron bundles (esbuild): main and preload, and beside main.cjs the worker threads' code, where
// electron/services/worker-source.ts finds it inside the packaged app: the evaluation sandbox's worker and the batch
// converter's. Used by build.mjs and by the tests that run the bundled host (test/electron/main/bundle-*.test.ts).
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
    // import.meta is empty in the bundle on purpose: worker-source.ts tells the bundle from the sources by it.
    logOverride: { 'empty-import-meta': 'silent' },
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
  const workers = {
    'sandbox-worker.cjs': 'electron/sandbox/worker.ts',
    'convert-worker.cjs': 'electron/services/convert/convert-worker.ts',
  };
  for (const [name, entry] of Object.entries(workers))
    await esbuild({
      ...common,
      entryPoints: [path.join(root, entry)],
      outfile: path.join(outDir, name),
      sourcemap: false,
    });
}
