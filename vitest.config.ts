import { defineConfig } from 'vitest/config';

/**
 * Server test files that start only servers of their own (and, on PostgreSQL, databases of their own): the longest
 * ones. They run in a project of their own beside the files of the shared server, one file at a time in each, which
 * takes a core that the shared server's files leave idle.
 */
const OWN_SERVER_FILES = ['execution', 'run-progress', 'main-process', 'readme-journey', 'jobs', 'flow-leave', 'sessions', 'messages'].map(
  (name) => `tests/server/${name}.test.ts`,
);

export default defineConfig({
  test: {
    // Refine ships its own react-router import; inlining keeps one copy so router context works.
    server: { deps: { inline: [/@refinedev\//] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup-dom.ts'],
          // A first antd render in jsdom takes seconds while the server project starts its databases beside it.
          testTimeout: 15000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: OWN_SERVER_FILES,
          environment: 'node',
          // One embedded database for the whole run: PGlite is slow to create and memory-hungry.
          globalSetup: ['tests/server/global-setup.ts'],
          fileParallelism: false,
          // The files share one worker and its loaded modules: importing the server afresh for each of seventy files
          // took a quarter of the project's time. Each file starts what it needs (its own server, stubbed env) and
          // closes it in afterAll.
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-own',
          include: OWN_SERVER_FILES,
          environment: 'node',
          // Only the PGlite template: no shared server, so a call that forgot its server's address fails here.
          globalSetup: ['tests/server/template-setup.ts'],
          fileParallelism: false,
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
