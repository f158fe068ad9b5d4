/**
 * Runs `fn` repeatedly and reports wall-clock p50/p95 in milliseconds, plus the median process CPU time per run
 * (user + system): on a shared machine other work inflates wall time, CPU time much less.
 */
export function measure(fn: () => unknown, runs: number): { p50: number; p95: number; cpuP50: number; runs: number } {
  for (let i = 0; i < Math.min(5, runs); i++) fn(); // warm caches and JIT
  const { wall, cpu } = sample(fn, runs);
  return { p50: quantile(wall, 0.5), p95: quantile(wall, 0.95), cpuP50: quantile(cpu, 0.5), runs };
}

/** Wall-clock and process CPU milliseconds of each of `runs` calls of `fn`, in call order, with no warm-up. */
export function sample(fn: () => unknown, runs: number): { wall: number[]; cpu: number[] } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    fn();
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall, cpu };
}

/** The value at quantile `q` (0–1) of `values`, to 3 decimals. */
export function quantile(values: readonly number[], q: number): number {
  return Number(
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!.toFixed(3),
  );
}
