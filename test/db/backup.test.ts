import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupError, backupDatabase } from '../../src/db/backup.js';
import { closeDb, openDb } from '../../src/db/open.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('backing up the live database', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  function folder(): string {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-backup-'));
    dirs.push(dir);
    return dir;
  }

  /** A migrated giftdesk database with two tables written together, about 4 MB. */
  function liveDatabase(dir: string): string {
    const path = join(dir, 'giftdesk.sqlite');
    closeDb(openDb(path));
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.exec('create table pairs_a (id integer primary key, payload text); create table pairs_b (id integer primary key, payload text);');
    const insert = db.transaction((count: number) => {
      for (let i = 0; i < count; i++) {
        const { lastInsertRowid } = db.prepare('insert into pairs_a (payload) values (?)').run('x'.repeat(200));
        db.prepare('insert into pairs_b (id, payload) values (?, ?)').run(lastInsertRowid, 'y'.repeat(200));
      }
    });
    insert(10_000);
    db.close();
    return path;
  }

  it('copies the database while another connection keeps writing, and the copy opens whole and consistent', async () => {
    const dir = folder();
    const source = liveDatabase(dir);
    const writer = new Database(source);
    writer.pragma('busy_timeout = 5000');
    const writePair = writer.transaction(() => {
      const { lastInsertRowid } = writer.prepare('insert into pairs_a (payload) values (?)').run('late');
      writer.prepare('insert into pairs_b (id, payload) values (?, ?)').run(lastInsertRowid, 'late');
    });
    let writes = 0;
    let writing = true;
    const loop = (async () => {
      while (writing) {
        writePair();
        writes += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();

    const target = join(dir, 'copy.sqlite');
    const result = await backupDatabase(source, target, { pagesPerStep: 20 });
    const writesDuringBackup = writes;
    writing = false;
    await loop;
    writer.close();

    expect(writesDuringBackup).toBeGreaterThan(0);
    expect(result.pages).toBeGreaterThan(500);
    const copy = new Database(target, { readonly: true, fileMustExist: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    const a = (copy.prepare('select count(*) as n from pairs_a').get() as { n: number }).n;
    const b = (copy.prepare('select count(*) as n from pairs_b').get() as { n: number }).n;
    expect(a).toBeGreaterThanOrEqual(10_000);
    expect(b).toBe(a);
    // giftdesk's own tables came along.
    expect(copy.prepare("select count(*) as n from sqlite_master where name = 'orders'").get()).toEqual({ n: 1 });
    copy.close();
    expect(readdirSync(dir).filter((name) => name.includes('.partial-'))).toEqual([]);
  });

  it('refuses to overwrite an existing file and leaves it as it was', async () => {
    const dir = folder();
    const source = liveDatabase(dir);
    const target = join(dir, 'taken.sqlite');
    writeFileSync(target, 'keep me');
    await expect(backupDatabase(source, target)).rejects.toThrow(
      new BackupError(`${target} already exists; a backup never overwrites a file, so choose a new name`, true),
    );
    expect(readFileSync(target, 'utf8')).toBe('keep me');
  });

  it('creates the folder of the backup when it does not exist yet, and says so', async () => {
    const dir = folder();
    const source = liveDatabase(dir);
    const target = join(dir, 'backups', 'monthly', 'copy.sqlite');
    const result = await backupDatabase(source, target);
    expect(result.createdFolder).toBe(join(dir, 'backups', 'monthly'));
    const copy = new Database(target, { readonly: true, fileMustExist: true });
    expect(copy.prepare('select count(*) as n from pairs_a').get()).toEqual({ n: 10_000 });
    copy.close();
    // The folder is there now: the next backup into it creates nothing.
    expect((await backupDatabase(source, join(dir, 'backups', 'monthly', 'next.sqlite'))).createdFolder).toBeNull();
  });

  it('refuses a backup whose folder is a file, and leaves the file as it was', async () => {
    const dir = folder();
    const source = liveDatabase(dir);
    writeFileSync(join(dir, 'backups'), 'not a folder');
    await expect(backupDatabase(source, join(dir, 'backups', 'copy.sqlite'))).rejects.toThrow(/the folder of .* is a file/);
    expect(readFileSync(join(dir, 'backups'), 'utf8')).toBe('not a folder');
  });

  it('says there is no database, and creates none, when the database file is missing', async () => {
    const dir = folder();
    const missing = join(dir, 'nothing.sqlite');
    await expect(backupDatabase(missing, join(dir, 'copy.sqlite'))).rejects.toThrow(/there is no database at .*nothing\.sqlite/);
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(join(dir, 'copy.sqlite'))).toBe(false);
  });

  it('reports a file that is not a database as a failed backup and writes nothing', async () => {
    const dir = folder();
    const source = join(dir, 'notes.sqlite');
    writeFileSync(source, 'not a database at all, just some text that is long enough to be a header'.repeat(100));
    const target = join(dir, 'copy.sqlite');
    const error = await backupDatabase(source, target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as BackupError).refused).toBe(false);
    expect((error as BackupError).message).toMatch(/could not back up .*: file is not a database/);
    expect(existsSync(target)).toBe(false);
  });
});

describe('npm run backup', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  async function runBackup(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    // The built script, as `npm run backup` runs it (built once per run by the tests' global set-up).
    const child = spawn(process.execPath, [join(root, 'dist/ops/backup.js'), ...args], {
      cwd: env['CWD'] ?? root,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number | null];
    return { code, output };
  }

  it('backs up DATABASE_PATH to the file given, then refuses the same file again with exit code 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-backup-cli-'));
    dirs.push(dir);
    const source = join(dir, 'giftdesk.sqlite');
    closeDb(openDb(source));
    const target = join(dir, 'backup.sqlite');

    const first = await runBackup([target], { DATABASE_PATH: source, CWD: dir });
    expect(first.code).toBe(0);
    expect(first.output).toMatch(new RegExp(`^backed up ${source} to ${target}: \\d+ pages, [\\d.]+ MB, in \\d+ ms\\n$`));

    const again = await runBackup([target], { DATABASE_PATH: source, CWD: dir });
    expect(again.code).toBe(2);
    expect(again.output).toBe(`backup refused: ${target} already exists; a backup never overwrites a file, so choose a new name\n`);
  });

  it('backs up into backups/ in a folder that has none, as the operations guide shows on a fresh clone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-backup-cli-'));
    dirs.push(dir);
    const source = join(dir, 'giftdesk.sqlite');
    closeDb(openDb(source));

    const result = await runBackup(['backups/giftdesk-2026-11-23.sqlite'], { DATABASE_PATH: source, CWD: dir });
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/^created the folder .*backups\nbacked up .* to backups\/giftdesk-2026-11-23\.sqlite: \d+ pages/);
    expect(existsSync(join(dir, 'backups', 'giftdesk-2026-11-23.sqlite'))).toBe(true);
  });

  it('prints its usage and exits 2 without a file name', async () => {
    const result = await runBackup([], {});
    expect(result).toEqual({ code: 2, output: 'usage: npm run backup -- <file>   (a new file; an existing one is never overwritten)\n' });
  });
});
