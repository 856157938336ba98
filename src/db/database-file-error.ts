/** Why the SQLite file refused a write: what the operator has to set right. */
export type FileTrouble = 'full' | 'read-only' | 'io' | 'gone';

const WHAT: Record<FileTrouble, string> = {
  full: 'the disk is full',
  'read-only': 'it is read-only or may not be opened for writing (permissions, or a read-only file system)',
  io: 'the disk reported an input/output error',
  gone: 'it is no longer at its path (removed or replaced while giftdesk was running)',
};

const FIX: Record<FileTrouble, string> = {
  full: 'free space on that disk',
  'read-only': 'give the account that runs giftdesk write access to the file, its -wal and -shm files and its folder',
  io: 'check the disk',
  gone: 'see the log line that says where its content was saved',
};

/**
 * The SQLite file at `path` could not be written, for a cause of the file
 * and not of the statement: the disk full, the file read-only, the disk
 * failing, the file gone. Its message names the file and the cause, and no
 * statement or parameter: it is what the log shows. SQLite takes writes
 * again by itself once the cause is gone: nothing needs a restart.
 */
export class DatabaseFileError extends Error {
  override name = 'DatabaseFileError';
  constructor(
    readonly path: string,
    readonly trouble: FileTrouble,
    /** SQLite's code (SQLITE_FULL …), or null when giftdesk found the trouble itself. */
    readonly code: string | null,
  ) {
    super(`cannot write the database file ${path}: ${WHAT[trouble]}${code ? ` (${code})` : ''}`);
  }

  /** What the operator should do, for the log line. */
  get fix(): string {
    return FIX[this.trouble];
  }
}

/** SQLite's result codes for a file that cannot be written, whatever the statement. */
export function fileTroubleOf(code: string): FileTrouble | null {
  if (code === 'SQLITE_FULL') return 'full';
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM') return 'read-only';
  if (code.startsWith('SQLITE_IOERR')) return 'io';
  return null;
}

/** The DatabaseFileError behind `error`, however deep drizzle wrapped it (its own error carries the statement and its parameters). */
export function databaseFileErrorIn(error: unknown): DatabaseFileError | null {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    if (at instanceof DatabaseFileError) return at;
  }
  return null;
}
