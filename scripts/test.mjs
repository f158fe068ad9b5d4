// `npm test`: typecheck, lint (layer rules included), formatting (Prettier), unit/integration/conformance tests, renderer build, e2e.
// Prints each step's time; stops at the first failing step.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.dirname(import.meta.dirname);
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const steps = [
  ['typecheck', bin('tsc'), ['-b']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['format', bin('prettier'), ['--check', '.']],
  ['unit, integration and conformance tests', bin('vitest'), ['run', '--project', 'unit']],
  ['build', process.execPath, [path.join(root, 'scripts/build.mjs')]],
  ['e2e tests (Chromium)', bin('vitest'), ['run', '--project', 'e2e']],
];

if (process.argv.includes('--help')) {
  console.log(
    `Usage: npm test\n\nRuns, in order, stopping at the first failure:\n${steps.map(([name, cmd, args]) => `  ${name}: ${path.basename(cmd)} ${args.map((a) => path.relative(root, a) || a).join(' ')}`).join('\n')}`,
  );
  process.exit(0);
}
const times = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  times.push([name, seconds, r.status === 0 ? 'ok' : 'FAILED']);
  if (r.status !== 0) {
    console.table(times.map(([step, s, result]) => ({ step, seconds: s, result })));
    process.exit(r.status ?? 1);
  }
}
console.table(times.map(([step, s, result]) => ({ step, seconds: s, result })));
