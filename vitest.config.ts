import { defineConfig } from 'vitest/config';

// Server tests share one database per run; on the embedded PGlite (one backend) they must run one file at a time.
const realPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
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
