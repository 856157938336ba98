import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Message, Update } from 'grammy/types';
import { describe, expect, inject, it } from 'vitest';
import { backupDatabase } from '../../src/db/backup.js';
import type { SentMessage } from '../support/fake-bot-api/index.js';
import { pgDumpOnPath } from '../support/postgres-cluster.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF, type World } from './harness.js';
import { copyButtons, orderThroughChat, referenceIn, waitForDelivery } from './order-steps.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 2 };

/** When this file's tests began: WAL segments older than that hold other tests' writes only. */
const STARTED_AT = Date.now() - 1_000;

/** Every file under `path` (one file, or a folder walked whole) written since these tests began. */
function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs >= STARTED_AT ? [path] : [];
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
}

/** The files of `paths` holding any of `secrets`, as "file: secret" (each secret looked for as UTF-8 bytes). */
function filesHolding(paths: string[], secrets: string[]): string[] {
  const found: string[] = [];
  for (const file of paths.flatMap(filesUnder)) {
    const bytes = readFileSync(file);
    for (const secret of secrets) if (bytes.includes(Buffer.from(secret, 'utf8'))) found.push(`${file}: ${secret}`);
  }
  return found;
}

/** Where the bot's database keeps its bytes: the SQLite file with its -wal and -shm, or the cluster's WAL and this database's folder. */
async function databaseFiles(world: World): Promise<string[]> {
  if (world.database.kind === 'sqlite') return ['', '-wal', '-shm', '-journal'].map((suffix) => `${world.databasePath}${suffix}`);
  // What is in shared buffers reaches the data files at a checkpoint; the WAL has it at commit.
  await world.database.change('checkpoint');
  const [row] = await world.database.rows<{ oid: string }>('select oid::text as oid from pg_database where datname = current_database()');
  const data = join(inject('postgresSocketDir'), 'data');
  return [join(data, 'base', row!.oid), join(data, 'pg_wal')];
}

/**
 * A backup as an operator makes one: `npm run backup` on SQLite, pg_dump on
 * PostgreSQL. The test server's package ships no pg_dump, so one on PATH
 * is used when it can dump the server; without one, the server writes the
 * backup's data as pg_dump does: every table in COPY's text format.
 */
async function backupFiles(world: World): Promise<string[]> {
  const target = join(inject('postgresSocketDir'), `backup-${randomBytes(4).toString('hex')}`);
  if (world.database.kind === 'sqlite') {
    await backupDatabase(world.databasePath, target);
    return [target];
  }
  const [row] = await world.database.rows<{ db: string; major: number }>("select current_database() as db, current_setting('server_version_num')::int / 10000 as major");
  const pgDump = pgDumpOnPath(row!.major);
  if (pgDump) {
    const dump = spawnSync(pgDump, ['-h', inject('postgresSocketDir'), '-U', 'postgres', '-f', target, row!.db], { encoding: 'utf8' });
    expect(dump.status, dump.stderr).toBe(0);
    return [target];
  }
  const tables = await world.database.rows<{ name: string }>(
    "select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'r' and c.relpersistence <> 't' and n.nspname not in ('pg_catalog', 'information_schema')",
  );
  expect(tables.length).toBeGreaterThan(0);
  const files = tables.map((_, i) => `${target}-${i}`);
  for (const [i, table] of tables.entries()) await world.database.change(`copy ${table.name} to '${files[i]}'`);
  return files;
}

/** The person replies to the bot's message: Telegram puts the whole message replied to in the update. */
function replyTo(world: World, message: SentMessage, text: string): void {
  const from = { id: STAFF.id, is_bot: false, first_name: STAFF.firstName };
  const repliedTo = { ...message, from: { id: world.telegram.botId, is_bot: true, first_name: 'giftdesk' } } as unknown as Message;
  world.telegram.pushUpdate({
    message: { message_id: message.message_id + 10_000, from, chat: { id: STAFF.id, type: 'private', first_name: STAFF.firstName }, date: Math.floor(Date.now() / 1000), text, reply_to_message: repliedTo } as unknown as NonNullable<Update['message']>,
  });
}

/**
 * Codes and authenticator keys are cash and keys: whatever a person presses,
 * replies to or forwards, none of them reaches a file giftdesk writes
 * (the database, its WAL, a backup), after a kill -9 or a clean stop.
 */
describe.each(['sqlite', 'postgresql'] as const)('codes and keys at rest on %s', (database) => {
  const world = sharedWorld({ database, process: true, staff: [STAFF], sandbox: { timing: { preparingMs: 0, processingMs: 0 } }, env: { STEP_UP_KEY: randomBytes(32).toString('hex') } });

  it('keeps no delivered code or authenticator key in the database files, the WAL or a backup, after presses and replies', async () => {
    world.sandbox.controls.setCardValidity(3);
    const ada = chatDriver(world.telegram, ADMIN);
    await ada.say('/expiry remind 5', /reminded 5 days before they expire/);
    const reference = referenceIn(await orderThroughChat(world, STAFF, GOOGLE_PLAY));
    const delivery = (await waitForDelivery(world, STAFF.id, reference)).at(-1)!;
    // Codes and serials; a four-digit PIN could turn up in any file by chance (a number in a timestamp).
    const codes = copyButtons(delivery).map((button) => button.copies).filter((copied) => copied.length >= 8);
    expect(codes.length).toBeGreaterThan(0);

    // A press on the delivery carries it whole; so does a reply to it, and a reply to the authenticator's photo.
    const press = world.telegram.clickButton(STAFF, delivery, /Mark handed over/);
    await world.telegram.waitFor(() => world.telegram.callbackAnswer(press));
    replyTo(world, delivery, 'the customer got these');
    await world.telegram.waitFor(() => world.telegram.lastMessage(STAFF.id)?.message_id !== delivery.message_id || undefined);
    await ada.say('/stepup enrol', /send the 6-digit code/);
    const qr = world.telegram.messages(ADMIN.id).find((m) => m.photo !== undefined)!;
    const key = copyButtons(qr).find((button) => button.label === 'Copy key')!.copies;
    expect(qr.text).not.toContain(key);
    const asked = world.telegram.messages(ADMIN.id).length;
    world.telegram.pushUpdate({
      message: { message_id: 90_001, from: { id: ADMIN.id, is_bot: false, first_name: ADMIN.firstName }, chat: { id: ADMIN.id, type: 'private', first_name: ADMIN.firstName }, date: Math.floor(Date.now() / 1000), text: 'scanned', reply_to_message: { ...qr, caption: qr.text } } as unknown as NonNullable<Update['message']>,
    });
    await world.telegram.waitFor(() => world.telegram.messages(ADMIN.id).length > asked || undefined);
    const secrets = [...codes, key];

    await world.bot.kill9();
    expect(filesHolding(await databaseFiles(world), secrets)).toEqual([]);

    await world.restart();
    await world.bot.stop();
    expect(filesHolding([...(await databaseFiles(world)), ...(await backupFiles(world))], secrets)).toEqual([]);
    // The walk reached the database: the search would find what is there (the order's reference, for one).
    expect(filesHolding(await databaseFiles(world), [reference]).length).toBeGreaterThan(0);
    // A walk, two starts of the process and a search of the files: room on a loaded machine.
  }, 90_000);
});
