// Builds the renderer (Vite) and the Electron main/preload bundles (esbuild). `--skip-electron` for the web host.
import { build as viteBuild } from 'vite';
import { build as esbuild } from 'esbuild';
import path from 'node:path';

const root = path.dirname(import.meta.dirname);
if (process.argv.includes('--help')) {
  console.log(
    'Usage: npm run build [-- --skip-electron]\n\nBuilds the renderer into dist/renderer and the Electron main/preload bundles into dist/electron.\n  --skip-electron  build the renderer only (what the web host serves)',
  );
  process.exit(0);
}
const skipElectron = process.argv.includes('--skip-electron');

await viteBuild({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
if (!skipElectron) {
  const common = {
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    sourcemap: true,
    external: ['electron', 'better-sqlite3'],
    logLevel: 'warning',
  };
  await esbuild({
    ...common,
    entryPoints: [path.join(root, 'electron/main/main.ts')],
    outfile: path.join(root, 'dist/electron/main.cjs'),
  });
  await esbuild({
    ...common,
    entryPoints: [path.join(root, 'electron/preload/preload.ts')],
    outfile: path.join(root, 'dist/electron/preload.cjs'),
  });
  // The evaluation sandbox's worker: its own bundle beside main.cjs (electron/sandbox/pool.ts loads it from there).
  await esbuild({
    ...common,
    entryPoints: [path.join(root, 'electron/sandbox/worker.ts')],
    outfile: path.join(root, 'dist/electron/sandbox-worker.cjs'),
    sourcemap: false,
  });
}
console.log(`Built ${skipElectron ? 'the renderer' : 'the renderer and the Electron bundles'} into dist/.`);
