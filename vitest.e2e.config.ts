import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './tests/e2e/helpers/server';

// One build for the run, and one server per worker (tests/e2e/helpers/global-setup.ts): two files at a time.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/helpers/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: E2E_WORKERS,
    // Two files at a time on two cores load the machine more than one did: a page load or a sync that takes
    // seconds longer than usual gets one more try (the first failure is still printed in the run's output).
    retry: 1,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
