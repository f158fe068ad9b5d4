// `npm run bench [-- suite...]`: runs test/bench/<suite>.bench.ts, prints a table per suite and writes
// bench-results.json. Figures compare against a baseline measured in the same run.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.dirname(import.meta.dirname);
const benchDir = path.join(root, 'test', 'bench');
const available = fs.readdirSync(benchDir).filter((f) => f.endsWith('.bench.ts')).map((f) => f.replace('.bench.ts', '')).sort();
if (process.argv.includes('--help')) {
  console.log(`Usage: npm run bench [-- suite...]\n\nRuns every suite, or the ones named, and writes bench-results.json.\nSuites: ${available.join(', ')}`);
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
for (const suite of wanted.length ? wanted : available) {
  const mod = await import(pathToFileURL(path.join(benchDir, `${suite}.bench.ts`)).href);
  console.log(`\n${suite}`);
  const rows = await mod.run();
  console.table(rows);
  results[suite] = { measuredAt: new Date().toISOString(), node: process.version, rows };
}
fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(`Results written to ${path.relative(process.cwd(), outFile)}`);
