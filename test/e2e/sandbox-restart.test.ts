import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { exitCode, startBotProcess } from '../support/bot-process.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, STAFF, sharedWorld, type World } from './harness.js';
import { DELIVERY_WAIT_MS, localOrder, orderThroughChat, referenceIn } from './order-steps.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1 };
/** What the staff member hears when the provider's order number is already held by another local order. */
const PLACED_OR_UNRECORDED = /Order A\d+ is placed|could not be recorded here/;

/** The bot's own database, read through a second connection: how many orders wait in /review. */
function ordersInReview(world: World): number {
  const db = new Database(world.databasePath, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`select count(*) as n from orders where state = 'needs_review'`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The staff member's messages with the order's codes; in sandbox mode they start with the badge. */
const deliveries = (world: World, reference: string) =>
  world.telegram.messages(STAFF.id).filter((m) => m.text.includes(`Order ${reference} is delivered`) && m.text.includes(`/track ${reference}`));

const waitForDelivery = (world: World, reference: string) =>
  world.telegram.waitFor(() => deliveries(world, reference).length > 0, { timeoutMs: DELIVERY_WAIT_MS });

const walletLine = async (world: World) => (await chatDriver(world.telegram, ADMIN).say('/balance', /Wallet balance/)).text;

/**
 * The bot in sandbox mode runs the sandbox provider in its own process, so
 * a restart of the bot is a restart of the provider: these tests see the
 * sandbox only as staff do, through the chat and the bot's database.
 */
describe('sandbox mode across a restart', () => {
  const world = sharedWorld({ process: true, inProcessSandbox: true, staff: [STAFF] });
  const statePath = () => join(dirname(world.databasePath), 'giftdesk.provider.sqlite');

  it('keeps the wallet, numbers orders on, and still answers an order placed before kill -9', async () => {
    expect(await walletLine(world)).toContain('50,000,000 IRR');
    const first = referenceIn(await orderThroughChat(world, STAFF, GOOGLE_PLAY));
    expect(await walletLine(world)).toContain('48,750,000 IRR');
    // The sandbox takes seconds to complete an order: this one is still open at the provider when the process dies.
    expect(deliveries(world, first)).toHaveLength(0);
    await world.bot.kill9();
    await world.restart();

    expect(existsSync(statePath())).toBe(true);
    expect(await walletLine(world)).toContain('48,750,000 IRR');
    const second = referenceIn(await orderThroughChat(world, STAFF, GOOGLE_PLAY, PLACED_OR_UNRECORDED));
    expect(second).not.toBe(first);
    expect(ordersInReview(world)).toBe(0);
    expect(await walletLine(world)).toContain('47,500,000 IRR');

    await waitForDelivery(world, first);
    await waitForDelivery(world, second);
    expect((await localOrder(world, first))?.state).toBe('completed');
    expect((await localOrder(world, second))?.state).toBe('completed');
  });

  it('numbers orders above the database’s when the state file was lost', async () => {
    await world.bot.stop();
    for (const file of [statePath(), `${statePath()}-wal`]) rmSync(file, { force: true });
    await world.restart();

    const placed = await orderThroughChat(world, STAFF, GOOGLE_PLAY, PLACED_OR_UNRECORDED);
    expect(placed.text).toMatch(/is placed/);
    expect(ordersInReview(world)).toBe(0);
    // A sandbox started afresh: a full wallet again, less this order.
    expect(await walletLine(world)).toContain('48,750,000 IRR');
    await waitForDelivery(world, referenceIn(placed));
  });

  it('stops with exit code 2, names the state file and leaves it as it was when it is damaged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-damaged-'));
    try {
      const damaged = join(dir, 'giftdesk.provider.sqlite');
      writeFileSync(damaged, 'SQLite format 3\0 but nothing a database needs after it'.repeat(20));
      const bytes = readFileSync(damaged);
      const bot = startBotProcess({
        BOT_TOKEN: world.telegram.token,
        TELEGRAM_API_ROOT: world.telegram.apiRoot,
        PROVIDER_BASE_URL: 'sandbox',
        DATABASE_PATH: join(dir, 'giftdesk.sqlite'),
        ADMIN_IDS: String(ADMIN.id),
      });
      expect(await exitCode(bot)).toBe(2);
      expect(bot.output()).toContain(`giftdesk did not start: the sandbox state file ${damaged} cannot be used`);
      expect(bot.output()).toContain('move the file away');
      expect(readFileSync(damaged)).toEqual(bytes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
