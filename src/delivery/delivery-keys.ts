/**
 * What giftdesk knows of the keys a provider may put in a delivery. The
 * spec leaves the delivery's shape open, so one provider writes `cards[].code`
 * and another `giftCards[].cardNumber` or `gift_cards[].card_number`: keys
 * are compared after normalising (lower case, letters and digits only), so
 * camelCase, snake_case, kebab-case and plain words meet in one entry.
 * This table is the only place that knows key names; the renderer asks it.
 */

/** What a known key means to the reader. */
interface DeliveryKey {
  /** Fluent id of the field's label; none: the key is humanised. */
  readonly label?: string;
  /** Fluent id of one entry's label when the key names a list ('Card { $n }'). */
  readonly entry?: string;
  /** Codes, PINs and links that redeem are cash: shown as spoilers with a copy button. */
  readonly secret: boolean;
  /** The column of a batch's file of codes this key fills; none: its values go under "other details". */
  readonly column?: CardColumn;
}

/** The columns a batch's file of codes gives every card (src/batches/codes-file.ts). */
type CardColumn = 'code' | 'pin' | 'serial' | 'expiry';

const secret = (label: string, entry?: string): DeliveryKey => ({ label, secret: true, ...(entry ? { entry } : {}) });
const clear = (label?: string): DeliveryKey => ({ secret: false, ...(label ? { label } : {}) });

const inColumn = (meaning: DeliveryKey, column: CardColumn): DeliveryKey => ({ ...meaning, column });

const CODE = inColumn(secret('delivery-label-code'), 'code');
const PIN = inColumn(secret('delivery-label-pin'), 'pin');
const SERIAL = inColumn(secret('delivery-label-serial'), 'serial');
const CARD_NUMBER = inColumn(secret('delivery-label-card-number'), 'code');
const REDEEM_LINK = secret('delivery-label-redeem-link');
const LINK = secret('delivery-label-link');
const EXPIRES = inColumn(clear('delivery-label-expires'), 'expiry');
const INSTRUCTIONS = clear('delivery-label-instructions');
const CARDS = secret('delivery-label-cards', 'delivery-entry-card');
const GIFT_CARDS = secret('delivery-label-gift-cards', 'delivery-entry-gift-card');
const ITEMS = secret('delivery-label-items', 'delivery-entry-item');
const QUANTITY = clear('delivery-label-quantity');
const NOTE = clear('delivery-label-note');

/** Normalised key -> its meaning. A key not listed is humanised and, since it may well be a code, kept secret. */
const KEYS: ReadonlyMap<string, DeliveryKey> = new Map<string, DeliveryKey>([
  ...spellings(CODE, 'code', 'giftcode', 'vouchercode', 'licensekey', 'redeemcode', 'redemptioncode', 'claimcode', 'activationcode'),
  ['codes', secret('delivery-label-codes', 'delivery-entry-code')],
  ['cardcode', inColumn(secret('delivery-label-card-code'), 'code')],
  ...spellings(CARD_NUMBER, 'cardnumber', 'cardno', 'cardnum'),
  ...spellings(PIN, 'pin', 'pincode', 'pinnumber', 'pinno', 'cardpin', 'securitycode'),
  ...spellings(SERIAL, 'serial', 'serialnumber', 'serialno', 'serialnum', 'serialcode'),
  ...spellings(
    EXPIRES,
    'expiry', 'expirydate', 'expires', 'expiresat', 'expireson', 'expireat', 'expiredate', 'expiration',
    'expirationdate', 'expiredat', 'validuntil', 'validtill', 'validto',
  ),
  ...spellings(REDEEM_LINK, 'redeemlink', 'redeemurl', 'redemptionlink', 'redemptionurl'),
  ...spellings(LINK, 'url', 'link'),
  ...spellings(INSTRUCTIONS, 'instructions', 'instruction', 'howtoredeem', 'redeeminstructions', 'redemptioninstructions'),
  ['cards', CARDS],
  ['card', secret('delivery-label-card')],
  ['giftcards', GIFT_CARDS],
  ['giftcard', secret('delivery-label-gift-card')],
  ['items', ITEMS],
  ['item', secret('delivery-label-item')],
  ['password', secret('delivery-label-password')],
  ['username', secret('delivery-label-username')],
  ...spellings(NOTE, 'note', 'notes'),
  ['description', clear('delivery-label-description')],
  ['region', clear('delivery-label-region')],
  ['title', clear('delivery-label-title')],
  ['name', clear('delivery-label-name')],
  ['currency', clear('delivery-label-currency')],
  ['type', clear('delivery-label-type')],
  ...spellings(QUANTITY, 'quantity', 'count', 'qty'),
]);

function spellings(meaning: DeliveryKey, ...keys: string[]): [string, DeliveryKey][] {
  return keys.map((key) => [key, meaning]);
}

/** 'giftCards', 'gift_cards', 'gift-cards' and 'Gift cards' all read as 'giftcards'. */
export function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** The meaning of a key, or undefined for a key giftdesk does not know. */
export function deliveryKey(key: string): DeliveryKey | undefined {
  return KEYS.get(normaliseKey(key));
}

/**
 * Whether values under this key are secret: known secrets and unknown keys
 * alike (an unknown field may be a code), and a bare delivery (no key).
 */
export function isSecretKey(key: string | null): boolean {
  return key === null ? true : (deliveryKey(key)?.secret ?? true);
}

/** Whether giftdesk knows this key at all (known keys are never second-guessed by their values). */
export function isKnownKey(key: string | null): boolean {
  return key !== null && deliveryKey(key) !== undefined;
}

/** 'expiresAt' -> 'Expires at', 'serial_number' -> 'Serial number', 'redeemURL' -> 'Redeem URL'. */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter((word) => word !== '');
  // A key of nothing but punctuation is kept; an empty one shows as an empty value does.
  if (words.length === 0) return key.trim() === '' ? '—' : key;
  const text = words.map((word, index) => {
    const acronym = word.length > 1 && word === word.toUpperCase() && word !== word.toLowerCase();
    const lower = acronym ? word : word.toLowerCase();
    return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
  });
  return text.join(' ');
}

/** One entry of an unknown list, named after it: 'giftVouchers' -> 'Gift voucher'. English plurals only: a provider's keys are English words. */
export function singularLabel(key: string): string {
  const label = humaniseKey(key);
  if (/[a-z]ies$/i.test(label)) return label.slice(0, -3) + 'y';
  if (/[a-z][^s]s$/i.test(label)) return label.slice(0, -1);
  return label;
}

/** Every Fluent id the table names, for the check that both languages have them. */
export function deliveryKeyMessageIds(): string[] {
  const ids = [...KEYS.values()].flatMap((meaning) => [meaning.label, meaning.entry]);
  return [...new Set(ids.filter((id): id is string => id !== undefined))];
}
