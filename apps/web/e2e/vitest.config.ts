import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser tests against the real server and the built web app (`npm run test:e2e` builds first). */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../../..', import.meta.url)),
    include: ['apps/web/e2e/**/*.e2e.test.ts'],
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    // A failed test leaves pictures of its open pages in test-results.
    setupFiles: ['apps/web/e2e/failure-pictures.ts'],
    // One server, one browser at a time: the machine is small and the flows share the database.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
