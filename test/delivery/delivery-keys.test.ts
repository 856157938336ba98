import { describe, expect, it } from 'vitest';
import { deliveryKey, deliveryKeyMessageIds, isSecretKey, normaliseKey, singularLabel } from '../../src/delivery/delivery-keys.js';
import { translatorFor } from '../../src/text/i18n.js';

/** The same words the way providers spell keys: camelCase, snake_case, kebab-case and plain words. */
function spellingsOf(words: string[]): string[] {
  const camel = words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
  return [camel, words.join('_'), words.join('-'), words.join(' '), words.join('_').toUpperCase()];
}

describe('the delivery key table', () => {
  it.each([
    [['code'], 'delivery-label-code', true],
    [['card', 'number'], 'delivery-label-card-number', true],
    [['card', 'code'], 'delivery-label-card-code', true],
    [['pin'], 'delivery-label-pin', true],
    [['pin', 'code'], 'delivery-label-pin', true],
    [['serial'], 'delivery-label-serial', true],
    [['serial', 'number'], 'delivery-label-serial', true],
    [['expiry'], 'delivery-label-expires', false],
    [['expire', 'date'], 'delivery-label-expires', false],
    [['expiration', 'date'], 'delivery-label-expires', false],
    [['expires', 'at'], 'delivery-label-expires', false],
    [['redeem', 'link'], 'delivery-label-redeem-link', true],
    [['redeem', 'url'], 'delivery-label-redeem-link', true],
    [['url'], 'delivery-label-link', true],
    [['instructions'], 'delivery-label-instructions', false],
    [['gift', 'cards'], 'delivery-label-gift-cards', true],
    [['cards'], 'delivery-label-cards', true],
    [['items'], 'delivery-label-items', true],
  ] as const)('knows %j in every spelling, labelled %s, secret: %s', (words, label, secret) => {
    for (const key of spellingsOf([...words])) {
      expect(deliveryKey(key)?.label, key).toBe(label);
      expect(isSecretKey(key), key).toBe(secret);
    }
  });

  it('names one entry of the lists it knows: a card, a gift card, an item, a code', () => {
    expect(deliveryKey('giftCards')?.entry).toBe('delivery-entry-gift-card');
    expect(deliveryKey('gift_cards')?.entry).toBe('delivery-entry-gift-card');
    expect(deliveryKey('cards')?.entry).toBe('delivery-entry-card');
    expect(deliveryKey('items')?.entry).toBe('delivery-entry-item');
    expect(deliveryKey('codes')?.entry).toBe('delivery-entry-code');
  });

  it('keeps an unknown key and the whole delivery secret, since either may be a code', () => {
    expect(deliveryKey('activationWindow')).toBeUndefined();
    expect(isSecretKey('activationWindow')).toBe(true);
    expect(isSecretKey(null)).toBe(true);
  });

  it('normalises every spelling to the same letters', () => {
    expect(new Set(['giftCards', 'gift_cards', 'gift-cards', 'Gift cards', 'GIFT_CARDS'].map(normaliseKey))).toEqual(new Set(['giftcards']));
  });

  it('names an entry of an unknown list after the list', () => {
    expect(singularLabel('giftVouchers')).toBe('Gift voucher');
    expect(singularLabel('entries')).toBe('Entry');
  });

  it('has every label it names in English and in Persian', () => {
    const [en, fa] = [translatorFor('en'), translatorFor('fa')];
    for (const id of deliveryKeyMessageIds()) {
      expect(en(id, { n: 1 }), id).not.toBe(id);
      // A Persian message missing would fall back to the English one.
      expect(fa(id, { n: 1 }), id).not.toBe(en(id, { n: 1 }));
    }
  });
});
