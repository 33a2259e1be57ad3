import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The forks pool fails under Bun; threads work.
    pool: 'threads',
    // Vitest leaves a core to its main thread (one worker on two cores), but the files mostly wait on their servers,
    // builds and database: two run side by side.
    maxWorkers: 2,
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/ops/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 20_000,
  },
});
