import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['test/**/*.test.ts'],
    // End-to-end tests start real processes and HTTP servers; give them room.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Process-level tests start dist/main.js: built once per run, when the sources changed.
    globalSetup: ['test/support/build-once.ts'],
  },
});
