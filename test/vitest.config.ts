import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    // End-to-end tests start real processes and HTTP servers; give them room. A passing test ends as soon
    // as it is done: the room is spent only on a machine loaded by the suite's own processes (2 cores, each
    // process start then takes several seconds), where 30 s failed tests that pass alone.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most test time is spent waiting on loopback HTTP and timers, not on the CPU: vitest's
    // default of one worker per core less one would run this 2-core machine's suite one file at a time.
    // Whole suite on 2 cores, files in CI's order: 5 workers 398-441 s, 6 379 s, 7 316-389 s, 9 408 s
    // (nine contend for the cores: imports alone took twice as long). Fewer: npm test -- --maxWorkers=N.
    // On a slower 2-core machine seven workers loaded it to 10 and twelve process tests missed their
    // deadlines (the unchanged suite as much as this one): five, with more room per test.
    maxWorkers: 5,
    // Process-level tests start dist/main.js: built once per run, when the sources changed.
    // PostgreSQL tests use a server of the run's own: a fresh cluster on a Unix socket (under a second).
    globalSetup: ['test/support/build-once.ts', 'test/support/postgres-server.ts'],
    setupFiles: ['test/support/per-file-hooks.ts'],
    // A worker runs its files on one module graph instead of importing the application afresh for each
    // (docs/performance.md, "The test suite"). It holds because no test mocks a module or leaves a global
    // changed (format.test.ts puts TZ back), and helper modules register no hooks of their own: what a test
    // opened is closed, and a file's databases dropped, by the hooks per-file-hooks.ts registers for every file.
    isolate: false,
    projects: [
      // Modules and in-process worlds: the sandbox and the fake Bot API over loopback, no bot process.
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**'] } },
      // The whole system: the built bot in its own process against the sandbox and the fake Bot API.
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'] } },
    ],
  },
});
