import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The forks pool fails under Bun; threads work.
    pool: 'threads',
    // Vitest leaves a core to its main thread (one worker on two cores), but the files mostly wait on their servers,
    // builds and database: three run side by side on two cores (measured: 5.0 min for the suite, 7.1 min with two;
    // docs/decisions/0111). The browser tests stay at two workers: they are busy, and three took longer.
    maxWorkers: 3,
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/ops/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 20_000,
  },
});
