import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    // End-to-end tests start real processes and HTTP servers; give them room.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Process-level tests start dist/main.js: built once per run, when the sources changed.
    globalSetup: ['test/support/build-once.ts'],
    projects: [
      // Modules and in-process worlds: the sandbox and the fake Bot API over loopback, no bot process.
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**'] } },
      // The whole system: the built bot in its own process against the sandbox and the fake Bot API.
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'] } },
    ],
  },
});
