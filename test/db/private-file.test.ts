import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase } from '../../src/db/backup.js';
import { closeDb, openDb } from '../../src/db/open.js';
import { readableByOthers } from '../../src/db/private-file.js';
import { openSandboxStateFile } from '../../src/sandbox/state-file.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;

/**
 * The files hold end customers' e-mails, phones and player ids. Each test
 * starts from a file someone left readable by everyone (chmod 644, whatever
 * this process's umask), as an older release or a copy by hand would.
 */
describe('files that hold the data', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-private-'));
    dirs.push(dir);
    return dir;
  };
  const readableFile = (path: string) => {
    writeFileSync(path, '');
    chmodSync(path, 0o644);
    return path;
  };

  it('the database and its WAL and shared-memory files are the owner’s alone', () => {
    const path = readableFile(join(folder(), 'giftdesk.sqlite'));
    const db = openDb(path);
    try {
      db.$client.prepare("insert into app_state (key, value, updated_at) values ('k', 'v', 0)").run();
      for (const file of [path, `${path}-wal`, `${path}-shm`]) expect([file, modeOf(file)]).toEqual([file, 0o600]);
    } finally {
      closeDb(db);
    }
  });

  it('a backup is the owner’s alone even when the database was not', async () => {
    const dir = folder();
    const source = join(dir, 'giftdesk.sqlite');
    closeDb(openDb(source));
    chmodSync(source, 0o644);
    const target = join(dir, 'backups', 'copy.sqlite');
    await backupDatabase(source, target);
    expect(modeOf(target)).toBe(0o600);
  });

  it('the sandbox state file is the owner’s alone', () => {
    const path = readableFile(join(folder(), 'state.provider.sqlite'));
    const state = openSandboxStateFile(path);
    try {
      expect(modeOf(path)).toBe(0o600);
    } finally {
      state.close();
    }
  });

  it('tells a file others may read from one only its owner may', () => {
    const path = readableFile(join(folder(), '.env'));
    expect(readableByOthers(path)).toBe(true);
    chmodSync(path, 0o600);
    expect(readableByOthers(path)).toBe(false);
    expect(readableByOthers(join(folder(), 'missing'))).toBe(false);
  });
});
