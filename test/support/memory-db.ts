import { onTestFinished } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';

/** A fresh in-memory database, closed when the current test finishes: call it inside a test. */
export function memoryDb(): Db {
  const db = openDb(':memory:');
  onTestFinished(() => closeDb(db));
  return db;
}
