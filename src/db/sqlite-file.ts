import { linkSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import type { Db } from './open.js';
import { keepPrivate } from './private-file.js';
import { sqliteSnapshot } from './seam/sqlite-database.js';

type Identity = { dev: number; ino: number };

const identityAt = (path: string): Identity | null => {
  try {
    const { dev, ino } = statSync(path);
    return { dev, ino };
  } catch {
    return null;
  }
};

/**
 * Whether the file at `path` is still the one opened. A SQLite connection
 * keeps writing into a file that was removed (or renamed away, or replaced)
 * under it, and every write succeeds, into a file nobody will find again:
 * only the path tells. A stat costs microseconds, so it is asked before
 * every claim that leads to spending money, and on every heartbeat.
 */
export function watchFile(path: string): { whereNow(): 'in-place' | 'missing' | 'replaced' } {
  const opened = identityAt(path);
  return {
    whereNow() {
      if (opened === null) return 'in-place';
      const now = identityAt(path);
      if (now === null) return 'missing';
      return now.dev === opened.dev && now.ino === opened.ino ? 'in-place' : 'replaced';
    },
  };
}

/**
 * Saves what the open connection still holds of a database whose file is
 * gone: the whole database (committed work), written whole beside the
 * target and moved into place only when complete. The target is the
 * database's own path when nothing is there (its folder made again if it was
 * removed), so that the next start finds everything; a file someone put
 * there instead is never overwritten, and the copy goes next to it, or, when
 * that folder cannot be written either, to the temporary folder. Saved again
 * later (the final state, at the stop), it replaces only its own earlier
 * copy. Returns where it went.
 */
export function createRescue(db: Db, path: string): { save(): Promise<string> } {
  const original = resolve(path);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  let saved: { at: string; identity: Identity } | null = null;
  const ours = (at: string) => {
    const now = identityAt(at);
    return saved !== null && saved.at === at && now !== null && now.dev === saved.identity.dev && now.ino === saved.identity.ino;
  };
  const targets = (): string[] => [original, `${original}.rescued-${stamp}`, join(tmpdir(), `${basename(original)}.rescued-${stamp}`)];

  const writeTo = (at: string, bytes: Buffer): void => {
    mkdirSync(dirname(at), { recursive: true });
    const partial = `${at}.partial-${process.pid}`;
    try {
      writeFileSync(partial, bytes, { flag: 'w' });
      keepPrivate(partial);
      // Our own earlier copy is replaced; anything else there stays (link fails when the name is taken).
      if (ours(at)) renameSync(partial, at);
      else linkSync(partial, at);
    } finally {
      rmSync(partial, { force: true });
    }
    saved = { at, identity: identityAt(at)! };
  };

  return {
    async save() {
      const bytes = await sqliteSnapshot(db.$client);
      let last: unknown = null;
      for (const at of saved ? [saved.at, ...targets()] : targets()) {
        if (!ours(at) && identityAt(at) !== null) continue;
        try {
          writeTo(at, bytes);
          return at;
        } catch (error) {
          last = error;
        }
      }
      throw new Error(`the database could not be saved anywhere: ${last instanceof Error ? last.message : String(last)}`);
    },
  };
}
