import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'test/shared/**/*.test.ts',
            'test/electron/**/*.test.ts',
            'test/conformance/**/*.test.ts',
            'test/renderer/**/*.test.ts',
          ],
          environment: 'node',
          // Loading tokenizer tables or running a worker pool can take seconds on a busy 2-core CI machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          setupFiles: ['test/helpers/e2e-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A real browser on a busy 2-core machine: give UI state time to settle.
          expect: { poll: { timeout: 15_000, interval: 50 } },
        },
      },
    ],
  },
});
