#!/usr/bin/env node
// The `lorewright` command. better-sqlite3 13 needs Node 22+, and the project pins Node 22 as a devDependency:
// when started by an older Node, re-run this script on the pinned one.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  const pinned = path.join(root, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (!existsSync(pinned)) {
    console.error(
      `lorewright needs Node 22.12 or newer (this is ${process.version}); run "npm install" in ${root} to get the pinned Node.`,
    );
    process.exit(2);
  }
  const r = spawnSync(pinned, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
const { runCli } = await import(pathToFileURL(path.join(root, 'electron', 'cli', 'main.ts')).href);
process.exitCode = await runCli(process.argv.slice(2));
