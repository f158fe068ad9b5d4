// `npm run bench [-- suite...]`: runs test/bench/<suite>.bench.ts, prints each suite's detail table, then one
// summary table (figure, value, target, comparison measured in the same run) for every suite run, and writes
// bench-results.json with the machine it ran on. A suite's `run()` returns `{ rows, figures }` (or just rows).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.dirname(import.meta.dirname);
const benchDir = path.join(root, 'test', 'bench');
const available = fs
  .readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace('.bench.ts', ''))
  .sort();
if (process.argv.includes('--help')) {
  console.log(
    `Usage: npm run bench [-- suite...]\n\nRuns every suite, or the ones named, and writes bench-results.json.\nSuites: ${available.join(', ')}`,
  );
  process.exit(0);
}
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !available.includes(w));
if (unknown.length) {
  console.error(`Unknown bench suite(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}
const outFile = path.join(root, 'bench-results.json');
const results = fs.existsSync(outFile) ? JSON.parse(fs.readFileSync(outFile, 'utf8')) : {};
const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.availableParallelism(),
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  os: `${os.type()} ${os.release()}`,
  node: process.version,
  // Other work on the machine inflates every wall-clock figure; the load says how busy it was.
  loadAverageAtStart: os.loadavg().map((l) => Number(l.toFixed(2))),
};
const summary = [];
for (const suite of wanted.length ? wanted : available) {
  const mod = await import(pathToFileURL(path.join(benchDir, `${suite}.bench.ts`)).href);
  console.log(`\n${suite}`);
  const out = await mod.run();
  const rows = Array.isArray(out) ? out : out.rows;
  const figures = Array.isArray(out) ? [] : out.figures;
  console.table(rows);
  summary.push(...figures.map((f) => ({ suite, ...f })));
  results[suite] = { measuredAt: new Date().toISOString(), machine, rows, figures };
}
console.log(
  `\nSummary (${machine.cores} × ${machine.cpu}, Node ${machine.node}, load average at start ${machine.loadAverageAtStart.join(' / ')})`,
);
console.table(summary);
fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(`Results written to ${path.relative(process.cwd(), outFile)}`);
