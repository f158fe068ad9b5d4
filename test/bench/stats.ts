/**
 * Runs `fn` repeatedly and reports wall-clock p50/p95 in milliseconds, plus the median process CPU time per run
 * (user + system): on a shared machine other work inflates wall time, CPU time much less.
 */
export function measure(fn: () => unknown, runs: number): { p50: number; p95: number; cpuP50: number; runs: number } {
  for (let i = 0; i < Math.min(5, runs); i++) fn(); // warm caches and JIT
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const at = (values: number[], q: number): number =>
    Number([...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!.toFixed(3));
  return { p50: at(times, 0.5), p95: at(times, 0.95), cpuP50: at(cpu, 0.5), runs };
}
