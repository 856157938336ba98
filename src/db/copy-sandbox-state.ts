import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { DbCopyError } from './copy-source.js';
import { keepPrivate } from './private-file.js';

/** The built-in sandbox's state file beside the SQLite database, and where the PostgreSQL database's sandbox looks for its own. */
export interface SandboxStateCarry {
  from: string;
  to: string;
}

/**
 * Moving a sandbox-mode installation up carries its sandbox along: the
 * database's orders, wallet copy and transaction ids are that sandbox's,
 * and a fresh one behind the copied database (a full wallet, the old orders
 * unknown, transaction ids counting from 1 again) would make the rehearsal
 * untrue. Opened before anything is written, so that a sandbox still
 * running on the file, or a file already where the target's sandbox looks,
 * refuses the whole copy.
 */
export function openCarriedState(carry: SandboxStateCarry): Database.Database {
  if (existsSync(carry.to)) {
    throw new DbCopyError(
      `the PostgreSQL database's sandbox state file ${carry.to} already exists: it would be another sandbox than the one of ${carry.from}. Move it away (it is not this database's sandbox), then copy again. Nothing was written`,
      true,
    );
  }
  let state: Database.Database | null = null;
  try {
    state = new Database(carry.from, { fileMustExist: true, timeout: 0 });
    // Reading is what a running sandbox's exclusive lock refuses.
    state.prepare('select count(*) from sqlite_master').get();
    return state;
  } catch (error) {
    state?.close();
    const busy = (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
    const why = busy ? 'a running sandbox holds it; stop giftdesk (or `npm run sandbox`) first' : error instanceof Error ? error.message : String(error);
    throw new DbCopyError(`the sandbox state file ${carry.from} cannot be read: ${why}. Nothing was written`, true);
  }
}

/** Writes the sandbox's state, as one consistent snapshot, where the PostgreSQL database's sandbox looks for it. */
export function writeCarriedState(state: Database.Database, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  try {
    state.prepare('vacuum into ?').run(to);
    keepPrivate(to);
  } catch (error) {
    removeCarriedState(to);
    throw error;
  }
}

/** Takes the carried file back when the copy it belongs to was rolled back. */
export function removeCarriedState(to: string): void {
  for (const path of [to, `${to}-wal`, `${to}-shm`]) rmSync(path, { force: true });
}
