// `npm install` on a fresh clone must leave package-lock.json as committed. npm rewrites the lock when what it
// records about an installed package disagrees with the package itself (its version, whether it has an install
// script), so compare the lock with every installed package.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; hasInstallScript?: boolean; link?: boolean }>;
};

interface Manifest {
  version: string;
  scripts?: Record<string, string>;
}

/** npm's rule: an install lifecycle script, or a binding.gyp (which npm builds with node-gyp). */
function hasInstallScript(dir: string, manifest: Manifest): boolean {
  const s = manifest.scripts ?? {};
  return Boolean(s['preinstall'] || s['install'] || s['postinstall']) || fs.existsSync(path.join(dir, 'binding.gyp'));
}

describe('package-lock.json', () => {
  it('records every installed package as it is', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [at, entry] of Object.entries(lock.packages)) {
      if (at === '' || entry.link) continue;
      const dir = path.join(root, at);
      // Optional packages for other platforms are not installed here.
      if (!fs.existsSync(path.join(dir, 'package.json'))) continue;
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
      checked++;
      if (manifest.version !== entry.version)
        wrong.push(`${at}: lock says ${entry.version}, installed ${manifest.version}`);
      if (hasInstallScript(dir, manifest) !== (entry.hasInstallScript === true))
        wrong.push(`${at}: hasInstallScript should be ${hasInstallScript(dir, manifest)}`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });
});
