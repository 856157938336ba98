import { FormattedString } from '@grammyjs/parse-mode';
import { formatDateText, localDigits } from '../text/format.js';
import type { Locale, Translate } from '../text/i18n.js';
import type { JsonValue, OrderDetail } from '../provider/schemas.js';
import { splitMessage } from './split-message.js';

type Entity = FormattedString['rawEntities'][number];

export interface RenderDeliveryOptions {
  t: Translate;
  locale: Locale;
  /** IANA zone a moment in the delivery (not a bare date) is shown in. */
  timeZone: string;
  /** First lines of the first message (order reference, product, sandbox badge); given by the caller. */
  heading: FormattedString;
  /** Last lines of the last message, if any. */
  footer?: FormattedString;
}

/** Shown for null, empty strings, empty lists and empty objects. */
export const EMPTY_VALUE = '—';
const INDENT = '   ';

/**
 * Keys whose values are not secret, so they are shown in the clear. Every
 * other scalar of a delivery is a spoiler: the provider's shape is not
 * known, and an unknown field may well be a code. Compared after
 * normalising (lower case, letters and digits only).
 */
export const HARMLESS_KEYS: ReadonlySet<string> = new Set([
  'expiresat', 'expiry', 'expirydate', 'expirationdate', 'validuntil',
  'instructions', 'description', 'note', 'notes', 'title', 'name',
  'region', 'currency', 'type', 'count', 'quantity',
]);

/** Normalised key -> Fluent message id of its label. Keys not listed are humanised. */
const KNOWN_LABELS: Readonly<Record<string, string>> = {
  code: 'delivery-label-code',
  codes: 'delivery-label-codes',
  pin: 'delivery-label-pin',
  serial: 'delivery-label-serial',
  serialnumber: 'delivery-label-serial',
  expiresat: 'delivery-label-expires',
  expirydate: 'delivery-label-expires',
  instructions: 'delivery-label-instructions',
  cards: 'delivery-label-cards',
  password: 'delivery-label-password',
  username: 'delivery-label-username',
  note: 'delivery-label-note',
  description: 'delivery-label-description',
  region: 'delivery-label-region',
};

/** Normalised key of a list -> Fluent message id of one entry's label ('Card 1'). */
const KNOWN_ENTRY_LABELS: Readonly<Record<string, string>> = {
  cards: 'delivery-entry-card',
  codes: 'delivery-entry-code',
};

/**
 * Every item's `delivery`, whatever its shape, as readable messages already
 * split for Telegram: each field labelled, nested objects indented, lists
 * numbered, nothing dropped. Values are added as formatted text, never
 * through Fluent; secrets are spoilers (never inside `code`, where a
 * spoiler cannot nest). Parts after the first start with a "(continued)"
 * line.
 */
export function renderDelivery(order: OrderDetail, opts: RenderDeliveryOptions): FormattedString[] {
  const lines = new LineBuilder();
  lines.add(0, opts.heading);
  const many = order.items.length > 1;
  order.items.forEach((item, index) => {
    if (many) {
      lines.add(0, FormattedString.bold(
        opts.t('delivery-item', {
          n: index + 1,
          count: order.items.length,
          productId: String(item.productId),
          quantity: item.quantity,
        }),
      ));
    }
    renderTop(lines, item.delivery, many ? 1 : 0, opts);
  });
  if (opts.footer) lines.add(0, opts.footer);
  const continuation = new FormattedString(opts.t('delivery-continued', { reference: order.orderReference }));
  return splitMessage(lines.build(), { continuation });
}

function renderTop(lines: LineBuilder, delivery: JsonValue | null, indent: number, opts: RenderDeliveryOptions): void {
  if (isRecord(delivery) && Object.keys(delivery).length > 0) {
    for (const [key, value] of Object.entries(delivery)) renderField(lines, key, value, indent, opts);
    return;
  }
  if (Array.isArray(delivery) && delivery.length > 0) {
    renderList(lines, null, delivery, indent, opts);
    return;
  }
  // A bare value, or nothing at all: one labelled line.
  renderField(lines, null, delivery, indent, opts, opts.t('delivery-label-delivery'));
}

function renderField(
  lines: LineBuilder,
  key: string | null,
  value: JsonValue | null,
  indent: number,
  opts: RenderDeliveryOptions,
  label: string = labelFor(key ?? '', opts.t),
): void {
  if (isRecord(value) && Object.keys(value).length > 0) {
    lines.add(indent, new FormattedString(`${label}:`));
    for (const [child, childValue] of Object.entries(value)) renderField(lines, child, childValue, indent + 1, opts);
    return;
  }
  if (Array.isArray(value) && value.length > 0) {
    lines.add(indent, new FormattedString(`${label}:`));
    renderList(lines, key, value, indent + 1, opts);
    return;
  }
  lines.add(indent, new FormattedString(`${label}: `).concat(scalar(value, key, opts)));
}

/** Scalars become "1. value"; objects and lists get an entry label such as "Card 1". */
function renderList(lines: LineBuilder, key: string | null, list: JsonValue[], indent: number, opts: RenderDeliveryOptions): void {
  list.forEach((value, index) => {
    const n = index + 1;
    if (isRecord(value) && Object.keys(value).length > 0) {
      lines.add(indent, FormattedString.bold(entryLabel(key, n, opts.t)));
      for (const [child, childValue] of Object.entries(value)) renderField(lines, child, childValue, indent + 1, opts);
    } else if (Array.isArray(value) && value.length > 0) {
      lines.add(indent, FormattedString.bold(entryLabel(key, n, opts.t)));
      renderList(lines, key, value, indent + 1, opts);
    } else {
      lines.add(indent, new FormattedString(`${localDigits(String(n), opts.locale)}. `).concat(scalar(value, key, opts)));
    }
  });
}

function scalar(value: JsonValue | null, key: string | null, opts: RenderDeliveryOptions): FormattedString {
  let text: string;
  if (value === null || isRecord(value) || Array.isArray(value)) text = '';
  else if (typeof value === 'boolean') text = opts.t(value ? 'delivery-yes' : 'delivery-no');
  else text = String(value);
  if (text.trim() === '') return new FormattedString(EMPTY_VALUE);
  if (!isHarmless(key)) return FormattedString.spoiler(text);
  // A date such as an expiry reads in the reader's calendar and digits; anything else (codes above all) is left as sent.
  return new FormattedString(formatDateText(text, opts.locale, opts.timeZone) ?? text);
}

export function isHarmless(key: string | null): boolean {
  return key !== null && HARMLESS_KEYS.has(normaliseKey(key));
}

function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

function labelFor(key: string, t: Translate): string {
  const known = KNOWN_LABELS[normaliseKey(key)];
  return known ? t(known) : humaniseKey(key);
}

function entryLabel(key: string | null, n: number, t: Translate): string {
  if (key === null) return t('delivery-entry', { n });
  const known = KNOWN_ENTRY_LABELS[normaliseKey(key)];
  return known ? t(known, { n }) : t('delivery-entry-named', { label: singular(humaniseKey(key)), n });
}

/** 'expiresAt' -> 'Expires at', 'serial_number' -> 'Serial number', 'redeemURL' -> 'Redeem URL'. */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter((word) => word !== '');
  if (words.length === 0) return key.trim() === '' ? EMPTY_VALUE : key;
  const text = words.map((word, index) => {
    const acronym = word.length > 1 && word === word.toUpperCase() && word !== word.toLowerCase();
    const lower = acronym ? word : word.toLowerCase();
    return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
  });
  return text.join(' ');
}

/** English plurals only: a provider's keys are English words; anything else is left alone. */
function singular(label: string): string {
  if (/[a-z]ies$/i.test(label)) return label.slice(0, -3) + 'y';
  if (/[a-z][^s]s$/i.test(label)) return label.slice(0, -1);
  return label;
}

function isRecord(value: JsonValue | null | undefined): value is { [key: string]: JsonValue } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Builds one text from indented lines without re-joining formatted strings on every line. */
class LineBuilder {
  private text = '';
  private readonly entities: Entity[] = [];

  add(indent: number, line: FormattedString): void {
    if (this.text !== '') this.text += '\n';
    this.text += INDENT.repeat(indent);
    const offset = this.text.length;
    this.text += line.rawText;
    for (const entity of line.rawEntities) this.entities.push({ ...entity, offset: entity.offset + offset });
  }

  build(): FormattedString {
    return new FormattedString(this.text, this.entities);
  }
}
