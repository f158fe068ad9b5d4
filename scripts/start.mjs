// `npm start`: build, then open the desktop app; where Electron cannot start, say so in one line and serve the
// same UI from the web host instead (opening the browser when there is one).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.dirname(import.meta.dirname);
const extra = process.argv.slice(2);
const node = process.execPath;
if (extra.includes('--help')) {
  console.log(
    'Usage: npm start [-- options]\n\nBuilds, then opens the desktop app. Where Electron cannot start, serves the same UI with the web host\ninstead (npm run web -- --open) and passes the options on to it (--port N, --db PATH).',
  );
  process.exit(0);
}

const built = spawnSync(node, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

function electronBinary() {
  try {
    // Electron fetches its binary on first use; this throws where that download is impossible.
    const result = spawnSync(node, ['-e', 'process.stdout.write(require("electron"))'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (result.status === 0 && result.stdout) return { path: result.stdout };
    const lines = (result.stderr || '').split('\n').map((l) => l.trim());
    const cause =
      lines.find((l) => /^\w*Error: /.test(l) && !/failed to install/.test(l)) ??
      lines.find((l) => /Error/.test(l)) ??
      'unknown error';
    return { error: `its binary is missing and could not be downloaded: ${cause}` };
  } catch (e) {
    return { error: e.message };
  }
}

function fallback(reason) {
  console.log(`Electron cannot start here (${reason}); serving Lorewright in your browser instead.`);
  const web = spawn(node, [path.join(root, 'electron/host/web-main.ts'), '--open', ...extra], { stdio: 'inherit' });
  web.on('exit', (code) => process.exit(code ?? 0));
}

const electron = electronBinary();
if (!electron.path) {
  fallback(electron.error);
} else {
  const started = Date.now();
  let stderr = '';
  const child = spawn(electron.path, [root, ...extra], { stdio: ['inherit', 'inherit', 'pipe'] });
  child.stderr.on('data', (d) => {
    stderr += d;
    process.stderr.write(d);
  });
  child.on('error', (e) => fallback(e.message));
  child.on('exit', (code) => {
    // A quick non-zero exit means no display or a broken binary, not a user closing the app.
    if (code !== 0 && Date.now() - started < 15_000) fallback(stderr.trim().split('\n').pop() || `exit code ${code}`);
    else process.exit(code ?? 0);
  });
}
