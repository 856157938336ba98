import { FormattedString } from '@grammyjs/parse-mode';
import { localDigits } from '../text/format.js';
import type { Locale, Translate } from '../text/i18n.js';
import type { JsonValue, OrderDetail, OrderItem } from '../provider/schemas.js';
import { splitMessage } from '../text/split-message.js';
import { deliveryKey, humaniseKey, isKnownKey, isSecretKey, singularLabel } from './delivery-keys.js';
import { showDateText, type ReaderView } from '../text/presentation.js';

type Entity = FormattedString['rawEntities'][number];

/** The reader's words and language, and the zone a moment in the delivery (not a bare date) is shown in; then what frames the codes. */
export type RenderDeliveryOptions = Pick<ReaderView, 't' | 'locale' | 'timeZone'> & {
  /** First lines of the first message (order reference, product, sandbox badge); given by the caller. */
  heading: FormattedString;
  /** Last lines of the last message, if any. */
  footer?: FormattedString;
  /**
   * The name of a product of the order, such as "Title (Region)", for the
   * sub-heading of its item when the order has several; null (or no
   * function) shows a "Product #id" fallback instead.
   */
  productLabel?: (productId: number) => string | null;
};

/** A copy-to-clipboard button for one secret: Telegram copies `text` exactly when it is tapped. */
export interface CopyButton {
  label: string;
  text: string;
}

/** One message of a delivery and the copy buttons of the secrets in it. */
export interface DeliveryMessage {
  text: FormattedString;
  copies: CopyButton[];
}

/** A secret of the delivery: the text of its spoiler and the label of its copy button. */
type Secret = CopyButton;

/** Telegram's limit on a copy_text button's text; a longer secret is left to the spoiler. */
export const COPY_TEXT_MAX = 256;
/** Secrets per message: each has a button, and more than this many buttons stop being readable on a phone. */
export const COPY_BUTTONS_PER_MESSAGE = 20;
const COPY_LABEL_MAX = 18;

/** Shown for null, empty strings, empty lists and empty objects. */
const EMPTY_VALUE = '—';
const INDENT = '   ';

/**
 * Every item's `delivery`, whatever its shape, as readable messages already
 * split for Telegram: each field labelled in the reader's language (the
 * keys giftdesk knows, under any spelling, are in delivery-keys.ts; others
 * are humanised), dates in the reader's calendar, nested objects indented,
 * lists numbered, nothing dropped. Values are added as formatted text, never
 * through Fluent; secrets are spoilers (never inside `code`, where a
 * spoiler cannot nest) and each gets a copy button on the message that
 * shows it ("Copy code 2"), so a phone copies it with one tap. Parts after
 * the first start with a "(continued)" line.
 */
export function renderDelivery(order: OrderDetail, opts: RenderDeliveryOptions): DeliveryMessage[] {
  const lines = new LineBuilder();
  lines.add(0, opts.heading);
  const many = order.items.length > 1;
  // A completed order's item that came with nothing to show is said so, never skipped.
  const missing = (item: OrderItem) => order.status === 'COMPLETED' && isEmptyDelivery(item.delivery);
  order.items.forEach((item, index) => {
    if (!many) {
      renderTop(lines, item.delivery, 0, opts, []);
      return;
    }
    // Several products: each item's codes under its own product's name.
    const product = opts.productLabel?.(item.productId) ?? opts.t('delivery-item-product', { productId: String(item.productId) });
    // Numbered as the copy buttons of its codes are ("Copy code 2.1": product 2).
    lines.add(0, FormattedString.bold(opts.t('delivery-item', { index: localDigits(String(index + 1), opts.locale), product, quantity: item.quantity })));
    if (missing(item)) lines.add(1, new FormattedString(opts.t('delivery-item-undelivered')));
    else renderTop(lines, item.delivery, 1, opts, [index + 1]);
  });
  if (opts.footer) lines.add(0, opts.footer);
  const continuation = new FormattedString(opts.t('delivery-continued', { reference: order.orderReference }));
  const parts = splitMessage(lines.build(), { continuation, maxSpoilers: COPY_BUTTONS_PER_MESSAGE });
  return attachCopies(parts, lines.secrets);
}

/**
 * The lines of a completed order no item brought codes for: an item without
 * a delivery, or no item of that product at all. Empty while the order is
 * not completed.
 */
export function linesWithoutCodes<L extends { product: { id: number } }>(lines: readonly L[], detail: OrderDetail): L[] {
  if (detail.status !== 'COMPLETED') return [];
  // A product the provider split into several items is missing codes when any of its items came without them.
  const delivered = new Set(detail.items.filter((item) => !isEmptyDelivery(item.delivery)).map((item) => item.productId));
  const short = new Set(detail.items.filter((item) => isEmptyDelivery(item.delivery)).map((item) => item.productId));
  return lines.filter((line) => !delivered.has(line.product.id) || short.has(line.product.id));
}

function isEmptyDelivery(delivery: JsonValue | null | undefined): boolean {
  if (delivery === null || delivery === undefined) return true;
  if (typeof delivery === 'string') return delivery.trim() === '';
  if (Array.isArray(delivery)) return delivery.length === 0;
  return isRecord(delivery) && Object.keys(delivery).length === 0;
}

/**
 * Gives each secret's button to the message its spoiler ends in. The
 * spoilers of the parts are, in order, the secrets (a secret too long for
 * one message is cut into several spoilers), so they are matched by length.
 */
function attachCopies(parts: FormattedString[], secrets: readonly Secret[]): DeliveryMessage[] {
  let next = 0;
  let seen = 0;
  return parts.map((text) => {
    const copies: CopyButton[] = [];
    const spoilers = text.rawEntities.filter((e) => e.type === 'spoiler').sort((a, b) => a.offset - b.offset);
    for (const spoiler of spoilers) {
      const secret = secrets[next];
      if (!secret) break;
      seen += spoiler.length;
      // Newlines at a cut between two messages are dropped, so a secret cut there is that much shorter.
      if (seen + newlinesIn(secret.text) < secret.text.length) continue;
      if (secret.text.length <= COPY_TEXT_MAX) copies.push({ label: secret.label, text: secret.text });
      next += 1;
      seen = 0;
    }
    return { text, copies };
  });
}

function newlinesIn(text: string): number {
  return text.split('\n').length - 1;
}

/** Copy buttons two to a row: short labels, and a long delivery's buttons stay a tidy grid. */
export function copyButtonRows(copies: readonly CopyButton[]): { text: string; copyText: string }[][] {
  const rows: { text: string; copyText: string }[][] = [];
  for (let i = 0; i < copies.length; i += 2) rows.push(copies.slice(i, i + 2).map((c) => ({ text: c.label, copyText: c.text })));
  return rows;
}

/** Entry numbers on the way to a value (item, card…), for its copy button's label. */
type Path = readonly number[];

/**
 * "2.1" (product 2, entry 1); in Persian "۲-۱", the way Persian numbers
 * sections, since "۲.۱" reads as a decimal number. A case names a card
 * of several products the same way (src/bot/cases/case-card.ts).
 */
export function entryPathText(path: Path, locale: Locale): string {
  return localDigits(path.join(locale === 'fa' ? '-' : '.'), locale);
}

function renderTop(lines: LineBuilder, delivery: JsonValue | null, indent: number, opts: RenderDeliveryOptions, path: Path): void {
  if (isRecord(delivery) && Object.keys(delivery).length > 0) {
    for (const [key, value] of Object.entries(delivery)) renderField(lines, key, value, indent, opts, path);
    return;
  }
  if (Array.isArray(delivery) && delivery.length > 0) {
    renderList(lines, null, delivery, indent, opts, path);
    return;
  }
  // A bare value, or nothing at all: one labelled line.
  renderField(lines, null, delivery, indent, opts, path, opts.t('delivery-label-delivery'));
}

function renderField(
  lines: LineBuilder,
  key: string | null,
  value: JsonValue | null,
  indent: number,
  opts: RenderDeliveryOptions,
  path: Path,
  label: string = labelFor(key ?? '', opts.t),
): void {
  if (isRecord(value) && Object.keys(value).length > 0) {
    lines.add(indent, new FormattedString(`${label}:`));
    for (const [child, childValue] of Object.entries(value)) renderField(lines, child, childValue, indent + 1, opts, path);
    return;
  }
  if (Array.isArray(value) && value.length > 0) {
    lines.add(indent, new FormattedString(`${label}:`));
    renderList(lines, key, value, indent + 1, opts, path);
    return;
  }
  const what = path.length > 0 ? `${label} ${entryPathText(path, opts.locale)}` : label;
  const shown = present(value, key, what, opts);
  lines.add(indent, new FormattedString(`${label}: `).concat(shown.text), shown.copy);
}

/** Scalars become "1. value"; objects and lists get an entry label such as "Card 1". */
function renderList(lines: LineBuilder, key: string | null, list: JsonValue[], indent: number, opts: RenderDeliveryOptions, path: Path): void {
  list.forEach((value, index) => {
    const n = index + 1;
    if (isRecord(value) && Object.keys(value).length > 0) {
      lines.add(indent, FormattedString.bold(entryLabel(key, n, opts.t)));
      for (const [child, childValue] of Object.entries(value)) renderField(lines, child, childValue, indent + 1, opts, [...path, n]);
    } else if (Array.isArray(value) && value.length > 0) {
      lines.add(indent, FormattedString.bold(entryLabel(key, n, opts.t)));
      renderList(lines, key, value, indent + 1, opts, [...path, n]);
    } else {
      const what = path.length > 0 ? `${entryLabel(key, n, opts.t)} (${entryPathText(path, opts.locale)})` : entryLabel(key, n, opts.t);
      const shown = present(value, key, what, opts);
      lines.add(indent, new FormattedString(`${localDigits(String(n), opts.locale)}. `).concat(shown.text), shown.copy);
    }
  });
}

function scalarText(value: JsonValue | null, t: Translate): string {
  if (value === null || isRecord(value) || Array.isArray(value)) return '';
  if (typeof value === 'boolean') return t(value ? 'delivery-yes' : 'delivery-no');
  return String(value);
}

/** A scalar as the reader sees it, and the copy button it gets when it is a secret. */
function present(value: JsonValue | null, key: string | null, what: string, opts: RenderDeliveryOptions): { text: FormattedString; copy?: Secret } {
  const text = scalarText(value, opts.t);
  if (text.trim() === '') return { text: new FormattedString(EMPTY_VALUE) };
  // A date reads in the reader's calendar, digits and zone, whatever its key; under a key known to hold
  // codes, or as the whole delivery, it is a code and is left as sent.
  const code = key === null || (isKnownKey(key) && isSecretKey(key));
  const date = code ? null : showDateText(opts, text);
  if (date !== null) return { text: new FormattedString(date) };
  if (!isSecretKey(key)) return { text: new FormattedString(text) };
  return { text: FormattedString.spoiler(text), copy: copyOf(text, what, opts) };
}

/** The copy button of a secret: the very text of its spoiler, and a short label in the reader's language. */
function copyOf(text: string, what: string, opts: RenderDeliveryOptions): Secret {
  const short = what.length > COPY_LABEL_MAX ? `${what.slice(0, COPY_LABEL_MAX - 1)}…` : what;
  // "Copy code 1", not "Copy Code 1"; acronyms such as PIN keep their capitals.
  const phrase = opts.locale === 'en' && /^\p{Lu}\p{Ll}/u.test(short) ? short.charAt(0).toLowerCase() + short.slice(1) : short;
  return { label: opts.t('delivery-copy', { what: phrase }), text };
}

function labelFor(key: string, t: Translate): string {
  const label = deliveryKey(key)?.label;
  return label ? t(label) : humaniseKey(key);
}

function entryLabel(key: string | null, n: number, t: Translate): string {
  if (key === null) return t('delivery-entry', { n });
  const entry = deliveryKey(key)?.entry;
  return entry ? t(entry, { n }) : t('delivery-entry-named', { label: singularLabel(key), n });
}

function isRecord(value: JsonValue | null | undefined): value is { [key: string]: JsonValue } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Builds one text from indented lines without re-joining formatted strings on every line. */
class LineBuilder {
  private text = '';
  private readonly entities: Entity[] = [];
  /** The spoilered values in the order they appear, each with its copy label. */
  readonly secrets: Secret[] = [];

  add(indent: number, line: FormattedString, secret?: Secret): void {
    if (secret) this.secrets.push(secret);
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
