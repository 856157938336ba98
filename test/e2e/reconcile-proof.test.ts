import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { waitUntil } from '../support/wait-until.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF, type World } from './harness.js';
import { cardsOf, DELIVERY_WAIT_MS, orderThroughChat, posts, sandboxOrder, spoilers, waitForDelivery } from './order-steps.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1 };
const UNCONFIRMED = /The provider did not confirm your order\. .* Do not order again/;
const NOT_PLACED = /was not placed and nothing was charged/;

interface Row {
  id: number;
  state: string;
  provider_order_id: number | null;
  accepted_order_id: number | null;
  accepted_reference: string | null;
}

/** When the newest order's POST was answered, as the bot recorded it; null before. */
function postEndedAt(world: World): number | null {
  const db = new Database(world.databasePath, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('select post_ended_at as at from orders order by id desc limit 1').get() as { at: number | null } | undefined)?.at ?? null;
  } finally {
    db.close();
  }
}

function newestOrder(world: World): Row {
  const db = new Database(world.databasePath, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('select id, state, provider_order_id, accepted_order_id, accepted_reference from orders order by id desc limit 1')
      .get() as Row;
  } finally {
    db.close();
  }
}

/** An order from the sandbox days on this database: it holds a provider order number the provider now gives to another order. */
function insertOldOrderHolding(world: World, providerOrderId: number): number {
  const db = new Database(world.databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const at = Date.now() - 90 * 24 * 60 * 60_000;
    const result = db
      .prepare(
        `insert into orders (user_id, chat_id, confirm_key, fingerprint, lines, total_amount, state, provider_order_id, provider_reference,
           provider_status, sandbox, created_at, posted_at, post_ended_at, updated_at, finished_at)
         values (?, ?, 'sandbox-days', 'sandbox-days', json_array(json_object('product', json_object('id', ?, 'title', 'Google Play 10 USD'), 'region', json_object('regionPropertyId', 5001, 'title', 'US', 'price', 1250000), 'quantity', 1, 'fields', json('[]'))), 1250000,
           'completed', ?, 'SBX-7', 'COMPLETED', 1, ?, ?, ?, ?, ?)`,
      )
      .run(STAFF.id, STAFF.id, SANDBOX_PRODUCTS.noFields, providerOrderId, at, at, at, at, at);
    return Number(result.lastInsertRowid);
  } finally {
    db.close();
  }
}

describe('an order the provider accepted is never reported as not placed', () => {
  const world = sharedWorld({ staff: [STAFF] });

  it('sends an accepted order whose provider number an old order holds to review, tells the staff member it was accepted and administrators at once', async () => {
    const nextId = 9001 + world.sandbox.controls.orders().length;
    insertOldOrderHolding(world, nextId);
    const before = posts(world);

    const answer = await orderThroughChat(world, STAFF, GOOGLE_PLAY, /The provider accepted your order, and it is our order #\d+\./);

    const created = world.sandbox.controls.orders().at(-1);
    expect(created?.orderId).toBe(nextId);
    const ours = newestOrder(world);
    // Our own number: the provider's reference is also the old order's, and /track would show that one.
    expect(answer.text).toContain(`/track #${ours.id}`);
    expect(answer.text).not.toContain(`${created?.orderReference}`);
    expect(answer.text).not.toMatch(/may or may not/);
    const alert = await world.telegram.waitForMessage(ADMIN.id, /Please sort out: the provider accepted/);
    expect(alert.text).toContain(`as its order ${created?.orderReference} (number ${nextId}, 1,250,000 IRR)`);
    expect(alert.text).toContain(`/review #${ours.id} adopt ${nextId}`);
    expect(ours).toMatchObject({ state: 'needs_review', provider_order_id: null, accepted_order_id: nextId, accepted_reference: created?.orderReference });
    expect(posts(world)).toBe(before + 1);
  });

  it('lets an administrator adopt that order, whose codes then reach the staff member, and never says it was not placed', async () => {
    const order = newestOrder(world);
    const reference = order.accepted_reference ?? '';
    const admin = chatDriver(world.telegram, ADMIN);

    await admin.say(`/review #${order.id} none`, new RegExp(`accepted by the provider as ${reference}, so it cannot be marked as not placed`));
    // Exactly the command the alert suggested.
    const alert = world.telegram.messages(ADMIN.id).find((m) => /Please sort out: the provider accepted/.test(m.text));
    const suggested = /\/review #\d+ adopt \d+/.exec(alert?.text ?? '')?.[0] ?? 'no command suggested';
    const done = await admin.say(suggested, new RegExp(`Done: order #${order.id} is provider order ${reference}`));
    const parts = await waitForDelivery(world, STAFF.id, reference);

    expect(done.text).toMatch(/stale link was removed/);
    const cards = cardsOf(sandboxOrder(world, reference));
    expect(parts.flatMap(spoilers)).toEqual(expect.arrayContaining(cards.map((card) => card.code)));
    expect(world.telegram.messages(STAFF.id).some((m) => NOT_PLACED.test(m.text))).toBe(false);
  });
});

describe('adoption needs proof', () => {
  const world = sharedWorld({ staff: [STAFF] });

  it('hands to review, never adopts, an identical order bought in the panel half a second after a POST answered 502 without creating one', async () => {
    const before = posts(world);
    world.sandbox.controls.setOrderPostFault({ kind: 'server-error-before-create' });
    try {
      await orderThroughChat(world, STAFF, GOOGLE_PLAY, UNCONFIRMED);
    } finally {
      world.sandbox.controls.setOrderPostFault({ kind: 'none' });
    }
    expect(world.sandbox.controls.orders()).toHaveLength(0);
    // Setting the scene on the real clock: the panel purchase comes more than half a second after the 502 was answered.
    const answeredAt = await waitUntil(() => postEndedAt(world), 'the end of the POST recorded on the order');
    await waitUntil(() => Date.now() >= answeredAt + 600, 'the real clock 600 ms past the end of the POST');
    const panel = world.sandbox.controls.placeOutsideApi({ products: [{ productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1 }] });

    const told = await world.telegram.waitForMessage(STAFF.id, /I cannot tell for sure whether your order of Google Play 10 USD/, { timeoutMs: DELIVERY_WAIT_MS });
    const alert = await world.telegram.waitForMessage(ADMIN.id, /Please decide: the outcome of order #/);

    expect(told.text).toContain('An administrator is checking.');
    expect(alert.text).toContain(panel.orderReference);
    expect(newestOrder(world)).toMatchObject({ state: 'needs_review', provider_order_id: null });
    expect(world.telegram.messages(STAFF.id).some((m) => /was placed after all/.test(m.text))).toBe(false);
    expect(world.telegram.messages(ADMIN.id).some((m) => /Adopted automatically/.test(m.text))).toBe(false);
    expect(posts(world)).toBe(before + 1);
  });
});
