import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld } from './harness.js';
import { orderThroughChat, referenceIn } from './order-steps.js';

const NIA: FakeUser = { id: 5005, firstName: 'Nia', username: 'nia_orders', languageCode: 'en' };
const OMAR: FakeUser = { id: 5006, firstName: 'Omar', username: 'omar_o', languageCode: 'en' };

describe('finding orders with /orders', () => {
  const world = sharedWorld({ staff: [NIA, OMAR, PERSIAN_STAFF] });
  let niaReference = '';
  let omarReference = '';

  const nia = () => chatDriver(world.telegram, NIA);
  const sandboxOrderId = (reference: string) => world.sandbox.controls.orders().find((o) => o.orderReference === reference)!.orderId;
  const admin = () => chatDriver(world.telegram, ADMIN);

  beforeAll(async () => {
    niaReference = referenceIn(await orderThroughChat(world, NIA, { search: 'Google Play 10', product: /^Google Play 10 USD/, quantity: 1 }));
    omarReference = referenceIn(await orderThroughChat(world, OMAR, { search: 'PUBG', product: /^PUBG Mobile 660 UC/, quantity: 1 }));
  });

  it('lists one person’s orders for an administrator who names them by @username', async () => {
    const list = await admin().say('/orders @omar_o', /Orders of Omar/);
    expect(list.text).toContain(omarReference);
    expect(list.text).not.toContain(niaReference);
  });

  it('says who is unknown when nobody has that @username', async () => {
    await admin().say('/orders @nobody_here', /I do not know @nobody_here/);
  });

  it('finds an order by the provider’s reference, in any case, and by our number', async () => {
    const byReference = await admin().say(`/orders ${omarReference.toLowerCase()}`, new RegExp(`^Order ${omarReference}\\. Tap it`));
    expect(world.telegram.findButton(byReference, new RegExp(`^1\\. ${omarReference}`))).toBeDefined();
    expect(byReference.text).toContain('by Omar');
    const ourNumber = /our #(\d+)/.exec((await admin().say(`/track ${omarReference}`, /our #\d+/)).text)![1]!;
    await admin().say(`/orders #${ourNumber}`, new RegExp(`^Order ${omarReference}\\. Tap it`));
  });

  it('finds the orders of a product by part of its name', async () => {
    const found = await admin().say('/orders pubg mobile', /Orders of products matching "pubg mobile"/);
    expect(found.text).toContain(omarReference);
    expect(found.text).not.toContain(niaReference);
    await admin().say('/orders Netflix', /No order is of a product matching "Netflix"/);
  });

  it('shows a staff member their own orders only, whatever they type', async () => {
    await nia().say('/orders @omar_o', /You can look at your own orders only/);
    // A number from staff is an order number, never another person.
    await nia().say(`/orders ${OMAR.id}`, new RegExp(`I found no order ${OMAR.id}`));
    await nia().say(`/orders ${sandboxOrderId(omarReference)}`, new RegExp(`I found no order`));
    await nia().say(`/orders ${sandboxOrderId(niaReference)}`, new RegExp(`^Order ${niaReference}\\. Tap it`));
    await nia().say(`/orders ${omarReference}`, new RegExp(`I found no order ${omarReference}`));
    await nia().say('/orders PUBG', /None of your orders is of a product matching "PUBG"/);

    const own = await nia().say('/orders @nia_orders', /Your recent orders/);
    expect(own.text).toContain(niaReference);
    const byProduct = await nia().say('/orders google play', /Your orders of products matching "google play"/);
    expect(byProduct.text).toContain(niaReference);
    await nia().say(`/orders ${niaReference}`, new RegExp(`^Order ${niaReference}\\. Tap it`));
  });

  it('answers a Persian reader in Persian', async () => {
    const persian = chatDriver(world.telegram, PERSIAN_STAFF);
    await persian.say('/orders Netflix', /سفارشی از شما برای محصولی که نامش «Netflix» را داشته باشد پیدا نشد/);
    await persian.say('/orders #', /این را نتوانستم بخوانم/);
  });

  it('says which forms it takes when it cannot read what was typed', async () => {
    const usage = await nia().say('/orders #abc', /I could not read that/);
    expect(usage.text).toContain('/orders <product name>');
    // Staff are not offered other people's orders.
    expect(usage.text).not.toContain('@username');
  });
});
