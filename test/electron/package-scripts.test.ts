// Every entry point a user types, run the way they type it: each package.json script through npm (for real where
// that is cheap enough, else its --help, which still loads the files the script runs), `npx lorewright`, and every
// `lorewright …` and `npm run bench -- …` line of the README. A script pointing at a file that is not there fails here.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { useTempDir } from '../helpers/temp-dir.ts';
import { runCliCaptured } from '../helpers/run-cli.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const seraphina = path.join(root, 'test/fixtures/cards/default_Seraphina-1.18.0.png');

// Headless: the web host's --open then has no browser to start, and the test sees only the printed URL.
const env = { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '' };

function npm(args: string[]): { status: number | null; out: string } {
  const r = spawnSync('npm', args, { cwd: root, env, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** `--help` of each script that is too slow or too heavy to run in full here, and what its help must say. */
const HELP: Record<string, RegExp> = {
  build: /Usage: npm run build/,
  typecheck: /tsc: The TypeScript Compiler/,
  lint: /eslint \[options\]/,
  test: /Usage: npm test[\s\S]*typecheck[\s\S]*e2e tests/,
  'test:unit': /vitest/,
  'test:e2e': /vitest/,
  bench: /Suites: /,
};
/** Scripts run for real below. */
const REAL = ['start', 'web', 'cli'];

const makeTempDir = useTempDir();
let child: ChildProcess | undefined;
afterEach(async () => {
  const c = child;
  child = undefined;
  if (c?.pid === undefined || c.exitCode !== null) return;
  const exited = new Promise((resolve) => c.once('exit', resolve));
  // npm runs the script in a shell: end the whole process group it started.
  process.kill(-c.pid, 'SIGTERM');
  await exited;
});

/** Starts `npm <args>` in its own process group and resolves with the web host URL it prints. */
function serve(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<{ url: string; out: () => string }> {
  return new Promise((resolve, reject) => {
    const c = spawn('npm', args, {
      cwd: root,
      env: { ...env, ...extraEnv },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = c;
    let out = '';
    const seen = (chunk: string): void => {
      out += chunk;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(out);
      if (m?.[1]) resolve({ url: m[1], out: () => out });
    };
    c.stdout.setEncoding('utf8').on('data', seen);
    c.stderr.setEncoding('utf8').on('data', seen);
    c.on('exit', (code) => reject(new Error(`npm ${args.join(' ')} exited with ${code} before serving:\n${out}`)));
  });
}

async function expectServesTheApp(url: string): Promise<void> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toMatch(/<div id="root">/);
}

describe('package.json scripts', () => {
  it('every script is covered by this test', () => {
    expect(Object.keys(pkg.scripts).sort()).toEqual([...Object.keys(HELP), ...REAL].sort());
  });

  for (const [name, expected] of Object.entries(HELP)) {
    it(`npm run ${name} -- --help`, () => {
      const r = npm(['run', name, '--', '--help']);
      expect(r.out).toMatch(expected);
      expect(r.status, r.out).toBe(0);
    });
  }

  it('npm run bench lists exactly the suites the README documents', () => {
    const listed = /Suites: (.*)/.exec(npm(['run', 'bench', '--', '--help']).out)?.[1]?.split(', ') ?? [];
    const documented = [...readme.matchAll(/^npm run bench -- (\S+)/gm)].map((m) => m[1]);
    expect(documented.length).toBeGreaterThan(0);
    expect([...documented].sort()).toEqual([...listed].sort());
  });

  it('npm run web builds the renderer and serves the app', { timeout: 180_000 }, async () => {
    const db = path.join(makeTempDir(), 'library.db');
    const { url } = await serve(['run', 'web', '--', '--port', '0', '--db', db]);
    await expectServesTheApp(url);
    expect(fs.existsSync(db)).toBe(true);
  });

  it('npm start falls back to the web host where Electron cannot start', { timeout: 180_000 }, async () => {
    const db = path.join(makeTempDir(), 'library.db');
    // An Electron binary that is not there: what a machine without Electron's download sees.
    const { url, out } = await serve(['start', '--', '--port', '0', '--db', db], {
      ELECTRON_OVERRIDE_DIST_PATH: path.join(makeTempDir(), 'no-electron'),
    });
    expect(out()).toMatch(/Electron cannot start here \(.+\); serving Lorewright in your browser instead/);
    await expectServesTheApp(url);
  });

  it('npm run cli runs the lorewright command', () => {
    const db = path.join(makeTempDir(), 'library.db');
    const r = npm(['run', '--silent', 'cli', '--', 'library', 'import', seraphina, '--db', db]);
    expect(r.out).toMatch(/default_Seraphina-1\.18\.0\.png +imported/);
    expect(r.status, r.out).toBe(0);
  });

  it('npx lorewright --help', () => {
    const r = spawnSync('npx', ['--no-install', 'lorewright', '--help'], { cwd: root, env, encoding: 'utf8' });
    expect(r.stdout).toMatch(/^Usage: lorewright <command>/);
    expect(r.status, r.stderr).toBe(0);
  });
});

describe('README commands', () => {
  // `lorewright library list [...]` → ['library', 'list']: the words before the first option or placeholder.
  const commands = [...readme.matchAll(/^lorewright ((?:[a-z]+ ?)+)/gm)].map((m) => m[1]!.trim().split(' '));

  it('documents the lorewright commands', () => {
    expect(commands.length).toBeGreaterThan(10);
  });

  for (const words of commands) {
    it(`lorewright ${words.join(' ')} --help`, async () => {
      const r = await runCliCaptured([...words, '--help']);
      expect(r.err).toBe('');
      expect(r.out).toMatch(/Usage: lorewright/);
      expect(r.code).toBe(0);
    });
  }
});
