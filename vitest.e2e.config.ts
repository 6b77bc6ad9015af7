import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the real server in-process (so it can read server state such as the captcha
// text) on a free port with a data dir of its own (a copy of the one seeded once per run), and drives Debian's
// Chromium through playwright-core.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    pool: 'forks',
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
