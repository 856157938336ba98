import type { InlineKeyboardButton } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { BATCH_DATA } from '../../../src/batches/batch-views.js';
import { orderListView } from '../../../src/bot/order-views/list-view.js';
import type { TrackingView } from '../../../src/bot/order-views/order-view.js';
import type { Outgoing } from '../../../src/bot/send.js';
import type { PageOf } from '../../../src/db/paging.js';
import type { OrderListEntry } from '../../../src/db/order-list-entries.js';
import type { OrderRow } from '../../../src/db/order-row.js';
import { type Locale } from '../../../src/text/i18n.js';
import { createI18n } from '../../support/i18n-plugin.js';

const i18n = createI18n('en');
const view = (locale: Locale = 'en'): TrackingView => ({
  t: (key, variables) => i18n.t(locale, key, variables),
  locale,
  amountUnit: 'IRR',
  timeZone: 'UTC',
  monthCalendar: 'gregorian',
  sandbox: false,
  describePerson: (id) => `person ${id}`,
});
const AT = new Date(Date.UTC(2026, 10, 21, 10, 0));

const order = (id: number): OrderListEntry => ({
  kind: 'order',
  order: {
    id,
    userId: 2002,
    chatId: 2002,
    lines: [{ product: { id: 102, title: 'Apple 25 USD' }, region: { regionPropertyId: 5002, title: 'US', price: 1_000 }, quantity: 1, fields: [] }],
    totalAmount: 1_000,
    state: 'completed',
    providerOrderId: 9000 + id,
    providerReference: `A${100000 + id}`,
    createdAt: AT,
    postedAt: AT,
    batchId: null,
    batchIndex: null,
  } as unknown as OrderRow,
});
const batch: OrderListEntry = { kind: 'batch', batchId: 12, userId: 2002, state: 'done', orders: 4, units: 35, total: 35_000, latestAt: AT };

const page = (items: OrderListEntry[], at = 1, pageCount = 1): PageOf<OrderListEntry> => ({ items, page: at, pageCount, total: items.length });
const buttons = (out: Outgoing) => (out.keyboard?.inline_keyboard.flat() ?? []) as InlineKeyboardButton.CallbackButton[];

describe('/orders with a batch in it', () => {
  it('shows the batch as one entry with its orders, units, total and state, its button opening the batch', () => {
    const out = orderListView(view(), { kind: 'own' }, page([order(40), batch, order(3)]));
    const text = out.text.toString();
    expect(text).toContain('2. Batch #12 · 4 orders · 35 units');
    expect(text).toContain('done');
    expect(text).toContain('35,000');
    const pressed = buttons(out).map((b) => b.callback_data);
    expect(pressed).toHaveLength(3);
    expect(pressed[1]).toBe('bt:sh:12');
    expect(BATCH_DATA.exec(pressed[1]!)?.slice(1, 3)).toEqual(['sh', '12']);
    expect(pressed[0]).toMatch(/^ot:40:/);
    expect(buttons(out)[1]!.text).toBe('2. Batch #12 · 4 orders');
  });

  it('names whose batch it is on everyone’s list, and keeps Previous and Next', () => {
    const out = orderListView(view(), { kind: 'everyone' }, page([batch], 2, 3));
    expect(out.text.toString()).toContain('by person 2002');
    expect(buttons(out).map((b) => b.callback_data)).toEqual(['bt:sh:12', 'ol:1', 'ol:3']);
  });

  it('writes the batch in Persian with Persian digits', () => {
    const text = orderListView(view('fa'), { kind: 'own' }, page([batch])).text.toString();
    expect(text).toContain('سفارش گروهی');
    expect(text).toContain('۳۵');
    expect(text).not.toContain('Batch');
  });
});
