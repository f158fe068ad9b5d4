/** Runs `fn` repeatedly and reports p50/p95 in milliseconds. */
export function measure(fn: () => unknown, runs: number): { p50: number; p95: number; runs: number } {
  for (let i = 0; i < Math.min(5, runs); i++) fn(); // warm caches and JIT
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number): number => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3));
  return { p50: at(0.5), p95: at(0.95), runs };
}
