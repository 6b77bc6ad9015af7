import { defineConfig } from 'vitest/config';

/**
 * `npm run test:resilience`: load, kill -9 and proxy failure runs against `server/main.ts` as a child process.
 * Short by default (CI); RESILIENCE_CLIENTS=50 RESILIENCE_SECONDS=60 for the full load run. TEST_DATABASE_URL adds
 * PostgreSQL.
 */
export default defineConfig({
  test: {
    include: ['tests/resilience/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
