import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS, type SandboxOrder } from '../../src/sandbox/server.js';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { ADMIN, sharedWorld, STAFF, type World } from './harness.js';
import { orderThroughChat, referenceIn, sandboxOrder, waitForDelivery } from './order-steps.js';
import { recordPlaced } from './record-placed.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };
const US = { productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1 };

const deliveredReferences = (world: World, chatId: number): string[] =>
  world.telegram
    .messages(chatId)
    .map((m) => /^Order (A\d+) is delivered/.exec(m.text)?.[1])
    .filter((reference): reference is string => reference !== undefined);

/**
 * The people many orders are shared among: Telegram takes a message a second
 * in one chat, and deliveries keep to it, so two hundred orders of one person
 * would take over three minutes to arrive whatever the sweep does.
 */
const PEOPLE: FakeUser[] = [STAFF, ...Array.from({ length: 9 }, (_, i) => ({ id: 4_100 + i, firstName: `Staff ${i + 1}`, languageCode: 'en' }))];

/** The orders recorded as placed by the people in turn, each of whom has started the bot (Telegram lets a bot write only to them). */
function recordPlacedByEveryone(world: World, placed: readonly SandboxOrder[]): void {
  for (const person of PEOPLE) world.telegram.addChat(person);
  recordPlaced(world, placed, { userIdOf: (index) => PEOPLE[index % PEOPLE.length]!.id, keyPrefix: 'sweep' });
}

const deliveredToEveryone = (world: World): string[] => PEOPLE.flatMap((person) => deliveredReferences(world, person.id));

const detailReads = (world: World): number => world.sandbox.requests.filter((r) => r.method === 'GET' && /^\/orders\/[^/]+$/.test(r.path)).length;

async function allDelivered(world: World, references: readonly string[], timeoutMs: number): Promise<void> {
  await world.telegram.waitFor(() => {
    const seen = new Set(deliveredToEveryone(world));
    return references.every((reference) => seen.has(reference)) || undefined;
  }, { timeoutMs });
}

describe('the sweep: orders through unknown states, and orders the provider does not know', () => {
  const world = sharedWorld({ staff: [STAFF] });

  it('delivers an order that went through a state nobody knows within seconds of its completion', async () => {
    world.sandbox.controls.setOrderPlanner(({ createdAtMs }) => ({
      finalAtMs: createdAtMs + 8_000,
      detour: { status: 'UNDER_MANUAL_REVIEW', fromMs: createdAtMs + 400 },
    }));
    const reference = referenceIn(await orderThroughChat(world, STAFF, { ...GOOGLE_PLAY, quantity: 1 }));

    await world.telegram.waitForMessage(STAFF.id, new RegExp(`UNDER_MANUAL_REVIEW.*${reference}`), { timeoutMs: 10_000 });
    await waitForDelivery(world, STAFF.id, reference);
    const lag = Date.now() - sandboxOrder(world, reference).finalAtMs;
    world.sandbox.controls.setOrderPlanner(null);

    expect(lag).toBeLessThan(10_000);
  }, 40_000);

  it('tells the administrators about an order the provider answers 404 for, again and again', async () => {
    const [real] = world.sandbox.controls.placeOrders(1, US);
    recordPlaced(world, [real!], { userIdOf: () => STAFF.id, keyPrefix: 'sweep', providerOrderId: () => 424_242 });

    const alert = await world.telegram.waitForMessage(ADMIN.id, /Unknown to the provider/, { timeoutMs: 40_000 });

    expect(alert.text).toContain(real!.orderReference);
    expect(alert.text).toMatch(/3 times in a row/);
  }, 60_000);
});

describe('the sweep with 200 open orders and history pages of 25', () => {
  const world = sharedWorld({ sandbox: { maxPageSize: 25, initialBalance: 1e12 }, staff: PEOPLE });

  it('delivers every one of them once, with one detail read per order', async () => {
    world.sandbox.controls.setOrderPlanner(({ createdAtMs }) => ({ finalAtMs: createdAtMs + 3_000 + Math.random() * 12_000 }));
    const placed = world.sandbox.controls.placeOrders(200, US);
    const reads = detailReads(world);
    recordPlacedByEveryone(world, placed);

    // Two hundred detail reads at the default 8 requests a second, then each person's twenty codes a second apart: a loaded machine needs room.
    await allDelivered(world, placed.map((o) => o.orderReference), 150_000);

    const delivered = deliveredToEveryone(world);
    expect(delivered).toHaveLength(200);
    expect(new Set(delivered).size).toBe(200);
    expect(detailReads(world) - reads).toBe(200);
    const pages = world.sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/orders').map((r) => Number(r.query['page']));
    expect(Math.max(...pages)).toBeGreaterThanOrEqual(8);
  }, 180_000);
});

describe('the sweep killed with -9 in the middle', () => {
  const world = sharedWorld({ process: true, sandbox: { initialBalance: 1e12 }, staff: PEOPLE });

  it('loses no delivery and sends at most the one message in flight again', async () => {
    world.sandbox.controls.setOrderPlanner(({ createdAtMs }) => ({ finalAtMs: createdAtMs + 2_000 + Math.random() * 10_000 }));
    world.sandbox.controls.setLatency(30);
    const placed = world.sandbox.controls.placeOrders(60, US);
    recordPlacedByEveryone(world, placed);

    await world.bot.waitForLog((line) => line.msg === 'order state changed' && line['to'] === 'completed', 30_000);
    await world.bot.kill9();
    await world.restart();
    await allDelivered(world, placed.map((o) => o.orderReference), 60_000);

    const delivered = deliveredToEveryone(world);
    expect(new Set(delivered).size).toBe(60);
    expect(delivered.length - 60).toBeLessThanOrEqual(1);
  }, 120_000);
});
