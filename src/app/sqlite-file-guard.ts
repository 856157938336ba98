import { resolve } from 'node:path';
import { DatabaseFileError, databaseFileErrorIn } from '../db/database-file-error.js';
import type { Db } from '../db/open.js';
import { createRescue, watchFile } from '../db/sqlite-file.js';
import type { Logger } from '../logger.js';

export interface SqliteFileGuard {
  /** Before an order is claimed for its POST: throws (and begins the stop) once the file is no longer the one opened. */
  beforeClaim(): void;
  /** On each heartbeat, before the beat: true when the file is gone (the beat is then left out). */
  gone(): boolean;
  /** The beat wrote: a file that could not be written is said to be back. */
  wrote(): void;
  /** The beat failed: true when for a cause of the file, said once in the log, and the instance carries on. */
  failedToWrite(error: unknown): boolean;
  /** At the stop, after the last write: saves the final state once more when the file was gone. */
  close(): Promise<void>;
}

/**
 * What a running instance does about its SQLite file.
 *
 * The file cannot be written (disk full, read-only, failing): every write
 * fails with a DatabaseFileError naming the file and the cause, an order
 * then stops before its claim (nothing is sent), and the heartbeat, which
 * writes every HEARTBEAT_MS, says so in the log once and once more when
 * writes work again. SQLite takes writes again by itself once the cause is
 * gone: nothing waits for a restart.
 *
 * The file is gone from its path (the folder removed, the file replaced):
 * the connection would keep writing into a file nobody finds again, so
 * from that moment no order is claimed (nothing more is sent to the
 * provider), the database as the connection holds it is saved back to its
 * path (src/db/sqlite-file.ts says where else when it cannot be), and the
 * process stops with exit code 1, saving once more at the stop what the
 * orders under way wrote (exit code 2, a file to fix, when the copy went
 * elsewhere: nothing restarts it on the file now at the path; and no stop
 * while the copy could not be saved at all: the open connection is then
 * the only one, and the save is tried again on every heartbeat). It stops rather than carrying on: a restart is
 * the one clean way onto another file (the instance lock, the start-up
 * repairs and every store opened on it afresh), and it runs the repair
 * that sorts out an order interrupted in the middle; a supervisor
 * (giftdesk.service restarts on failure) starts it again on the saved file.
 */
export function guardSqliteFile(deps: { db: Db; path: string; logger: Logger; stop: (exitCode: number) => void }): SqliteFileGuard {
  const { path, logger } = deps;
  const file = watchFile(path);
  const rescue = createRescue(deps.db, path);
  let lost: DatabaseFileError | null = null;
  let failing: string | null = null;
  /** Where the database was saved, once it was. */
  let savedAt: string | null = null;
  let saving: Promise<void> | null = null;

  const save = async (when: 'at once' | 'at the stop'): Promise<void> => {
    try {
      savedAt = await rescue.save();
    } catch (error) {
      logger.fatal(
        { file: path, err: error instanceof Error ? error.message : String(error) },
        'the database this instance holds could not be saved: giftdesk keeps it open and tries again on every heartbeat; do not stop giftdesk, make the folder of DATABASE_PATH writable again',
      );
      return;
    }
    const back = savedAt === resolve(path);
    logger.fatal(
      { file: path, savedTo: savedAt, when },
      back
        ? 'the database this instance holds was saved back at DATABASE_PATH: giftdesk starts again on it, with every order'
        : `the database this instance holds was saved to ${savedAt}, not at DATABASE_PATH (another file is there, or its folder cannot be written): put that file at DATABASE_PATH before starting giftdesk again`,
    );
    // 1: the service starts it again, on the saved file; 2 (a file to fix): it must not start on the file now at the path.
    if (when === 'at once') deps.stop(back ? 1 : 2);
  };
  /** Saves, and then stops; tried again on each heartbeat until it is saved: stopping before would lose the only copy. */
  const saveThenStop = (): void => {
    if (savedAt !== null || saving) return;
    saving = save('at once').finally(() => {
      saving = null;
    });
  };

  const check = (): boolean => {
    if (lost) {
      saveThenStop();
      return true;
    }
    const where = file.whereNow();
    if (where === 'in-place') return false;
    lost = new DatabaseFileError(path, 'gone', null);
    logger.fatal(
      { file: path, found: where },
      `the database file was ${where === 'missing' ? 'removed (or its folder)' : 'replaced by another file'} while giftdesk was running: nothing more is sent to the provider and orders are refused; what this instance holds is saved, then giftdesk stops`,
    );
    saveThenStop();
    return true;
  };

  return {
    beforeClaim() {
      if (check()) throw lost ?? new DatabaseFileError(path, 'gone', null);
    },
    gone: check,
    wrote() {
      if (failing === null) return;
      logger.info({ file: path }, `the database file can be written again (it could not: ${failing}); orders are taken again`);
      failing = null;
    },
    failedToWrite(error) {
      const trouble = databaseFileErrorIn(error);
      if (!trouble) return false;
      if (failing !== trouble.message) {
        failing = trouble.message;
        logger.error({ file: path, code: trouble.code }, `${trouble.message}: orders are refused and nothing is sent to the provider until it can be written; ${trouble.fix} (giftdesk carries on by itself once it can)`);
      }
      return true;
    },
    async close() {
      await saving;
      // What the orders under way wrote since: into the same copy.
      if (lost) await save('at the stop');
    },
  };
}
