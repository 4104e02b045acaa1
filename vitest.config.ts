import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Server tests share one database per run; on the embedded PGlite (one backend) they must run one file at a time.
const realPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    // Vitest's default leaves a core free (one worker on a 2-core machine); the server files spend most of their
    // time waiting on PostgreSQL, so one worker per core runs the suite in ~190 s instead of ~310 s here.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'tests/shared/**/*.test.ts',
            'tests/client/**/*.test.{ts,tsx}',
            'tests/scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/helpers/global-setup.ts'],
          fileParallelism: realPostgres,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
