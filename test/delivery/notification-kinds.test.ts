import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema.js';
import { type ReviewCandidate } from '../../src/domain/order-states.js';
import type { OrderRow } from '../../src/db/order-store.js';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { deliveryHeading } from '../../src/delivery/notification-texts.js';
import { createI18n } from '../support/i18n-plugin.js';
import { ADMIN, SECOND_ADMIN, senderWorld, STAFF, T0, UNTIL_FINAL_MS } from './sender-world.js';

const P = SANDBOX_PRODUCTS;

async function placed(world: Awaited<ReturnType<typeof senderWorld>>, productId: number) {
  const result = await world.place(productId);
  if (result.kind !== 'placed') throw new Error(`order was ${result.kind}`);
  return result.order;
}

describe('notification sender: orders that end without codes', () => {
  it('tells the staff member a failed order failed and that the money came back, as the wallet shows', async () => {
    const world = await senderWorld();
    const order = await placed(world, P.alwaysFails);
    world.clock.advance(UNTIL_FINAL_MS);
    await world.settle(order, 'failed', 'failed', 'FAILED');

    expect((await world.sender.runOnce()).sent).toBe(1);

    const text = world.messagesTo(STAFF)[0]?.text ?? '';
    expect(text).toContain(`Order ${order.providerReference}`);
    expect(text).toContain('failed at the provider');
    expect(text).toContain('The money came back: 1,900,000 IRR was credited to the wallet.');
  });

  it('says no refund is seen yet when the wallet has no credit for the order', async () => {
    const world = await senderWorld();
    const order = await placed(world, P.alwaysFails);
    await world.settle(order, 'cancelled', 'cancelled', 'CANCELLED');

    await world.sender.runOnce();

    const text = world.messagesTo(STAFF)[0]?.text ?? '';
    expect(text).toContain('was cancelled by the provider');
    expect(text).toContain('No refund is seen in the wallet yet.');
  });

  it('tells the staff member and administrators what ACTION_REQUIRED means, and that nothing is resubmitted', async () => {
    const world = await senderWorld();
    const order = await placed(world, P.actionRequired);
    world.clock.advance(UNTIL_FINAL_MS);
    await world.settle(order, 'action_required', 'action_required', 'ACTION_REQUIRED');

    await world.sender.runOnce();

    expect(world.messagesTo(STAFF)[0]?.text).toContain('waiting for a person at the provider');
    expect(world.messagesTo(STAFF)[0]?.text).toContain('Nothing will be ordered again.');
    const alert = world.messagesTo(ADMIN)[0]?.text ?? '';
    expect(alert).toContain(`order ${order.providerReference}`);
    expect(alert).toContain('ACTION_REQUIRED');
    expect(world.sandbox.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('names a state nobody knows to the staff member and administrators', async () => {
    const world = await senderWorld();
    const order = await placed(world, P.noFields);
    await world.settle(order, 'unrecognised', 'unrecognised', 'ON_HOLD_BY_BANK');

    await world.sender.runOnce();

    expect(world.messagesTo(STAFF)[0]?.text).toContain('("ON_HOLD_BY_BANK")');
    expect(world.messagesTo(ADMIN)[0]?.text).toContain('"ON_HOLD_BY_BANK"');
  });
});

describe('notification sender: unknown outcomes', () => {
  async function unknownOrder(world: Awaited<ReturnType<typeof senderWorld>>) {
    world.sandbox.controls.setOrderPostFault({ kind: 'drop-after-create' });
    const result = await world.place(P.noFields);
    world.sandbox.controls.setOrderPostFault({ kind: 'none' });
    if (result.kind !== 'unknown') throw new Error(`order was ${result.kind}`);
    return result.order;
  }

  it('tells the staff member an unknown order was placed after all, with its reference', async () => {
    const world = await senderWorld();
    const order = await unknownOrder(world);
    const remote = world.sandbox.controls.orders()[0];
    await world.repo.transition({
      id: order.id,
      from: 'unknown',
      to: 'in_progress',
      set: { providerOrderId: remote?.orderId, providerReference: remote?.orderReference },
      audit: { actorId: null, action: 'order.adopted' },
    });
    await world.settle({ ...order, state: 'in_progress' }, 'in_progress', 'adopted');

    await world.sender.runOnce();

    expect(world.messagesTo(STAFF)[0]?.text).toContain(`was placed after all: reference ${remote?.orderReference}`);
  });

  it('tells administrators why an order was adopted on its own, in one line with both orders and the proof', async () => {
    const world = await senderWorld({ admins: [{ telegramId: ADMIN, locale: 'en' }, { telegramId: SECOND_ADMIN, locale: 'fa' }] });
    const order = await unknownOrder(world);
    const remote = world.sandbox.controls.orders()[0];
    if (!remote) throw new Error('the sandbox has no order');
    await world.repo.transition({
      id: order.id,
      from: 'unknown',
      to: 'in_progress',
      set: {
        providerOrderId: remote.orderId,
        providerReference: remote.orderReference,
        adoptionProof: { providerOrderId: remote.orderId, providerCreatedAt: remote.createdAt, flightFrom: T0, flightTo: T0 + 40, marginMs: 250, measured: false, debitAmount: 1_250_000 },
      },
      audit: { actorId: null, action: 'order.adopted' },
      notify: ['adopted'],
    });

    await world.sender.runOnce();

    expect(world.messagesTo(ADMIN).map((m) => m.text)).toEqual([
      `[SANDBOX] Adopted automatically: order ${remote.orderReference} (#${order.id}, Google Play 10 USD (US) × 1, 1,250,000 IRR, ordered by ${STAFF}) is provider order ${remote.orderId}. ` +
        `Proof: the provider created it at 21 Nov 2026, 10:00:00.000 (Coordinated Universal Time), inside the time our order request was in flight ` +
        `(21 Nov 2026, 10:00:00.000 (Coordinated Universal Time) to 21 Nov 2026, 10:00:00.040 (Coordinated Universal Time), ` +
        'give or take 250 ms of clock difference, not measured yet), and the wallet shows its debit of 1,250,000 IRR.',
    ]);
    const persian = world.messagesTo(SECOND_ADMIN)[0]?.text ?? '';
    expect(persian).toContain('پذیرش خودکار');
    // The proof's instants in the Persian calendar and digits, not as ISO text.
    expect(persian).toContain('۳۰ آبان ۱۴۰۵، ۱۰:۰۰:۰۰٫۰۴۰');
    expect(world.messagesTo(STAFF)[0]?.text).toContain(`was placed after all: reference ${remote.orderReference}`);
  });

  it('tells administrators, not the staff member again, of an order the provider accepted that could not be recorded', async () => {
    const world = await senderWorld();
    const order = await unknownOrder(world);
    await world.repo.transition({
      id: order.id,
      from: 'unknown',
      to: 'needs_review',
      set: { acceptedOrderId: 9001, acceptedReference: 'A100234', acceptedAmount: 1_250_000 },
      audit: { actorId: null, action: 'order.needs_review' },
      notify: ['needs_review'],
    });

    await world.sender.runOnce();

    expect(world.messagesTo(STAFF)).toHaveLength(0);
    const alert = world.messagesTo(ADMIN)[0]?.text ?? '';
    expect(alert).toContain('the provider accepted order #');
    expect(alert).toContain('as its order A100234 (number 9001, 1,250,000 IRR), and the wallet was charged');
    // The provider number: the reference may be one another local order also holds.
    expect(alert).toContain(`/review #${order.id} adopt 9001`);
  });

  it('tells the staff member it is safe to order again when the provider has no such order', async () => {
    const world = await senderWorld();
    const order = await unknownOrder(world);
    await world.settle(order, 'not_placed', 'not_placed');

    await world.sender.runOnce();

    const text = world.messagesTo(STAFF)[0]?.text ?? '';
    expect(text).toContain('nothing was charged');
    expect(text).toContain('It is safe to order it again.');
  });

  /** Moves the order to needs_review with the candidates reconciliation recorded, as it would. */
  async function inReview(world: Awaited<ReturnType<typeof senderWorld>>, order: OrderRow, candidates: ReviewCandidate[]) {
    await world.settle(order, 'needs_review', 'needs_review');
    world.db.update(orders).set({ reviewCandidates: candidates }).where(eq(orders.id, order.id)).run();
  }

  it('tells the staff member an administrator is checking and gives administrators the recorded candidates', async () => {
    const world = await senderWorld();
    const order = await unknownOrder(world);
    const remote = world.sandbox.controls.orders()[0];
    if (!remote) throw new Error('the sandbox has no order');
    await inReview(world, order, [
      { orderId: remote.orderId, reference: remote.orderReference, status: 'PREPARING', amount: 1_250_000, createdAt: null },
      { orderId: 4242, reference: null, status: null, amount: 1_250_000, createdAt: null },
    ]);
    const requests = world.sandbox.requests.length;

    await world.sender.runOnce();

    expect(world.messagesTo(STAFF)[0]?.text).toContain('An administrator is checking.');
    const alert = world.messagesTo(ADMIN)[0]?.text ?? '';
    expect(alert).toContain(`order #${order.id}`);
    expect(alert).toContain(`Candidates: ${remote.orderReference} (PREPARING, 1,250,000 IRR); 4242 (1,250,000 IRR)`);
    expect(world.sandbox.requests.length).toBe(requests);
  });

  it('tells administrators the order may be further back when no candidate within reach was left', async () => {
    const world = await senderWorld();
    const order = await unknownOrder(world);
    await inReview(world, order, []);

    await world.sender.runOnce();

    expect(world.messagesTo(ADMIN)[0]?.text).toContain('could not be read back to that time, so the order may be further back');
  });
});

describe('notification sender: stale orders', () => {
  it('tells every administrator once, each in their language, and not the staff member', async () => {
    const world = await senderWorld({
      admins: [
        { telegramId: ADMIN, locale: 'en' },
        { telegramId: SECOND_ADMIN, locale: 'fa' },
      ],
    });
    const order = await placed(world, P.noFields);
    world.clock.advance(31 * 60_000);
    await world.settle(order, 'in_progress', 'stale');

    await world.sender.runOnce();
    await world.sender.runOnce();

    expect(world.messagesTo(STAFF)).toHaveLength(0);
    expect(world.messagesTo(ADMIN).map((m) => m.text)).toEqual([
      `[SANDBOX] Still open: order ${order.providerReference} (#${order.id}, Google Play 10 USD (US) × 1, 1,250,000 IRR, ordered by ${STAFF}) is still PREPARING after 31 minutes. It keeps being followed, more slowly.`,
    ]);
    const persian = world.messagesTo(SECOND_ADMIN);
    expect(persian).toHaveLength(1);
    expect(persian[0]?.text).toContain('پس از ۳۱ دقیقه');
  });

  it('still reaches the other administrators when one has blocked the bot', async () => {
    const world = await senderWorld({
      admins: [
        { telegramId: ADMIN, locale: 'en' },
        { telegramId: SECOND_ADMIN, locale: 'en' },
      ],
    });
    const order = await placed(world, P.noFields);
    world.telegram.blockBy(ADMIN);
    await world.settle(order, 'in_progress', 'stale');

    expect((await world.sender.runOnce()).sent).toBe(1);
    expect(world.messagesTo(SECOND_ADMIN)).toHaveLength(1);
  });
});

describe('notification sender: Persian', () => {
  it('writes the delivery in Persian for a Persian-speaking staff member', async () => {
    const world = await senderWorld({ staffLocale: 'fa' });
    await world.completedOrder(P.noFields, 2);

    await world.sender.runOnce();

    const text = world.messagesTo(STAFF)[0]?.text ?? '';
    expect(text.split('\n')[0]).toBe('[آزمایشی · SANDBOX]');
    expect(text).toContain('تحویل شد: Google Play 10 USD (US) × ۲');
    expect(text).toContain('کارت ۲');
    expect(text).toContain('تاریخ انقضا: ');
  });

  it('heads the delivery of several products with their counts', () => {
    const i18n = createI18n('fa');
    const line = (id: number, quantity: number) => ({ product: { id, title: `P${id}` }, region: { regionPropertyId: id, title: 'US', price: 1 }, quantity, fields: [] });
    const order = { id: 7, providerReference: 'A100234', lines: [line(1, 2), line(2, 1), line(3, 2)] } as unknown as OrderRow;
    const ctx = { t: (key: string, vars?: Record<string, string | number>) => i18n.t('fa', key, vars), locale: 'fa' as const, amountUnit: 'IRR' as const, timeZone: 'UTC', monthCalendar: 'gregorian' as const, sandbox: false };
    expect(deliveryHeading(order, ctx, 5).rawText.split('\n')[0]).toBe('سفارش A100234 تحویل شد: ۳ محصول، ۵ کارت');
  });
});
