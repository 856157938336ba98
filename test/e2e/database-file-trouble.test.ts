import { execFileSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { exitCode, startBotProcess } from '../support/bot-process.js';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { waitUntil } from '../support/wait-until.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, startWorld, STAFF, type World } from './harness.js';
import { orderThroughChat, posts, referenceIn } from './order-steps.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1 };

/** Walks an order up to its summary, leaving Confirm to tap: what happens to the file happens between the two. */
async function upToConfirm(world: World, user: FakeUser) {
  const chat = chatDriver(world.telegram, user);
  await chat.say('/order', /Choose a category/);
  await chat.say(GOOGLE_PLAY.search, /Products matching/);
  await chat.tap(GOOGLE_PLAY.product, /How many\?/);
  await chat.say(String(GOOGLE_PLAY.quantity), /Please check your order/);
  // Room for a Confirm that waits for its database to take writes again.
  return { confirm: () => chat.answerTo(() => world.telegram.clickButton(user, chat.currentMenu(), /Confirm/), /Nothing was ordered|is placed/, 30_000) };
}

const ordersIn = (path: string) => {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('select id, state, provider_reference as reference from orders order by id').all() as { id: number; state: string; reference: string | null }[];
  } finally {
    db.close();
  }
};

const sessionAt = (path: string, user: FakeUser): string => {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('select value from bot_sessions where key = ?').get(`conversation:${user.id}`) as { value: string } | undefined)?.value ?? '';
  } finally {
    db.close();
  }
};

/** A folder on a file system of its own, `megabytes` large (tmpfs); null where this machine may not mount one. */
function smallDisk(megabytes: number): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

/** Fills the disk under `dir` to the last byte; returns the filler to remove. */
function fill(dir: string): string {
  const filler = join(dir, 'filler');
  const fd = openSync(filler, 'w');
  try {
    for (const size of [1 << 20, 4096, 1]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch {
        // Full at this chunk size: the next, smaller one takes what is left.
      }
    }
  } finally {
    closeSync(fd);
  }
  return filler;
}

/** Makes the file unwritable even for root (chattr +i); false where the file system keeps no such flag. */
function immutable(path: string, on: boolean): boolean {
  try {
    execFileSync('chattr', [on ? '+i' : '-i', path], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('the SQLite file in trouble under a running instance', () => {
  const disk = smallDisk(64);
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    // Mounted when the block is collected, whichever of its tests run.
    if (disk !== null) {
      execFileSync('umount', ['-l', disk]);
      rmSync(disk, { recursive: true, force: true });
    }
  });

  it.skipIf(disk === null)('disk full: nothing is sent while it lasts, the log names the file and the cause, and the confirmed order goes through once space is freed, without a restart', async () => {
    const databasePath = join(disk!, 'giftdesk.sqlite');
    const world = await startWorld({ process: true, staff: [STAFF], env: { DATABASE_PATH: databasePath } });
    cleanups.push(() => world.close());

    const order = await upToConfirm(world, STAFF);
    // The summary's step saved before the disk fills: the Confirm then finds its conversation where the chat shows it.
    await waitUntil(() => sessionAt(databasePath, STAFF).includes('summary'), 'the summary step saved');
    const filler = fill(disk!);
    const full = await world.bot.waitForLog((line) => line.msg.startsWith(`cannot write the database file ${databasePath}: the disk is full (SQLITE_FULL)`));
    expect(full.msg).toMatch(/orders are refused and nothing is sent to the provider until it can be written; free space on that disk/);

    // Every update is stored before it is handled: the Confirm waits with Telegram until it can be.
    const sent = posts(world);
    const confirmed = order.confirm();
    await world.bot.waitForLog('could not store a fetched update; fetching no more until it is stored');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(posts(world)).toBe(sent);
    // The log names the file and the cause, never a failed statement or its parameters.
    expect(world.bot.output()).not.toMatch(/Failed query|params:/);

    rmSync(filler);
    await world.bot.waitForLog((entry) => entry.msg.startsWith('the database file can be written again'));
    expect((await confirmed).text).toMatch(/is placed/);
    expect(posts(world)).toBe(sent + 1);
    expect(world.bot.child?.exitCode ?? null).toBeNull();
  });

  it('its folder removed: the next order is refused before its POST, the database is saved back and the process stops; the restart has every order', async () => {
    const world = await startWorld({ process: true, staff: [STAFF] });
    cleanups.push(() => world.close());
    const first = referenceIn(await orderThroughChat(world, STAFF, GOOGLE_PLAY));

    const order = await upToConfirm(world, STAFF);
    rmSync(dirname(world.databasePath), { recursive: true, force: true });
    const sent = posts(world);
    const refused = await order.confirm();
    expect(refused.text).toMatch(/Nothing was ordered and no money was spent/);
    expect(posts(world)).toBe(sent);

    await world.bot.waitForLog((line) => line.msg.startsWith('the database file was removed (or its folder) while giftdesk was running'));
    // A supervisor restarts a process that failed: the exit says so.
    expect(await exitCode(world.bot)).toBe(1);
    expect(world.bot.logs().some((line) => line.msg.startsWith('the database this instance holds was saved back at DATABASE_PATH'))).toBe(true);
    expect(existsSync(world.databasePath)).toBe(true);
    const saved = ordersIn(world.databasePath);
    // The order placed before the folder went is in the saved database, with the provider's reference.
    expect(saved.map((row) => row.reference)).toContain(first);

    const bot = await world.restart();
    // The refused order's intent was never sent: the start-up repair closes it as not placed.
    await bot.waitForLog((line) => line.msg === 'recovered interrupted orders');
    const after = ordersIn(world.databasePath);
    expect(after.map((row) => row.reference)).toContain(first);
    expect(after.at(-1)?.state).toBe('not_placed');
  });

  it('replaced by another file: the other file is left as it is, the database is saved next to it, and the exit asks for no restart', async () => {
    const world = await startWorld({ process: true, staff: [STAFF] });
    cleanups.push(() => world.close());
    const first = referenceIn(await orderThroughChat(world, STAFF, GOOGLE_PLAY));
    // As a restore under a running instance would: an older copy put in its place.
    const older = `${world.databasePath}.older`;
    copyFileSync(world.databasePath, older);
    renameSync(world.databasePath, `${world.databasePath}.moved`);
    renameSync(older, world.databasePath);
    const putThere = readFileSync(world.databasePath);

    await world.bot.waitForLog((line) => line.msg.startsWith('the database file was replaced by another file while giftdesk was running'));
    expect(await exitCode(world.bot)).toBe(2);
    const rescued = readdirSync(dirname(world.databasePath)).filter((name) => name.startsWith('giftdesk.sqlite.rescued-'));
    expect(rescued).toHaveLength(1);
    expect(world.bot.logs().some((line) => line['savedTo'] === join(dirname(world.databasePath), rescued[0]!))).toBe(true);
    expect(ordersIn(join(dirname(world.databasePath), rescued[0]!)).map((row) => row.reference)).toContain(first);
    expect(readFileSync(world.databasePath).equals(putThere)).toBe(true);
  });

  it('read-only at the start: the start is refused with the file, the cause and what to do, and it starts once the file can be written', async (context) => {
    const world = await startWorld({ process: true });
    cleanups.push(() => world.close());
    await world.bot.stop();
    if (!immutable(world.databasePath, true)) return context.skip('this file system keeps no immutable flag, and root writes through permissions');
    cleanups.push(() => void immutable(world.databasePath, false));

    const refused = startBotProcess({
      BOT_TOKEN: world.telegram.token,
      TELEGRAM_API_ROOT: world.telegram.apiRoot,
      PROVIDER_BASE_URL: world.sandbox.baseUrl,
      PROVIDER_API_KEY: world.sandbox.apiKey,
      DATABASE_PATH: world.databasePath,
      ADMIN_IDS: String(ADMIN.id),
    });
    expect(await refused.exited).toBe(2);
    expect(refused.output()).toContain(
      `giftdesk did not start: cannot write the database file ${world.databasePath}: it is read-only or may not be opened for writing (permissions, or a read-only file system) (SQLITE_READONLY); give the account that runs giftdesk write access`,
    );
    expect(refused.output()).not.toMatch(/Failed query|params:/);

    immutable(world.databasePath, false);
    await world.restart();
    world.telegram.sendText(ADMIN, '/help');
    await world.telegram.waitForMessage(ADMIN.id, /\/order/);
  });
});
