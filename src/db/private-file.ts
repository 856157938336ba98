import { chmodSync, statSync } from 'node:fs';

/**
 * The database, its WAL and shared-memory files, its backups and the
 * sandbox's state hold end customers' e-mails, phones and player ids: only
 * the account that runs giftdesk may read them. The process starts with
 * umask 077 (PRIVATE_UMASK) so that files are born that way; this also
 * tightens files made before (by an older release, by hand, by a test),
 * whatever umask the process has. A file that is missing is skipped.
 */
const PRIVATE_UMASK = 0o077;

export function keepPrivate(path: string): void {
  if (path === ':memory:' || path === '') return;
  // SQLite's companions take their mode from the main file when they are made; earlier ones are tightened here.
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) {
    let mode: number;
    try {
      mode = statSync(file).mode;
    } catch {
      continue;
    }
    if ((mode & 0o077) !== 0) chmodSync(file, mode & 0o700);
  }
}

/** For every entry point that writes files: the umask that makes them private from the first byte. */
export function filesPrivateFromNowOn(): void {
  process.umask(PRIVATE_UMASK);
}

/** Whether users other than the owner may read the file (false when it cannot be read at all). */
export function readableByOthers(path: string): boolean {
  try {
    return (statSync(path).mode & 0o044) !== 0;
  } catch {
    return false;
  }
}
