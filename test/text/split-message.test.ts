import { FormattedString } from '@grammyjs/parse-mode';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../src/text/i18n.js';
import { COPY_BUTTONS_PER_MESSAGE, renderDelivery } from '../../src/delivery/render-delivery.js';
import { SAFE_MESSAGE_ENTITIES, splitMessage, TELEGRAM_MAX_MESSAGE_LENGTH } from '../../src/text/split-message.js';
import type { OrderDetail } from '../../src/provider/schemas.js';

const plain = (text: string) => new FormattedString(text);
const spoiler = (text: string) => FormattedString.spoiler(text);
const lines = (...parts: FormattedString[]) => FormattedString.join(parts, '\n');

const spoilered = (text: FormattedString) =>
  text.rawEntities.filter((e) => e.type === 'spoiler').map((e) => text.rawText.slice(e.offset, e.offset + e.length));

function expectWellFormed(part: FormattedString): void {
  for (const entity of part.rawEntities) {
    expect(entity.offset).toBeGreaterThanOrEqual(0);
    expect(entity.length).toBeGreaterThan(0);
    expect(entity.offset + entity.length).toBeLessThanOrEqual(part.rawText.length);
  }
}

describe('splitMessage', () => {
  it('keeps a short text as one part, unchanged', () => {
    const text = lines(plain('Code:'), spoiler('ABC'));
    const parts = splitMessage(text);
    expect(parts).toHaveLength(1);
    expect(parts[0]?.rawText).toBe(text.rawText);
    expect(parts[0]?.rawEntities).toEqual(text.rawEntities);
  });

  it('gives no part for an empty text', () => {
    expect(splitMessage(plain(''))).toEqual([]);
    expect(splitMessage(plain('\n\n'))).toEqual([]);
  });

  it('cuts long texts at line boundaries, under the limit, losing nothing', () => {
    const source = Array.from({ length: 100 }, (_, i) => `line ${String(i).padStart(3, '0')} ${'x'.repeat(90)}`);
    const parts = splitMessage(plain(source.join('\n')));
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(part.rawText.length).toBeLessThanOrEqual(4000);
    expect(parts.flatMap((part) => part.rawText.split('\n'))).toEqual(source);
  });

  it('moves a cut to before an entity that spans several lines', () => {
    const filler = Array.from({ length: 39 }, () => plain('y'.repeat(99)));
    const multiLine = spoiler(['s'.repeat(40), 't'.repeat(40), 'u'.repeat(40)].join('\n'));
    const parts = splitMessage(lines(...filler, multiLine, plain('end')));
    expect(parts).toHaveLength(2);
    expect(spoilered(parts[1] as FormattedString)).toEqual([multiLine.rawText]);
    expect(parts[0]?.rawEntities).toEqual([]);
  });

  it('cuts a single 10,000-character value at the limit with its spoiler clipped to every part', () => {
    const value = Array.from({ length: 10_000 }, (_, i) => 'ABCDEFGHJK'[i % 10]).join('');
    const parts = splitMessage(lines(plain('Code:'), spoiler(value)));
    expect(parts).toHaveLength(3);
    for (const part of parts) {
      expect(part.rawText.length).toBeLessThanOrEqual(4000);
      expectWellFormed(part);
    }
    const pieces = parts.flatMap(spoilered);
    expect(pieces.join('')).toBe(value);
    // Each part's value is wholly covered by one spoiler.
    expect(spoilered(parts[2] as FormattedString)).toEqual([parts[2]?.rawText]);
  });

  it('never splits a surrogate pair when it must cut inside a line', () => {
    const parts = splitMessage(plain('😀'.repeat(3000)), { maxLength: 4001 });
    for (const part of parts) {
      expect(part.rawText.length % 2).toBe(0);
      expect(part.rawText).toMatch(/^(😀)+$/u);
    }
    expect(parts.map((p) => p.rawText).join('')).toBe('😀'.repeat(3000));
  });

  it('keeps every part under the entity limit, because Telegram ignores entities past the hundredth', () => {
    const many = Array.from({ length: 250 }, (_, i) => lines(plain(`PIN ${i}:`), spoiler(String(1000 + i))));
    const parts = splitMessage(lines(...many));
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(part.rawEntities.length).toBeLessThanOrEqual(SAFE_MESSAGE_ENTITIES);
    expect(parts.flatMap(spoilered)).toEqual(many.map((_, i) => String(1000 + i)));
  });

  it('starts every part after the first with the continuation line and keeps it within the limits', () => {
    const continuation = FormattedString.bold('(continued)');
    const text = plain(Array.from({ length: 120 }, () => 'z'.repeat(99)).join('\n'));
    const parts = splitMessage(text, { continuation });
    expect(parts.length).toBeGreaterThan(1);
    expect(parts[0]?.rawText.startsWith('(continued)')).toBe(false);
    for (const part of parts.slice(1)) {
      expect(part.rawText.split('\n')[0]).toBe('(continued)');
      expect(part.rawEntities[0]).toMatchObject({ type: 'bold', offset: 0, length: 11 });
    }
    for (const part of parts) expect(part.rawText.length).toBeLessThanOrEqual(4000);
  });
});

describe('a delivery of 30 cards', () => {
  const cards = Array.from({ length: 30 }, (_, i) => ({
    code: `CODE-${String(i).padStart(2, '0')}-${'Q'.repeat(60)}`,
    pin: String(1000 + i),
    serial: `S-${88000 + i}`,
    expiresAt: '2027-11-21',
  }));
  const detail: OrderDetail = {
    orderId: 9001,
    orderReference: 'A100234',
    amount: 30,
    status: 'COMPLETED',
    createdAt: null,
    items: [{ id: 1, productId: 101, regionPropertyId: 5001, quantity: 30, totalAmount: 30, delivery: { cards, instructions: 'x'.repeat(300) } }],
  };
  const t = translatorFor('en');
  const line = { product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: 'US', price: 1 }, quantity: 30 };
  const messages = renderDelivery(detail, { t, locale: 'en', timeZone: 'UTC', heading: FormattedString.bold('Order A100234'), lines: [line] });
  const parts = messages.map((m) => m.text);

  it('is split into several messages that Telegram accepts whole', () => {
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.rawText.length).toBeLessThan(TELEGRAM_MAX_MESSAGE_LENGTH);
      expect(part.rawEntities.length).toBeLessThanOrEqual(100);
      expectWellFormed(part);
    }
  });

  it('shows every code, PIN and serial exactly once, each inside one spoiler', () => {
    const secrets = parts.flatMap(spoilered);
    expect(secrets).toEqual(cards.flatMap((card) => [card.code, card.pin, card.serial]));
  });

  it('keeps each card in one message and marks the later messages as a continuation', () => {
    for (const part of parts.slice(1)) expect(part.rawText.split('\n')[0]).toBe('(continued: order A100234)');
    const cardHeads = parts.map((part) => part.rawText.match(/Card \d+/g)?.length ?? 0);
    expect(cardHeads.reduce((a, b) => a + b, 0)).toBe(30);
  });

  it('gives each message a copy button for exactly the secrets it shows, and no more than twenty', () => {
    for (const message of messages) {
      expect(message.copies.map((c) => c.text)).toEqual(spoilered(message.text));
      expect(message.copies.length).toBeLessThanOrEqual(COPY_BUTTONS_PER_MESSAGE);
    }
    expect(messages.flatMap((m) => m.copies.map((c) => c.label)).slice(0, 4)).toEqual(['Copy code 1', 'Copy PIN 1', 'Copy serial number 1', 'Copy code 2']);
  });
});
