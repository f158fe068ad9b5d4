// Builds the renderer (Vite) and the Electron main/preload bundles (esbuild). `--skip-electron` for the web host.
import { build as viteBuild } from 'vite';
import { buildElectronBundles } from './electron-bundles.mjs';
import path from 'node:path';

const root = path.dirname(import.meta.dirname);
if (process.argv.includes('--help')) {
  console.log(
    'Usage: npm run build [-- --skip-electron]\n\nBuilds the renderer into dist/renderer and the Electron main/preload bundles into dist/electron.\n  --skip-electron  build the renderer only (what the web host serves)',
  );
  process.exit(0);
}
const skipElectron = process.argv.includes('--skip-electron');
// Always the production React: a NODE_ENV inherited from a test runner (vitest sets "test") would otherwise bundle
// React's development build, several times slower to start and render.
process.env.NODE_ENV = 'production';

await viteBuild({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
if (!skipElectron) await buildElectronBundles();
console.log(`Built ${skipElectron ? 'the renderer' : 'the renderer and the Electron bundles'} into dist/.`);
