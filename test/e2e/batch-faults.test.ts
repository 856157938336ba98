import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { SentMessage } from '../support/fake-bot-api/index.js';
import { sharedWorld, startWorld, STAFF, type World } from './harness.js';
import { posts } from './order-steps.js';

/** PUBG Mobile 325 UC: no questions, 100 in stock. */
const PUBG_325 = 123;
const WAIT_MS = 60_000;

const lastId = (world: World, chatId: number): number => world.telegram.messages(chatId).at(-1)?.message_id ?? 0;

function waitNew(world: World, chatId: number, since: number, match: RegExp): Promise<SentMessage> {
  return world.telegram.waitForMessage(chatId, (m) => m.message_id > since && match.test(m.text), { timeoutMs: WAIT_MS });
}

async function fileRows(world: World, chatId: number, since: number): Promise<string[][]> {
  const file = await world.telegram.waitFor(() => world.telegram.messages(chatId).find((m) => m.message_id > since && m.document?.fileName.includes('-codes.csv')), { timeoutMs: WAIT_MS });
  return (parse(file.document!.content.toString('utf8').slice(1), { relaxColumnCount: true }) as string[][]).slice(1);
}

/** The sandbox's orders of this product since `before` orders existed, oldest first. */
const createdSince = (world: World, before: number) => world.sandbox.controls.orders().slice(before).filter((order) => order.items[0]?.productId === PUBG_325);

async function confirmBatch(world: World, quantity: number): Promise<number> {
  const since = lastId(world, STAFF.id);
  world.telegram.sendText(STAFF, `/batch ${PUBG_325} ${quantity}`);
  const summary = await waitNew(world, STAFF.id, since, /Batch #\d+/);
  world.telegram.clickButton(STAFF, summary, /Confirm batch/);
  return since;
}

describe('a batch whose POST answer is lost', () => {
  const world = sharedWorld({ staff: [STAFF] });

  it('waits for reconciliation before the next order, adopts the lost one and goes on: each order placed once', async () => {
    world.sandbox.controls.setBalance(1_000_000_000);
    const before = posts(world);
    const ordersBefore = world.sandbox.controls.orders().length;
    world.sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });
    const since = await confirmBatch(world, 20);
    await world.telegram.waitFor(() => (posts(world) > before ? true : undefined), { timeoutMs: WAIT_MS });
    world.sandbox.controls.setOrderPostFault({ kind: 'none' });

    const rows = await fileRows(world, STAFF.id, since);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row[5])).size).toBe(20);
    expect(createdSince(world, ordersBefore)).toHaveLength(2);
    expect(posts(world)).toBe(before + 2);
  });
});

describe('a batch and kill -9', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ process: true, staff: [STAFF] });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('finishes after a restart with every order placed exactly once', async () => {
    world.sandbox.controls.setBalance(1_000_000_000);
    // Slow answers, so that the process dies with the batch half-way and perhaps a POST in flight.
    world.sandbox.controls.setLatency(700);
    const ordersBefore = world.sandbox.controls.orders().length;
    const before = posts(world);
    const since = await confirmBatch(world, 50);
    await world.telegram.waitFor(() => (posts(world) >= before + 2 ? true : undefined), { timeoutMs: WAIT_MS });
    await world.bot.kill9();
    world.sandbox.controls.setLatency(0);
    await world.restart();

    const rows = await fileRows(world, STAFF.id, since);
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((row) => row[5])).size).toBe(50);
    const created = createdSince(world, ordersBefore);
    expect(created.map((order) => order.items[0]!.quantity)).toEqual([10, 10, 10, 10, 10]);
    // A POST cut off by the kill is adopted, never sent again: no more POSTs than orders.
    expect(posts(world) - before).toBe(5);
  });
});
