import { defineConfig } from 'vitest/config';

/** `npm run test:security`: the security suite over every registered resource, against the real embedded server. */
export default defineConfig({
  test: {
    include: ['tests/security/**/*.test.ts'],
    environment: 'node',
    // The same server and fixtures (a second tenant, the tester) as the server tests.
    globalSetup: ['tests/server/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120000,
    hookTimeout: 120000,
  },
});
