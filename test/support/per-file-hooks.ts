import { afterAll, afterEach } from 'vitest';
import { runAfterThisTest } from './after-this-test.js';
import { dropCreatedDatabases } from './postgres-database.js';

// A setup file runs before every test file, also where files share their
// worker's modules (isolate: false): hooks registered here serve each file,
// which a hook registered once by a shared helper module would not.
afterEach(runAfterThisTest);
afterAll(dropCreatedDatabases);
