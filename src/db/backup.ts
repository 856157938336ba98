import { constants, copyFileSync, existsSync, linkSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { keepPrivate } from './private-file.js';

/** A backup that was refused or failed; `refused` when nothing was attempted (a usage problem). */
export class BackupError extends Error {
  override name = 'BackupError';
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
  }
}

export interface BackupResult {
  pages: number;
  bytes: number;
  /** The folder made for the backup because it did not exist yet, or null. */
  createdFolder: string | null;
}

/** Pages copied per step; between steps giftdesk may write (4 MB at the default 4 KiB page). */
const PAGES_PER_STEP = 1_000;
/** "Everything that is left" for SQLite's backup step. */
const ALL_PAGES = 0x7fffffff;

/**
 * Writes a consistent copy of the SQLite database at `source` to `target`
 * through SQLite's online backup, while giftdesk keeps running on it. The
 * copy is written beside the target and linked into place only when it is
 * complete and checked, so `target` is either absent or a whole database;
 * an existing file is never overwritten. The copy uses a rollback journal:
 * one self-contained file, which giftdesk turns back to WAL when it opens it.
 * A missing folder is created: `backups/` does not exist in a fresh clone.
 *
 * It runs in its own process (`npm run backup`) on a connection of its
 * own, never the running bot's (whose seam refuses a backup while one of
 * its transactions is open): SQLite's backup reads only what was
 * committed, so a transaction the bot has under way is never copied half
 * done.
 */
export async function backupDatabase(source: string, target: string, options: { pagesPerStep?: number } = {}): Promise<BackupResult> {
  const from = resolve(source);
  const to = resolve(target);
  if (from === to) throw new BackupError('the backup file cannot be the database itself', true);
  if (!existsSync(from)) throw new BackupError(`there is no database at ${source} (set DATABASE_PATH as for giftdesk)`, true);
  if (existsSync(to)) throw new BackupError(`${target} already exists; a backup never overwrites a file, so choose a new name`, true);
  const createdFolder = makeFolder(dirname(to), target);

  const partial = `${to}.partial-${process.pid}`;
  let database: Database.Database | undefined;
  try {
    database = new Database(from, { fileMustExist: true });
    database.pragma('busy_timeout = 5000');
    const step = options.pagesPerStep ?? PAGES_PER_STEP;
    let remaining = Infinity;
    const progress = await database.backup(partial, {
      // A write by another connection restarts the copy from the first page; the
      // rest then goes in one step, so that a busy bot cannot keep the backup from ending.
      progress: (p) => {
        const restarted = p.remainingPages > remaining;
        remaining = p.remainingPages;
        return restarted ? ALL_PAGES : step;
      },
    });
    checkCopy(partial);
    // Before it is linked into place: the backup holds what the database holds.
    keepPrivate(partial);
    placeWithoutOverwriting(partial, to);
    return { pages: progress.totalPages, bytes: statSync(to).size, createdFolder };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupError(`${target} appeared while the backup ran; it was left as it is`, true);
    throw new BackupError(`could not back up ${source}: ${reason}`, false);
  } finally {
    database?.close();
    rmSync(partial, { force: true });
  }
}

/** The backup's folder, made (with its parents) when missing; the path made, or null when it was there. */
function makeFolder(folder: string, target: string): string | null {
  if (existsSync(folder)) {
    if (!statSync(folder).isDirectory()) throw new BackupError(`the folder of ${target} is a file`, true);
    return null;
  }
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new BackupError(`could not create the folder of ${target}: ${error instanceof Error ? error.message : String(error)}`, false);
  }
  return folder;
}

/** A hard link appears whole and fails on an existing file; where links are not supported, an exclusive copy. */
function placeWithoutOverwriting(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'ENOSYS') throw error;
    copyFileSync(from, to, constants.COPYFILE_EXCL);
  }
}

function checkCopy(path: string): void {
  const copy = new Database(path, { fileMustExist: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`the copy failed SQLite's check (${String(check)}); nothing was written`, false);
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}
