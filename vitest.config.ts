import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The forks pool fails under Bun; threads work.
    pool: 'threads',
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/ops/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/setup.ts'],
    testTimeout: 20_000,
  },
});
