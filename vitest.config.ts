import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The forks pool fails under Bun; threads work.
    pool: 'threads',
    // Vitest leaves a core to its main thread (one worker on two cores), but the files mostly wait on their servers,
    // builds and database: four run side by side on two cores (measured on a quiet machine: 3.4 min for the suite,
    // 3.9 with three, 7.1 with two; docs/decisions/0111). The browser tests stay at two workers: they are busy, and
    // three took longer.
    maxWorkers: 4,
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/ops/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 20_000,
  },
});
