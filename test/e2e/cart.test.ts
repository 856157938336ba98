import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import type { SandboxOrder } from '../../src/sandbox/server.js';
import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { addApple, addGoogle, orderThreeProducts } from './cart-steps.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { posts, referenceIn, sandboxOrder, spoilers, waitForDelivery } from './order-steps.js';

const OTHER_STAFF: FakeUser = { id: 4004, firstName: 'Olga', languageCode: 'en' };

const GOOGLE_TITLE = 'Google Play 10 USD';
const FREE_FIRE_TITLE = 'Free Fire 520 Diamonds';
const APPLE_TITLE = 'گیفت کارت اپل ۲۵ دلاری';

/** The codes the sandbox delivered for one product of the order. */
const codesOf = (order: SandboxOrder, productId: number): string[] =>
  order.items.filter((item) => item.productId === productId).flatMap((item) => item.delivery?.cards.map((card) => card.code) ?? []);

/**
 * Each product's title stands above its own codes and below the codes of the
 * products before it, in the delivery's text read as one; the heading, which
 * names every product in brief, is skipped (up to its "Charged:" line).
 */
function expectGroupedByProduct(text: string, groups: readonly { title: string; codes: readonly string[] }[]): void {
  const charged = text.indexOf('\nCharged:');
  expect(charged, 'the heading\'s "Charged:" line').toBeGreaterThan(0);
  let from = text.indexOf('\n', charged + 1);
  for (const [index, { title, codes }] of groups.entries()) {
    const titleAt = text.indexOf(title, from);
    expect(titleAt, `${title} after position ${from}`).toBeGreaterThanOrEqual(0);
    const next = groups[index + 1];
    const nextAt = next ? text.indexOf(next.title, titleAt + title.length) : text.length;
    expect(nextAt, `${next?.title} after ${title}`).toBeGreaterThan(titleAt);
    for (const code of codes) {
      const codeAt = text.indexOf(code, from);
      expect(codeAt, `code of ${title}`).toBeGreaterThan(titleAt);
      expect(codeAt, `code of ${title} before the next product`).toBeLessThan(nextAt);
    }
    from = titleAt + title.length;
  }
}

describe('an order of several products, the built program in its own process', () => {
  const world = sharedWorld({ process: true, sandbox: { initialBalance: 1_000_000_000 }, staff: [STAFF] });
  const staff = () => chatDriver(world.telegram, STAFF);

  afterEach(() => {
    world.sandbox.controls.setProductUndelivered(SANDBOX_PRODUCTS.oneField, false);
  });

  it('places three products with one POST, asks only the two that need answers, and delivers every code under its product', async () => {
    const chat = staff();
    const summary = await orderThreeProducts(chat, { googleQuantity: '2', playerId: '987654321', email: 'cart-buyer@example.com' });
    expect(summary.text).toContain(`1. ${GOOGLE_TITLE} (US) × 2`);
    expect(summary.text).toContain(`2. ${FREE_FIRE_TITLE} (Global) × 1`);
    expect(summary.text).toMatch(/3\. .*اپل.* × 1/);
    const sent = posts(world);

    const reference = referenceIn(await chat.tap(/Confirm order/, /Order A\d+ is placed/));
    expect(posts(world)).toBe(sent + 1);
    const order = sandboxOrder(world, reference);
    expect(order.items.map((item) => [item.productId, item.quantity])).toEqual([
      [SANDBOX_PRODUCTS.noFields, 2],
      [SANDBOX_PRODUCTS.unusualFields, 1],
      [SANDBOX_PRODUCTS.oneField, 1],
    ]);
    // What the provider received for the questions: the two products that ask, each with its own answer.
    expect(Object.keys(order.requiredFields).sort()).toEqual([String(SANDBOX_PRODUCTS.oneField), String(SANDBOX_PRODUCTS.unusualFields)]);
    expect(order.requiredFields[String(SANDBOX_PRODUCTS.unusualFields)]!.map((field) => field.value)).toEqual(['987654321']);
    expect(order.requiredFields[String(SANDBOX_PRODUCTS.oneField)]!.map((field) => field.value)).toEqual(['cart-buyer@example.com']);

    const parts = await waitForDelivery(world, STAFF.id, reference);
    expect(posts(world)).toBe(sent + 1);
    const delivered = sandboxOrder(world, reference);
    const google = codesOf(delivered, SANDBOX_PRODUCTS.noFields);
    const freeFire = codesOf(delivered, SANDBOX_PRODUCTS.unusualFields);
    const apple = codesOf(delivered, SANDBOX_PRODUCTS.oneField);
    expect([google.length, freeFire.length, apple.length]).toEqual([2, 1, 1]);
    const hidden = parts.flatMap(spoilers);
    for (const code of [...google, ...freeFire, ...apple]) expect(hidden).toContain(code);
    expectGroupedByProduct(parts.map((part) => part.text).join('\n'), [
      { title: GOOGLE_TITLE, codes: google },
      { title: FREE_FIRE_TITLE, codes: freeFire },
      { title: APPLE_TITLE, codes: apple },
    ]);
    expect(parts.map((part) => part.text).join('\n')).not.toMatch(/No codes came for/);
    expect(world.telegram.messages(ADMIN.id).some((m) => m.text.includes(reference))).toBe(false);
  });

  it('names a line that came without codes in a completed order to the staff member and the administrators, and sends the other line\'s codes', async () => {
    world.sandbox.controls.setProductUndelivered(SANDBOX_PRODUCTS.oneField, true);
    const chat = staff();
    await chat.say('/order', /Choose a category/);
    await addGoogle(chat, '1');
    await chat.tap(/Add another product/, /Products in this order so far: 1/);
    await addApple(chat, '1');
    const sent = posts(world);
    const reference = referenceIn(await chat.tap(/Confirm order/, /Order A\d+ is placed/));
    expect(posts(world)).toBe(sent + 1);

    const parts = await waitForDelivery(world, STAFF.id, reference);
    const order = sandboxOrder(world, reference);
    expect(order.status).toBe('COMPLETED');
    expect(order.items.find((item) => item.productId === SANDBOX_PRODUCTS.oneField)?.delivery).toBeNull();
    const google = codesOf(order, SANDBOX_PRODUCTS.noFields);
    expect(google).toHaveLength(1);
    const text = parts.map((part) => part.text).join('\n');
    expect(text).toContain(`No codes came for: ${APPLE_TITLE} (US). Administrators are told`);
    expect(parts.flatMap(spoilers)).toEqual(expect.arrayContaining(google));
    expectGroupedByProduct(text, [{ title: GOOGLE_TITLE, codes: google }]);

    const alert = await world.telegram.waitForMessage(ADMIN.id, new RegExp(`reports order ${reference} \\(.*\\) as completed, but these products came without codes`));
    expect(alert.text).toContain(`these products came without codes: ${APPLE_TITLE} (US)`);
    // Only the line without codes is named as such, not the one delivered.
    const named = alert.text.slice(alert.text.indexOf('came without codes:'));
    expect(named).not.toContain(GOOGLE_TITLE);
    // The codes never reach administrators.
    for (const code of google) expect(alert.text).not.toContain(code);
  });
});

describe('an order of several products against the spending rules', () => {
  const world = sharedWorld({ staff: [STAFF, OTHER_STAFF] });
  const admin = () => chatDriver(world.telegram, ADMIN);
  const requests = () => world.telegram.messages(ADMIN.id).filter((m) => /^Approval needed: request \d+/.test(m.text));
  const hasButton = (message: SentMessage, label: RegExp): boolean => {
    try {
      world.telegram.findButton(message, label);
      return true;
    } catch {
      return false;
    }
  };

  beforeAll(async () => {
    // Each product alone is below both; the three together are above.
    await admin().say(`/limits ${STAFF.id} day 4,000,000`, /Per day: 4,000,000 IRR/);
    await admin().say('/approvals threshold 4000000', /Orders above 4,000,000 IRR now wait/);
  });

  it('names the day limit and offers no Confirm when the cart passes it, though each line alone would not', async () => {
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/order', /Choose a category/);
    // 2 × 1,250,000: within the limit.
    const one = await addGoogle(chat, '2');
    expect(one.text).not.toMatch(/daily limit/);
    expect(hasButton(one, /Confirm/)).toBe(true);
    await chat.tap(/Add another product/, /Products in this order so far: 1/);
    // + 3,100,000 (within the limit alone): 5,600,000 in all.
    const both = await addApple(chat, '1');
    expect(both.text).toContain('Total: 5,600,000 IRR');
    expect(both.text).toContain('Over your daily limit of 4,000,000 IRR: 4,000,000 IRR left today.');
    expect(hasButton(both, /Confirm/)).toBe(false);
    expect(posts(world)).toBe(0);
    await chat.tap(/Cancel/, /cancel/i);
    expect(posts(world)).toBe(0);
  });

  it('shows administrators every line of a cart above the approval threshold and places every line with one POST on Approve', async () => {
    const chat = chatDriver(world.telegram, OTHER_STAFF);
    // 1,250,000 + 480,000 + 3,100,000
    const summary = await orderThreeProducts(chat, { googleQuantity: '1' });
    expect(summary.text).toContain('Total: 4,830,000 IRR');
    expect(summary.text).toMatch(/This order needs an administrator's approval/);
    expect(summary.text).not.toMatch(/(?<![\d,])4,000,000/);
    const before = requests().length;
    const sent = posts(world);
    const waiting = await chat.tap(/Confirm/, /needs an administrator's approval/);
    expect(waiting.text).toContain('Products: 3');
    for (const title of [GOOGLE_TITLE, FREE_FIRE_TITLE, APPLE_TITLE]) expect(waiting.text).toContain(title);
    const card = await world.telegram.waitFor(() => requests().length > before && requests().at(-1));
    expect(posts(world)).toBe(sent);
    for (const [index, title] of [GOOGLE_TITLE, FREE_FIRE_TITLE, APPLE_TITLE].entries()) {
      expect(card.text).toContain(`Product ${index + 1} of 3`);
      expect(card.text).toContain(title);
    }
    expect(card.text).toContain('Total: 4,830,000 IRR');

    const edits = card.edits;
    world.telegram.clickButton(ADMIN, card, /Approve/);
    await world.telegram.waitFor(
      () => world.telegram.messages(ADMIN.id).find((m) => m.message_id === card.message_id && m.edits > edits && /You approved it/.test(m.text)),
      { timeoutMs: 10_000 },
    );
    const told = await world.telegram.waitForMessage(OTHER_STAFF.id, /Ada approved your order/);
    const reference = referenceIn(told);
    expect(posts(world)).toBe(sent + 1);
    const order = sandboxOrder(world, reference);
    expect(order.items.map((item) => [item.productId, item.quantity])).toEqual([
      [SANDBOX_PRODUCTS.noFields, 1],
      [SANDBOX_PRODUCTS.unusualFields, 1],
      [SANDBOX_PRODUCTS.oneField, 1],
    ]);
    expect(order.amount).toBe(4_830_000);

    const parts = await waitForDelivery(world, OTHER_STAFF.id, reference);
    const codes = sandboxOrder(world, reference).items.flatMap((item) => item.delivery?.cards.map((card) => card.code) ?? []);
    expect(codes).toHaveLength(3);
    expect(parts.flatMap(spoilers)).toEqual(expect.arrayContaining(codes));
    expect(posts(world)).toBe(sent + 1);
  });
});
