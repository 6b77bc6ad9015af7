import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the real server in-process (so it can read server state such as the captcha
// text) on a free port with a fresh data dir, and drives Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
