import { FormattedString } from '@grammyjs/parse-mode';
import { localDigits } from '../text/format.js';
import type { Locale, Translate } from '../text/i18n.js';
import type { JsonValue, OrderDetail, OrderItem } from '../provider/schemas.js';
import { splitMessage } from '../text/split-message.js';
import { deliveryKey, humaniseKey, isKnownKey, isSecretKey, singularLabel } from './delivery-keys.js';
import { showDateText, type ReaderView } from '../text/presentation.js';
import { lineLabel, type OrderLine } from '../domain/order-line.js';
import { deliveryLines } from './delivery-lines.js';

type Entity = FormattedString['rawEntities'][number];

/** The reader's words and language, and the zone a moment in the delivery (not a bare date) is shown in; then what frames the codes. */
export type RenderDeliveryOptions = Pick<ReaderView, 't' | 'locale' | 'timeZone'> & {
  /** First lines of the first message (order reference, product, sandbox badge); given by the caller. */
  heading: FormattedString;
  /** Last lines of the last message, if any. */
  footer?: FormattedString;
  /**
   * The order's lines as they were posted: they number the delivery (an
   * order of several products lists each line under its number, "Title
   * (Region) × 3") and each item is put under its line by what it is
   * (delivery-lines.ts), never by where the provider listed it.
   */
  lines: readonly DeliveryLine[];
};

/** What the delivery reads of an order line. */
export type DeliveryLine = Pick<OrderLine, 'product' | 'region' | 'quantity'>;

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
  const matched = deliveryLines(opts.lines, order.items);
  // Headings as a case's card picker has them: one per line when the order has several (src/bot/cases/case-card.ts).
  const many = opts.lines.length > 1 || matched.unmatched.length > 0;
  // A completed order's line that came with nothing to show is said so, never skipped.
  const missing = (items: readonly OrderItem[]) => order.status === 'COMPLETED' && (items.length === 0 || items.every((item) => isEmptyDelivery(item.delivery)));
  for (const { line, number, items } of matched.lines) {
    if (!many) {
      renderItems(lines, items, 0, opts, []);
      continue;
    }
    // Several products: each line's codes under its own product's name, numbered as its copy buttons are ("Copy code 2.1": product 2).
    const product = lineLabel(line);
    lines.add(0, FormattedString.bold(opts.t('delivery-item', { index: localDigits(String(number), opts.locale), product, quantity: line.quantity })));
    if (missing(items)) lines.add(1, new FormattedString(opts.t('delivery-item-undelivered')));
    else renderItems(lines, items, 1, opts, [number]);
  }
  // An item no line asked for is shown as sent, numbered after the lines and said to be no product of the order: nothing is dropped, nothing guessed.
  matched.unmatched.forEach((item, index) => {
    const number = opts.lines.length + index + 1;
    lines.add(0, FormattedString.bold(opts.t('delivery-item-unmatched', { index: localDigits(String(number), opts.locale), productId: String(item.productId), quantity: item.quantity })));
    if (missing([item])) lines.add(1, new FormattedString(opts.t('delivery-item-undelivered')));
    else renderItems(lines, [item], 1, opts, [number]);
  });
  if (opts.footer) lines.add(0, opts.footer);
  const continuation = new FormattedString(opts.t('delivery-continued', { reference: order.orderReference }));
  const parts = splitMessage(lines.build(), { continuation, maxSpoilers: COPY_BUTTONS_PER_MESSAGE });
  return attachCopies(parts, lines.secrets);
}

/**
 * The items of one line. A line the provider split into several items
 * numbers its cards on from one item to the next (card 3 is the second
 * item's first when the first brought two), as a case counts a line's
 * cards; an item of one card without a list gets its card's number too.
 */
function renderItems(lines: LineBuilder, items: readonly OrderItem[], indent: number, opts: RenderDeliveryOptions, path: Path): void {
  let before = 0;
  for (const item of items) {
    const entries = listedEntries(item.delivery);
    if (entries !== null) {
      renderTop(lines, item.delivery, indent, opts, path, before);
      before += entries;
    } else {
      renderTop(lines, item.delivery, indent, opts, items.length > 1 ? [...path, before + 1] : path, 0);
      before += 1;
    }
  }
}

/** How many entries the renderer numbers in a delivery's own lists (the cards), or null for a delivery of no list. */
function listedEntries(delivery: JsonValue | null): number | null {
  if (Array.isArray(delivery)) return delivery.length > 0 ? delivery.length : null;
  if (!isRecord(delivery)) return null;
  const lengths = Object.values(delivery).filter((value) => Array.isArray(value) && value.length > 0).map((value) => (value as JsonValue[]).length);
  return lengths.length > 0 ? Math.max(...lengths) : null;
}

/**
 * The lines of a completed order no item brought codes for: an item without
 * a delivery, or no item of that line at all (matched as delivery-lines.ts
 * does). Empty while the order is not completed.
 */
export function linesWithoutCodes<L extends { product: { id: number } }>(lines: readonly L[], detail: OrderDetail): L[] {
  if (detail.status !== 'COMPLETED') return [];
  // A line the provider split into several items is missing codes when any of its items came without them.
  return deliveryLines(lines, detail.items)
    .lines.filter(({ items }) => items.length === 0 || items.some((item) => isEmptyDelivery(item.delivery)))
    .map(({ line }) => line);
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

/** `before`: cards of the same line already shown by earlier items; the delivery's own lists number on from there. */
function renderTop(lines: LineBuilder, delivery: JsonValue | null, indent: number, opts: RenderDeliveryOptions, path: Path, before: number): void {
  if (isRecord(delivery) && Object.keys(delivery).length > 0) {
    for (const [key, value] of Object.entries(delivery)) renderField(lines, key, value, indent, opts, path, undefined, before);
    return;
  }
  if (Array.isArray(delivery) && delivery.length > 0) {
    renderList(lines, null, delivery, indent, opts, path, before);
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
  before = 0,
): void {
  if (isRecord(value) && Object.keys(value).length > 0) {
    lines.add(indent, new FormattedString(`${label}:`));
    for (const [child, childValue] of Object.entries(value)) renderField(lines, child, childValue, indent + 1, opts, path);
    return;
  }
  if (Array.isArray(value) && value.length > 0) {
    lines.add(indent, new FormattedString(`${label}:`));
    renderList(lines, key, value, indent + 1, opts, path, before);
    return;
  }
  const what = path.length > 0 ? `${label} ${entryPathText(path, opts.locale)}` : label;
  const shown = present(value, key, what, opts);
  lines.add(indent, new FormattedString(`${label}: `).concat(shown.text), shown.copy);
}

/** Scalars become "1. value"; objects and lists get an entry label such as "Card 1". */
function renderList(lines: LineBuilder, key: string | null, list: JsonValue[], indent: number, opts: RenderDeliveryOptions, path: Path, before = 0): void {
  list.forEach((value, index) => {
    const n = before + index + 1;
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
