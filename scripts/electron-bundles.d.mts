/** Builds main.cjs, preload.cjs and sandbox-worker.cjs into `outDir` (default: dist/electron). */
export function buildElectronBundles(outDir?: string): Promise<void>;
