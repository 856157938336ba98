import { FormattedString } from '@grammyjs/parse-mode';
import { describe, expect, it } from 'vitest';
import { markLines } from '../../src/bot/right-to-left.js';
import { renderDelivery, type DeliveryMessage } from '../../src/delivery/render-delivery.js';
import { translatorFor, type Locale } from '../../src/text/i18n.js';
import type { JsonValue, OrderDetail } from '../../src/provider/schemas.js';

// Providers that follow the same contract deliver in shapes of their own; each must read in the reader's language.

const order = (delivery: JsonValue): OrderDetail => ({
  orderId: 9002,
  orderReference: 'A109002',
  amount: 1_000_000,
  status: 'COMPLETED',
  createdAt: '2026-11-21T10:00:00Z',
  items: [{ id: 1, productId: 101, regionPropertyId: 5001, quantity: 1, totalAmount: 1_000_000, delivery }],
});

/** The order's one line, which the item delivers. */
const LINE = { product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: 'US', price: 1_000_000 }, quantity: 1 };

function render(delivery: JsonValue, locale: Locale): DeliveryMessage {
  const messages = renderDelivery(order(delivery), { t: translatorFor(locale), locale, timeZone: 'Asia/Tehran', heading: new FormattedString('A109002'), lines: [LINE] });
  expect(messages).toHaveLength(1);
  return messages[0]!;
}

const lines = (message: DeliveryMessage) => message.text.rawText.split('\n').slice(1);
const spoilered = (text: FormattedString) =>
  text.rawEntities.filter((e) => e.type === 'spoiler').map((e) => text.rawText.slice(e.offset, e.offset + e.length));

const sandbox = {
  cards: [{ code: 'GP7Q-2XKM-99LA', pin: '4410', serial: 'S-88123', expiresAt: '2027-12-31' }],
  instructions: 'Redeem in Google Play',
};
const camelCase = { giftCards: [{ cardNumber: 'HX-9002-90020-0-Z9', pinCode: '1000', expireDate: '2027-12-31' }] };
const snakeCase = { gift_cards: [{ card_number: 'HX-9002-90020-0-Z9', pin_code: '1000', expire_date: '2027-12-31' }] };
const nested = {
  items: [{ card: { 'card-code': 'NX-1', PIN: '77', 'expires at': '2027-12-31T22:00:00Z' }, redeemUrl: 'https://redeem.example/NX-1' }],
  batchRef: 'B-7',
};

describe('a delivery of the sandbox’s shape', () => {
  it('reads in English', () => {
    expect(lines(render(sandbox, 'en'))).toEqual([
      'Cards:',
      '   Card 1',
      '      Code: GP7Q-2XKM-99LA',
      '      PIN: 4410',
      '      Serial number: S-88123',
      '      Expires at: 31 Dec 2027',
      'Instructions: Redeem in Google Play',
    ]);
  });

  it('reads in Persian, the expiry in the Jalali calendar with Persian digits', () => {
    const message = render(sandbox, 'fa');
    expect(lines(message)).toEqual([
      'کارت‌ها:',
      '   کارت ۱',
      '      کد: GP7Q-2XKM-99LA',
      '      پین: 4410',
      '      شمارهٔ سریال: S-88123',
      '      تاریخ انقضا: ۱۰ دی ۱۴۰۶',
      'راهنمای استفاده: Redeem in Google Play',
    ]);
    expect(message.copies.map((c) => c.label)).toEqual(['کپی کد ۱', 'کپی پین ۱', 'کپی شمارهٔ سریال ۱']);
  });
});

describe.each([
  ['camelCase (giftCards[].cardNumber)', camelCase],
  ['snake_case (gift_cards[].card_number)', snakeCase],
])('a delivery in %s', (_, delivery) => {
  it('reads in English, the code and PIN hidden with a copy button each', () => {
    const message = render(delivery, 'en');
    expect(lines(message)).toEqual(['Gift cards:', '   Gift card 1', '      Card number: HX-9002-90020-0-Z9', '      PIN: 1000', '      Expires at: 31 Dec 2027']);
    expect(spoilered(message.text)).toEqual(['HX-9002-90020-0-Z9', '1000']);
    expect(message.copies).toEqual([
      { label: 'Copy card number 1', text: 'HX-9002-90020-0-Z9' },
      { label: 'Copy PIN 1', text: '1000' },
    ]);
  });

  it('reads in Persian: Persian labels and buttons, a Jalali date in Persian digits, the codes as sent', () => {
    const message = render(delivery, 'fa');
    expect(lines(message)).toEqual(['کارت‌های هدیه:', '   کارت هدیه ۱', '      شمارهٔ کارت: HX-9002-90020-0-Z9', '      پین: 1000', '      تاریخ انقضا: ۱۰ دی ۱۴۰۶']);
    expect(spoilered(message.text)).toEqual(['HX-9002-90020-0-Z9', '1000']);
    expect(message.copies).toEqual([
      { label: 'کپی شمارهٔ کارت ۱', text: 'HX-9002-90020-0-Z9' },
      { label: 'کپی پین ۱', text: '1000' },
    ]);
  });
});

describe('a nested delivery with a key giftdesk does not know', () => {
  it('reads in English, the moment of expiry in the configured zone and the unknown key humanised', () => {
    const message = render(nested, 'en');
    expect(lines(message)).toEqual([
      'Items:',
      '   Item 1',
      '      Card:',
      '         Card code: NX-1',
      '         PIN: 77',
      // 22:00 UTC is 01:30 the next day in Tehran.
      '         Expires at: 1 Jan 2028, 01:30',
      '      Redeem link: https://redeem.example/NX-1',
      'Batch ref: B-7',
    ]);
    expect(spoilered(message.text)).toEqual(['NX-1', '77', 'https://redeem.example/NX-1', 'B-7']);
    expect(message.copies.map((c) => c.label)).toEqual(['Copy card code 1', 'Copy PIN 1', 'Copy redeem link 1', 'Copy batch ref']);
  });

  it('reads in Persian, keeping the unknown key rather than dropping it', () => {
    const message = render(nested, 'fa');
    expect(lines(message)).toEqual([
      'موارد:',
      '   مورد ۱',
      '      کارت:',
      '         کد کارت: NX-1',
      '         پین: 77',
      '         تاریخ انقضا: ۱۱ دی ۱۴۰۶، ۱:۳۰',
      '      لینک استفاده: https://redeem.example/NX-1',
      'Batch ref: B-7',
    ]);
    expect(message.copies.map((c) => c.label)).toEqual(['کپی کد کارت ۱', 'کپی پین ۱', 'کپی لینک استفاده ۱', 'کپی Batch ref']);
  });

  it('lays the Persian delivery out right to left: a line opening with Latin gets a mark, and the spoilers still cover exactly the codes', () => {
    const message = render(nested, 'fa');
    const marked = markLines(message.text.rawText, message.text.rawEntities);
    expect(marked).not.toBeNull();
    expect(marked!.text.split('\n')).toContain('\u200FBatch ref: B-7');
    expect(marked!.text.split('\n')).toContain('         کد کارت: NX-1');
    expect(spoilered(new FormattedString(marked!.text, marked!.entities))).toEqual(spoilered(message.text));
  });
});

describe('dates in any key', () => {
  it('shows a date under an unknown key in the reader’s calendar, in the clear, and a date-like code as it was sent', () => {
    const delivery = { code: '2027-12-31', validThrough: '2027-12-31', activatedOn: '2026-11-21T10:00:00Z' };
    const fa = render(delivery, 'fa');
    expect(lines(fa)).toEqual(['کد: 2027-12-31', 'Valid through: ۱۰ دی ۱۴۰۶', 'Activated on: ۳۰ آبان ۱۴۰۵، ۱۳:۳۰']);
    expect(fa.copies.map((c) => c.text)).toEqual(['2027-12-31']);
    expect(lines(render(delivery, 'en'))).toEqual(['Code: 2027-12-31', 'Valid through: 31 Dec 2027', 'Activated on: 21 Nov 2026, 13:30']);
  });
});
