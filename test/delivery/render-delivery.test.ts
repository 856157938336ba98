import { FormattedString } from '@grammyjs/parse-mode';
import { describe, expect, it } from 'vitest';
import { translatorFor, type Locale } from '../../src/text/i18n.js';
import { humaniseKey } from '../../src/delivery/delivery-keys.js';
import {
  COPY_BUTTONS_PER_MESSAGE,
  COPY_TEXT_MAX,
  renderDelivery,
  linesWithoutCodes,
  type DeliveryLine,
  type DeliveryMessage,
  type RenderDeliveryOptions,
} from '../../src/delivery/render-delivery.js';
import { TELEGRAM_MAX_MESSAGE_LENGTH } from '../../src/text/split-message.js';
import type { JsonValue, OrderDetail } from '../../src/provider/schemas.js';

const heading = new FormattedString('Order A100234');

function order(...deliveries: (JsonValue | null)[]): OrderDetail {
  return {
    orderId: 9001,
    orderReference: 'A100234',
    amount: 2_500_000,
    status: 'COMPLETED',
    createdAt: '2026-11-21T10:00:00Z',
    items: deliveries.map((delivery, index) => ({
      id: index + 1,
      productId: 101 + index,
      regionPropertyId: 5001,
      quantity: 2,
      totalAmount: 1_250_000,
      delivery,
    })),
  };
}

/** The order's lines as posted: one per item of `detail` as listed, titled from `titles` or "Product #id". */
function linesOf(detail: OrderDetail, titles: Record<number, string> = {}): DeliveryLine[] {
  return detail.items.map((item) => ({
    product: { id: item.productId, title: titles[item.productId] ?? `Product #${item.productId}` },
    region: { regionPropertyId: item.regionPropertyId ?? 5001, title: null, price: 1_250_000 / item.quantity },
    quantity: item.quantity,
  }));
}

function messages(detail: OrderDetail, locale: Locale = 'en', extra: Partial<RenderDeliveryOptions> = {}): DeliveryMessage[] {
  return renderDelivery(detail, { t: translatorFor(locale), locale, timeZone: 'Asia/Tehran', heading, lines: linesOf(detail), ...extra });
}

function render(detail: OrderDetail, locale: Locale = 'en'): FormattedString[] {
  return messages(detail, locale).map((m) => m.text);
}

function only(parts: FormattedString[]): FormattedString {
  expect(parts).toHaveLength(1);
  return parts[0] as FormattedString;
}

const spoilered = (text: FormattedString) =>
  text.rawEntities.filter((e) => e.type === 'spoiler').map((e) => text.rawText.slice(e.offset, e.offset + e.length));

const sandboxDelivery = {
  cards: [
    { code: 'GP7Q-2XKM-99LA', pin: '4410', serial: 'S-88123', expiresAt: '2027-11-21' },
    { code: 'GP7Q-8BBN-10ZC', pin: '1201', serial: 'S-88124', expiresAt: '2027-11-21' },
  ],
  instructions: 'کد را در Google Play وارد کنید',
};

describe('renderDelivery', () => {
  it('labels every field of the sandbox shape and numbers the cards', () => {
    const text = only(render(order(sandboxDelivery))).rawText;
    expect(text.split('\n')).toEqual([
      'Order A100234',
      'Cards:',
      '   Card 1',
      '      Code: GP7Q-2XKM-99LA',
      '      PIN: 4410',
      '      Serial number: S-88123',
      '      Expires at: 21 Nov 2027',
      '   Card 2',
      '      Code: GP7Q-8BBN-10ZC',
      '      PIN: 1201',
      '      Serial number: S-88124',
      '      Expires at: 21 Nov 2027',
      'Instructions: کد را در Google Play وارد کنید',
    ]);
  });

  it('hides codes, PINs and serials behind spoilers but not the expiry or the instructions', () => {
    const text = only(render(order(sandboxDelivery)));
    expect(spoilered(text)).toEqual(['GP7Q-2XKM-99LA', '4410', 'S-88123', 'GP7Q-8BBN-10ZC', '1201', 'S-88124']);
  });

  it('never puts a value in a code entity, where a spoiler cannot nest', () => {
    const text = only(render(order(sandboxDelivery, { codes: ['A1', 'B2'] })));
    expect(text.rawEntities.map((e) => e.type).filter((type) => type !== 'spoiler' && type !== 'bold')).toEqual([]);
  });

  it('indents nested objects, numbers lists of strings and shows empty values as a dash', () => {
    const delivery = {
      voucher: { number: 'VX-1', activation: { redeemUrl: 'https://redeem.example/x', password: 'hunter2' } },
      codes: ['AAAA-1111', 'BBBB-2222'],
      redeemedAt: null,
      extras: [],
      meta: {},
      note: '',
    };
    const text = only(render(order(delivery)));
    expect(text.rawText.split('\n').slice(1)).toEqual([
      'Voucher:',
      '   Number: VX-1',
      '   Activation:',
      '      Redeem link: https://redeem.example/x',
      '      Password: hunter2',
      'Codes:',
      '   1. AAAA-1111',
      '   2. BBBB-2222',
      'Redeemed at: —',
      'Extras: —',
      'Meta: —',
      'Note: —',
    ]);
    expect(spoilered(text)).toEqual(['VX-1', 'https://redeem.example/x', 'hunter2', 'AAAA-1111', 'BBBB-2222']);
  });

  it('shows a bare string delivery as a spoiler', () => {
    const text = only(render(order('ZZZZ-9999-YYYY')));
    expect(text.rawText.split('\n')[1]).toBe('Delivery: ZZZZ-9999-YYYY');
    expect(spoilered(text)).toEqual(['ZZZZ-9999-YYYY']);
  });

  it('shows a bare number delivery as a spoiler', () => {
    const text = only(render(order(123456789)));
    expect(spoilered(text)).toEqual(['123456789']);
  });

  it('lists a top-level array of objects as numbered entries', () => {
    const text = only(render(order([{ code: 'X1' }, { code: 'X2' }])));
    expect(text.rawText.split('\n').slice(1)).toEqual(['Entry 1', '   Code: X1', 'Entry 2', '   Code: X2']);
  });

  it('names entries of an unknown list after its key', () => {
    const text = only(render(order({ giftVouchers: [{ code: 'V1' }] })));
    expect(text.rawText).toContain('Gift vouchers:\n   Gift voucher 1\n      Code: V1');
  });

  it('says so when an item has no delivery', () => {
    const text = only(render(order(null)));
    expect(text.rawText.split('\n')[1]).toBe('Delivery: —');
  });

  it('heads every line of an order with several lines by its product', () => {
    const text = only(render(order({ code: 'ONE' }, { code: 'TWO' })));
    expect(text.rawText.split('\n').slice(1)).toEqual([
      '1. Product #101 × 2',
      '   Code: ONE',
      '2. Product #102 × 2',
      '   Code: TWO',
    ]);
  });

  it('writes labels and entry numbers in Persian for Persian readers, codes unchanged', () => {
    const text = only(render(order(sandboxDelivery), 'fa')).rawText;
    expect(text).toContain('کارت‌ها:');
    expect(text).toContain('کارت ۱');
    expect(text).toContain('کد: GP7Q-2XKM-99LA');
    expect(text).toContain('پین: 4410');
    expect(text).toContain('تاریخ انقضا: ۳۰ آبان ۱۴۰۶');
    expect(text).toContain('راهنمای استفاده: ');
  });

  it('offers a copy button per secret that carries exactly the secret, labelled by what it is', () => {
    const [message] = messages(order(sandboxDelivery));
    expect(message!.copies).toEqual([
      { label: 'Copy code 1', text: 'GP7Q-2XKM-99LA' },
      { label: 'Copy PIN 1', text: '4410' },
      { label: 'Copy serial number 1', text: 'S-88123' },
      { label: 'Copy code 2', text: 'GP7Q-8BBN-10ZC' },
      { label: 'Copy PIN 2', text: '1201' },
      { label: 'Copy serial number 2', text: 'S-88124' },
    ]);
  });

  it('labels the copy buttons in Persian with Persian digits', () => {
    const [message] = messages(order({ codes: ['A1', 'B2'] }), 'fa');
    expect(message!.copies).toEqual([
      { label: 'کپی کد ۱', text: 'A1' },
      { label: 'کپی کد ۲', text: 'B2' },
    ]);
  });

  it('offers no copy button for a secret longer than Telegram copies, and still hides it', () => {
    const long = 'K'.repeat(COPY_TEXT_MAX + 1);
    const [message] = messages(order({ code: long, pin: '77' }));
    expect(message!.copies.map((c) => c.text)).toEqual(['77']);
    expect(spoilered(message!.text)).toEqual([long, '77']);
  });

  it('shows an expiry moment in the configured zone and leaves a date-like code as it was sent', () => {
    const text = only(render(order({ code: '2027-11-21', expiresAt: '2027-11-21T22:00:00Z' }), 'fa')).rawText;
    // 22:00 UTC is 01:30 the next day in Tehran.
    expect(text).toContain('تاریخ انقضا: ۱ آذر ۱۴۰۶، ۱:۳۰');
    expect(text).toContain('کد: 2027-11-21');
  });

  it('drops nothing: every scalar of a deep delivery appears in the text', () => {
    const delivery = { a: { b: { c: ['deep-1', { d: 'deep-2', e: [true, 7, 'deep-3'] }] } }, f: 0 };
    const text = only(render(order(delivery))).rawText;
    for (const value of ['deep-1', 'deep-2', 'deep-3', 'yes', '7', 'F: 0']) expect(text).toContain(value);
  });
});

describe('renderDelivery of an order with several products', () => {
  const labels: Record<number, string> = { 101: 'Google Play 10 USD (US)', 102: 'Apple 25 USD (US)' };
  const named = (detail: OrderDetail) => ({ lines: linesOf(detail, labels) });
  const bold = (text: FormattedString) =>
    text.rawEntities.filter((e) => e.type === 'bold').map((e) => text.rawText.slice(e.offset, e.offset + e.length));

  it('groups the codes under a bold sub-heading naming each product', () => {
    const detail = order({ code: 'ONE' }, sandboxDelivery);
    const [message] = messages(detail, 'en', named(detail));
    const text = message!.text;
    expect(text.rawText.split('\n')).toEqual([
      'Order A100234',
      '1. Google Play 10 USD (US) × 2',
      '   Code: ONE',
      '2. Apple 25 USD (US) × 2',
      '   Cards:',
      '      Card 1',
      '         Code: GP7Q-2XKM-99LA',
      '         PIN: 4410',
      '         Serial number: S-88123',
      '         Expires at: 21 Nov 2027',
      '      Card 2',
      '         Code: GP7Q-8BBN-10ZC',
      '         PIN: 1201',
      '         Serial number: S-88124',
      '         Expires at: 21 Nov 2027',
      '   Instructions: کد را در Google Play وارد کنید',
    ]);
    expect(bold(text)).toEqual(['1. Google Play 10 USD (US) × 2', '2. Apple 25 USD (US) × 2', 'Card 1', 'Card 2']);
    expect(spoilered(text)).toEqual(['ONE', 'GP7Q-2XKM-99LA', '4410', 'S-88123', 'GP7Q-8BBN-10ZC', '1201', 'S-88124']);
    expect(message!.copies.map((c) => c.text)).toEqual(spoilered(text));
  });

  it('numbers copy buttons as the product headings: product first, then the card; in Persian with a dash, not a decimal point', () => {
    const detail = order({ code: 'ONE' }, sandboxDelivery);
    const [en] = messages(detail, 'en', named(detail));
    expect(en!.copies.map((c) => c.label)).toContain('Copy code 1');
    expect(en!.copies.map((c) => c.label)).toContain('Copy code 2.1');
    const [fa] = messages(detail, 'fa', named(detail));
    expect(fa!.copies.map((c) => c.label)).toContain('کپی کد ۲-۱');
    expect(fa!.copies.map((c) => c.label).join(' ')).not.toMatch(/[۰-۹][.٫][۰-۹]/);
  });

  it('numbers the products as the order posted its lines, whatever order the provider lists its items in', () => {
    const posted = order({ code: 'ONE' }, sandboxDelivery, { codes: ['T1', 'T2'] });
    const lines = linesOf(posted, labels);
    const reversed: OrderDetail = { ...posted, items: [...posted.items].reverse() };
    const [asPosted] = messages(posted, 'en', { lines });
    const [asReversed] = messages(reversed, 'en', { lines });
    expect(asReversed!.text.rawText).toBe(asPosted!.text.rawText);
    expect(asReversed!.copies).toEqual(asPosted!.copies);
    expect(asReversed!.copies).toContainEqual({ label: 'Copy code 2.2', text: 'GP7Q-8BBN-10ZC' });
    expect(asReversed!.copies).toContainEqual({ label: 'Copy code 1 (3)', text: 'T1' });
    expect(asReversed!.text.rawText.split('\n').filter((line) => / × 2$/.test(line))).toEqual(['1. Google Play 10 USD (US) × 2', '2. Apple 25 USD (US) × 2', '3. Product #103 × 2']);
  });

  it('numbers the cards of a line the provider split into several items on from one item to the next, by item id', () => {
    const split: OrderDetail = {
      ...order(),
      items: [
        { id: 12, productId: 102, regionPropertyId: 5001, quantity: 1, totalAmount: 1, delivery: { code: 'APPLE-3' } },
        { id: 10, productId: 101, regionPropertyId: 5001, quantity: 1, totalAmount: 1, delivery: { code: 'GOOGLE-1' } },
        { id: 11, productId: 102, regionPropertyId: 5001, quantity: 2, totalAmount: 1, delivery: { cards: [{ code: 'APPLE-1' }, { code: 'APPLE-2' }] } },
      ],
    };
    const lines = linesOf(order({}, {}), labels).map((line) => ({ ...line, quantity: line.product.id === 102 ? 3 : 1 }));
    const [message] = messages(split, 'en', { lines });
    expect(message!.copies).toEqual([
      { label: 'Copy code 1', text: 'GOOGLE-1' },
      { label: 'Copy code 2.1', text: 'APPLE-1' },
      { label: 'Copy code 2.2', text: 'APPLE-2' },
      { label: 'Copy code 2.3', text: 'APPLE-3' },
    ]);
    expect(message!.text.rawText).toContain('2. Apple 25 USD (US) × 3\n   Cards:\n      Card 1');
    expect(message!.text.rawText).toContain('      Card 2\n         Code: APPLE-2\n   Code: APPLE-3');
  });

  it('shows an item no line asked for after the lines, says so, and numbers no line by it', () => {
    const detail = order({ code: 'ONE' }, { code: 'TWO' }, { code: 'ODD' });
    const lines = linesOf(detail, labels).slice(0, 2);
    const [message] = messages({ ...detail, items: [...detail.items].reverse() }, 'en', { lines });
    expect(message!.text.rawText.split('\n').slice(1)).toEqual([
      '1. Google Play 10 USD (US) × 2',
      '   Code: ONE',
      '2. Apple 25 USD (US) × 2',
      '   Code: TWO',
      '3. Product #103 × 2 (matches no product of this order; shown as the provider sent it)',
      '   Code: ODD',
    ]);
    expect(message!.copies.map((c) => c.label)).toEqual(['Copy code 1', 'Copy code 2', 'Copy code 3']);
  });

  it("puts an item that names another region than the POST under its product's line: the line did not come without codes", () => {
    const detail = order({ code: 'ONE' }, { code: 'OTHER-REGION' });
    const lines = linesOf(detail, labels);
    const moved: OrderDetail = { ...detail, items: detail.items.map((item) => (item.productId === 102 ? { ...item, regionPropertyId: 5002 } : item)) };
    const [message] = messages(moved, 'en', { lines });
    expect(message!.text.rawText.split('\n').slice(1)).toEqual([
      '1. Google Play 10 USD (US) × 2',
      '   Code: ONE',
      '2. Apple 25 USD (US) × 2',
      '   Code: OTHER-REGION',
    ]);
    expect(linesWithoutCodes(lines, moved)).toEqual([]);
  });

  it('renders a single-line order with no sub-heading, also when the provider split it into items', () => {
    const detail = order(sandboxDelivery);
    const split: OrderDetail = { ...detail, items: [{ ...detail.items[0]!, id: 2, quantity: 1, delivery: 'LAST' }, detail.items[0]!] };
    const [message] = messages(split, 'en', { lines: [{ ...linesOf(detail, labels)[0]!, quantity: 3 }] });
    expect(message!.text.rawText.split('\n')[1]).toBe('Cards:');
    expect(message!.copies.map((c) => c.label)).toEqual(['Copy code 1', 'Copy PIN 1', 'Copy serial number 1', 'Copy code 2', 'Copy PIN 2', 'Copy serial number 2', 'Copy delivery 3']);
  });

  it('says so for a line of a completed order that came without codes, and shows the others', () => {
    const detail = order({ code: 'ONE' }, null);
    const [message] = messages(detail, 'en', named(detail));
    expect(message!.text.rawText.split('\n').slice(1)).toEqual([
      '1. Google Play 10 USD (US) × 2',
      '   Code: ONE',
      '2. Apple 25 USD (US) × 2',
      '   No codes came for this product: administrators are told.',
    ]);
    expect(message!.copies.map((c) => c.text)).toEqual(['ONE']);
  });

  it('writes the sub-headings and the missing codes line in Persian', () => {
    const detail = order(null, { code: 'TWO' }, { code: 'ODD' });
    const lines = linesOf(detail, { 101: 'گوگل پلی', 102: 'اپل' }).slice(0, 2);
    const text = only(messages(detail, 'fa', { lines }).map((m) => m.text)).rawText;
    expect(text.split('\n').slice(1)).toEqual([
      '۱. گوگل پلی × ۲',
      '   برای این محصول کدی نیامد؛ به مدیران اطلاع داده شد.',
      '۲. اپل × ۲',
      '   کد: TWO',
      '۳. محصول #103 × ۲ (با هیچ محصولی از این سفارش جور نیست؛ همان‌گونه که تأمین‌کننده فرستاد نشان داده شده)',
      '   کد: ODD',
    ]);
  });

  it('keeps the splitting rules across items: every secret once, twenty copy buttons at most, messages Telegram accepts', () => {
    const cards = (item: number) =>
      Array.from({ length: 10 }, (_, i) => ({ code: `I${item}-C${i}-${'Q'.repeat(120)}`, pin: String(1000 + i), expiresAt: '2027-11-21' }));
    const deliveries = [1, 2, 3, 4, 5].map((item) => ({ cards: cards(item), instructions: 'x'.repeat(200) }));
    const detail = order(...deliveries);
    const all = messages(detail, 'en', named(detail));
    expect(all.length).toBeGreaterThan(1);
    for (const message of all) {
      expect(message.text.rawText.length).toBeLessThan(TELEGRAM_MAX_MESSAGE_LENGTH);
      expect(message.copies.length).toBeLessThanOrEqual(COPY_BUTTONS_PER_MESSAGE);
      expect(message.copies.map((c) => c.text)).toEqual(spoilered(message.text));
    }
    const secrets = all.flatMap((m) => spoilered(m.text));
    expect(secrets).toEqual(deliveries.flatMap((d) => d.cards.flatMap((card) => [card.code, card.pin])));
    const headings = all.flatMap((m) => m.text.rawText.split('\n')).filter((line) => / × 2$/.test(line));
    expect(headings).toEqual(['1. Google Play 10 USD (US) × 2', '2. Apple 25 USD (US) × 2', '3. Product #103 × 2', '4. Product #104 × 2', '5. Product #105 × 2']);
  });
});

describe('linesWithoutCodes', () => {
  const lines = (...ids: number[]) => ids.map((id) => ({ product: { id }, region: { regionPropertyId: 5001 } }));

  it('names the lines of a completed order whose items have no codes', () => {
    const detail = order({ code: 'ONE' }, null, {}, [], '  ');
    expect(linesWithoutCodes(lines(101, 102, 103, 104, 105), detail).map((line) => line.product.id)).toEqual([102, 103, 104, 105]);
  });

  it('is empty when every line is delivered', () => {
    expect(linesWithoutCodes(lines(101, 102), order(sandboxDelivery, 'CODE'))).toEqual([]);
  });

  it('names the line of a single-product order too, and a line the provider sent no item for', () => {
    expect(linesWithoutCodes(lines(101), order(null)).map((line) => line.product.id)).toEqual([101]);
    expect(linesWithoutCodes(lines(101, 999), order('CODE')).map((line) => line.product.id)).toEqual([999]);
  });

  it('names a product the provider split into items when one of them came without codes', () => {
    const split = order('CODE', null);
    const sameProduct: OrderDetail = { ...split, items: split.items.map((item) => ({ ...item, productId: 101 })) };
    expect(linesWithoutCodes(lines(101), sameProduct).map((line) => line.product.id)).toEqual([101]);
  });

  it('is empty for an order not yet completed, whose codes are not due', () => {
    expect(linesWithoutCodes(lines(101, 102), { ...order(null, null), status: 'PROCESSING' })).toEqual([]);
  });
});

describe('humaniseKey', () => {
  it.each([
    ['expiresAt', 'Expires at'],
    ['serial_number', 'Serial number'],
    ['redeemURL', 'Redeem URL'],
    ['PIN', 'PIN'],
    ['activation-code', 'Activation code'],
    ['کد', 'کد'],
  ])('turns %s into %s', (key, label) => {
    expect(humaniseKey(key)).toBe(label);
  });
});
