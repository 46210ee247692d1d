import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at once even on two cores (Vitest's default is one fewer than the cores): most of a
    // server file's time is its database waiting, which the other worker's file fills (decision 172).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          setupFiles: ['apps/server/test/setup.ts'],
          // Files share a worker's loaded modules instead of importing the server anew each: no test
          // mocks a module, and each file opens its own database (test/test-database.ts).
          isolate: false,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        // Components rendered in a DOM, with Mantine around them (apps/web/test/render.tsx).
        test: {
          name: 'web-components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          isolate: false,
        },
      },
      {
        // The repository's own scripts: the rules of the docs check (decision 176).
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
        },
      },
    ],
  },
});
