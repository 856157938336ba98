import { favouriteData, parseFavouriteData } from '../../../src/bot/favourite-data.js';
import type { InlineKeyboardButton } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { type Locale } from '../../../src/text/i18n.js';
import { createI18n } from '../../support/i18n-plugin.js';
import {
  codesData,
  listData,
  parseCodes,
  parseList,
  parseTrack,
  parseTransactions,
  trackData,
  transactionData,
  transactionsPageData,
} from '../../../src/bot/order-views/callback-data.js';
import { orderButtonLabel, orderDetailView, type TrackingView } from '../../../src/bot/order-views/order-view.js';
import type { OrderRow } from '../../../src/db/order-store.js';
import type { OrderDetail } from '../../../src/provider/schemas.js';
import type { Outgoing } from '../../../src/bot/send.js';

const i18n = createI18n('en');
const view = (locale: Locale = 'en'): TrackingView => ({
  t: (key, variables) => i18n.t(locale, key, variables),
  locale,
  amountUnit: 'IRR',
  timeZone: 'UTC',
  monthCalendar: 'gregorian',
  sandbox: false,
});
const STAFF = { telegramId: 2002, role: 'staff' as const };

function row(overrides: Partial<OrderRow> = {}): OrderRow {
  const at = new Date(Date.UTC(2026, 10, 21, 10, 0));
  return {
    id: 12,
    userId: 2002,
    chatId: 2002,
    confirmKey: 'k',
    fingerprint: 'f',
    lines: [
      {
        product: { id: 102, title: 'Apple 25 USD' },
        region: { regionPropertyId: 5002, title: 'US', price: 1_000_000 },
        quantity: 2,
        fields: [{ fieldId: 7, title: 'Recipient e-mail', value: 'buyer@example.com' }],
      },
    ],
    totalAmount: 2_000_000,
    state: 'in_progress',
    providerOrderId: 9001,
    providerReference: 'A100234',
    providerStatus: 'PREPARING',
    providerMessage: null,
    sandbox: false,
    createdAt: at,
    postedAt: at,
    postEndedAt: at,
    updatedAt: at,
    finishedAt: null,
    nextCheckAt: null,
    checkCount: 0,
    leaseOwner: null,
    leaseExpiresAt: null,
    staleReportedAt: null,
    reviewCandidates: null,
    acceptedOrderId: 9001,
    acceptedReference: 'A100234',
    acceptedAmount: 2_000_000,
    adoptionProof: null,
    ownerLock: null,
    answersErasedAt: null,
    batchId: null,
    batchIndex: null,
    costCentreId: null,
    purposeNote: null,
    ...overrides,
  };
}

function fresh(status: string, amount = 2_000_000): OrderDetail {
  return { orderId: 9001, orderReference: 'A100234', amount, status, createdAt: null, items: [] };
}

function buttons(out: Outgoing): InlineKeyboardButton.CallbackButton[] {
  return (out.keyboard?.inline_keyboard.flat() ?? []) as InlineKeyboardButton.CallbackButton[];
}

describe('the order detail', () => {
  it('shows what was ordered, for how much, with the answers given and both states', () => {
    const out = orderDetailView(view(), { row: row(), fresh: fresh('PROCESSING'), trouble: null }, STAFF, { kind: 'new' });

    expect(out.text.text).toContain('Order A100234 (our #12)');
    expect(out.text.text).toContain('State: In progress');
    expect(out.text.text).toContain('At the provider: Processing');
    expect(out.text.text).toContain('Quantity: 2');
    expect(out.text.text).toContain('Unit price: 1,000,000 IRR');
    expect(out.text.text).toContain('Total: 2,000,000 IRR');
    expect(out.text.text).toContain('Recipient e-mail: buyer@example.com');
    expect(out.text.text).not.toContain('Ordered by');
  });

  it("shows the end customer's answers to the orderer and administrators, never to a viewer", () => {
    const detail = (viewer: { telegramId: number; role: 'staff' | 'viewer' | 'admin' }) =>
      orderDetailView(view(), { row: row({ state: 'completed' }), fresh: null, trouble: null }, viewer, { kind: 'new' }).text.text;

    expect(detail(STAFF)).toContain('buyer@example.com');
    expect(detail({ telegramId: 1001, role: 'admin' })).toContain('buyer@example.com');
    const viewer = detail({ telegramId: 3003, role: 'viewer' });
    expect(viewer).not.toContain('buyer@example.com');
    expect(viewer).not.toContain('Recipient e-mail');
    expect(viewer).toContain("The end customer's answers are shown to the orderer and administrators only.");
    expect(viewer).toContain('Total: 2,000,000 IRR');
    // Made a viewer after ordering it: the order is still theirs, the answers are no longer shown to them.
    expect(detail({ telegramId: STAFF.telegramId, role: 'viewer' })).not.toContain('buyer@example.com');
  });

  it('shows an erased answer as erased, with the days it was kept, in both languages', () => {
    const erased = row({
      state: 'completed',
      lines: [{ ...row().lines[0]!, fields: [{ fieldId: 7, title: 'Recipient e-mail', value: '', erasedAfterDays: 180 }] }],
    });
    expect(orderDetailView(view(), { row: erased, fresh: null, trouble: null }, STAFF, { kind: 'new' }).text.text).toContain('Recipient e-mail: erased after 180 days');
    expect(orderDetailView(view('fa'), { row: erased, fresh: null, trouble: null }, STAFF, { kind: 'new' }).text.text).toContain('پس از ۱۸۰ روز پاک شد');
  });

  it('offers Refresh in place, and no codes, while the provider is still working', () => {
    const out = orderDetailView(view(), { row: row(), fresh: fresh('PREPARING'), trouble: null }, STAFF, { kind: 'new' });

    expect(buttons(out).map((b) => b.callback_data)).toEqual(['ot:12:r']);
  });

  it('offers the codes once the provider says the order is complete, before our record catches up', () => {
    const out = orderDetailView(view(), { row: row(), fresh: fresh('COMPLETED'), trouble: null }, STAFF, { kind: 'refresh' });

    expect(buttons(out).map((b) => b.callback_data)).toEqual(['oc:12']);
    expect(out.text.text).toContain('tap Show codes');
  });

  it('says an order waiting for an administrator was accepted by the provider when its answer was kept', () => {
    const waiting = { state: 'needs_review' as const, providerOrderId: null, providerReference: null, providerStatus: null };
    const accepted = orderDetailView(view(), { row: row(waiting), fresh: null, trouble: null }, STAFF, { kind: 'new' });
    const guessed = orderDetailView(view(), { row: row({ ...waiting, acceptedOrderId: null }), fresh: null, trouble: null }, STAFF, { kind: 'new' });

    expect(accepted.text.text).toContain('The provider accepted this order');
    expect(guessed.text.text).toContain('Several orders at the provider could be this one');
  });

  it('leads back to the same page of /orders when opened from it', () => {
    const origin = { kind: 'list' as const, list: { page: 3, userId: 2002 } };
    const out = orderDetailView(view(), { row: row({ state: 'completed' }), fresh: null, trouble: null }, STAFF, origin);

    expect(buttons(out).map((b) => b.callback_data)).toEqual(['oc:12', 'cs:p:12', 'oa:12', 'fv:so:12', 'ol:3:2002']);
  });

  it('offers Order again to the orderer of a settled order only', () => {
    const offered = (state: 'completed' | 'in_progress', viewer: typeof STAFF | { telegramId: number; role: 'staff' | 'viewer' | 'admin' }) =>
      buttons(orderDetailView(view(), { row: row({ state }), fresh: null, trouble: null }, viewer, { kind: 'new' })).some((b) => b.callback_data === 'oa:12');
    expect(offered('completed', STAFF)).toBe(true);
    expect(offered('in_progress', STAFF)).toBe(false);
    expect(offered('completed', { telegramId: 4004, role: 'staff' })).toBe(false);
    expect(offered('completed', { telegramId: 1001, role: 'admin' })).toBe(false);
    expect(offered('completed', { telegramId: STAFF.telegramId, role: 'viewer' })).toBe(false);
  });

  it('offers the star to the orderer of a settled order, and the team pin to administrators, within 64 bytes', () => {
    const datas = (state: 'completed' | 'in_progress', viewer: typeof STAFF | { telegramId: number; role: 'staff' | 'viewer' | 'admin' }) =>
      buttons(orderDetailView(view(), { row: row({ state }), fresh: null, trouble: null }, viewer, { kind: 'new' })).map((b) => b.callback_data ?? '');
    expect(datas('completed', STAFF)).toContain('fv:so:12');
    expect(datas('completed', STAFF)).not.toContain('fv:po:12');
    expect(datas('in_progress', STAFF)).not.toContain('fv:so:12');
    expect(datas('completed', { telegramId: STAFF.telegramId, role: 'viewer' })).not.toContain('fv:so:12');
    expect(datas('completed', { telegramId: 1001, role: 'admin' })).toEqual(expect.arrayContaining(['fv:po:12']));
    expect(datas('completed', { telegramId: 1001, role: 'admin' })).not.toContain('fv:so:12');
    expect(datas('in_progress', { telegramId: 1001, role: 'admin' })).not.toContain('fv:po:12');
    expect(Buffer.byteLength(favouriteData({ kind: 'pin-order', id: 999_999_999_999_999 }))).toBeLessThanOrEqual(64);
    expect(parseFavouriteData('fv:rm:12')).toEqual({ kind: 'remove', id: 12 });
    expect(parseFavouriteData('fv:rm:12:x')).toBeNull();
    expect(parseFavouriteData('fv:zz:12')).toBeNull();
  });

  it('says when it shows our own record because the provider could not be asked', () => {
    const facts = { row: row(), fresh: null, trouble: 'The provider is not answering right now.' };
    const out = orderDetailView(view(), facts, STAFF, { kind: 'new' });

    expect(out.text.text).toMatch(/from our records of .+: the provider could not be asked just now\. The provider is not answering/);
  });

  it('tells an administrator who ordered, and what the provider actually charged when it differs', () => {
    const admin = { telegramId: 1001, role: 'admin' as const };
    const out = orderDetailView(view(), { row: row(), fresh: fresh('PROCESSING', 2_100_000), trouble: null }, admin, { kind: 'new' });

    expect(out.text.text).toContain('Ordered by: 2002');
    expect(out.text.text).toContain('Charged by the provider: 2,100,000 IRR');
  });

  it('shows a state the provider invented as the provider wrote it', () => {
    const facts = { row: row({ state: 'unrecognised' }), fresh: fresh('ON_HOLD'), trouble: null };
    const out = orderDetailView(view(), facts, STAFF, { kind: 'new' });

    expect(out.text.text).toContain('At the provider: ON_HOLD');
    expect(out.text.text).toContain('State: In a state we do not know');
  });

  it('speaks Persian with Persian digits in amounts', () => {
    const out = orderDetailView(view('fa'), { row: row(), fresh: fresh('PROCESSING'), trouble: null }, STAFF, { kind: 'new' });

    expect(out.text.text).toContain('وضعیت: در حال انجام');
    expect(out.text.text).toContain('جمع کل: ۲٬۰۰۰٬۰۰۰ IRR');
  });
});

describe('an order of several products', () => {
  const line = (id: number, fields: number, value: string) => ({
    product: { id, title: `کارت هدیهٔ ${id} `.repeat(20).slice(0, 200) },
    region: { regionPropertyId: id, title: 'منطقه '.repeat(30), price: 1_000_000 },
    quantity: 2,
    fields: Array.from({ length: fields }, (_, n) => ({ fieldId: n + 1, title: 'عنوان پرسش '.repeat(20), value })),
  });

  it('fits one message with ten lines of long Persian answers, the rest summed up as a count', () => {
    const lines = Array.from({ length: 10 }, (_, index) => line(100 + index, 3, 'پاسخ بسیار طولانی '.repeat(60)));
    const out = orderDetailView(view('fa'), { row: row({ lines }), fresh: fresh('PROCESSING'), trouble: null }, STAFF, { kind: 'new' });

    expect(out.text.text.length).toBeLessThanOrEqual(4096);
    expect(out.text.text).toContain('کالای ۱۰ از ۱۰');
    expect(out.text.text).toContain('جمع کل:');
    expect(out.text.text).toMatch(/… و [۰-۹]+ پاسخ دیگر/);
  });

  it('fits one message with one answer at the 4,000-character cap, keeping Show codes for an administrator', () => {
    const lines = [line(100, 1, 'y'.repeat(4_000))];
    const admin = { telegramId: 1001, role: 'admin' as const };
    const out = orderDetailView(view(), { row: row({ lines }), fresh: fresh('COMPLETED'), trouble: null }, admin, { kind: 'new' });
    expect(out.text.text.length).toBeLessThanOrEqual(4096);
    expect(out.text.text).toMatch(/y{100,}…/);
    expect(out.keyboard?.inline_keyboard.flat().map((b) => b.text)).toContain('Show codes');
  });

  it('shows a stored answer without the characters that would reorder the view', () => {
    const lines = [line(100, 1, 'ab\u202E\u2067cd\u061C')];
    const out = orderDetailView(view(), { row: row({ lines }), fresh: fresh('PROCESSING'), trouble: null }, STAFF, { kind: 'new' });
    expect(out.text.text).toContain(': abcd\n');
  });

  it('shows every answer, shortened, when they fit', () => {
    const lines = Array.from({ length: 3 }, (_, index) => line(100 + index, 1, 'x'.repeat(500)));
    const out = orderDetailView(view(), { row: row({ lines }), fresh: fresh('PROCESSING'), trouble: null }, STAFF, { kind: 'new' });

    expect(out.text.text.length).toBeLessThanOrEqual(4096);
    expect(out.text.text.match(/x{10,}…/g)).toHaveLength(3);
    expect(out.text.text).not.toContain('more answers');
  });

  it('names the first product on its /orders button and how many more there are', () => {
    const three = row({ lines: [line(1, 0, ''), line(2, 0, ''), line(3, 0, '')].map((l, i) => ({ ...l, product: { id: i, title: ['Google Play 10 USD', 'Apple 25 USD', 'Free Fire'][i]! } })) });
    const label = orderButtonLabel(view(), three, 1);
    expect(label).toMatch(/^1\. A100234 · Google Pl.*… \+2$/);
    expect(label.length).toBeLessThanOrEqual(30);
    expect(orderButtonLabel(view('fa'), three, 1)).toMatch(/\+۲$/);
    expect(orderButtonLabel(view(), row(), 1)).toBe('1. A100234 · Apple 25 USD');
  });
});

describe('callback data of the tracking menus', () => {
  const BIG = 999_999_999_999_999;

  it('reads back what it wrote', () => {
    expect(parseList(listData({ page: 2, userId: null }))).toEqual({ page: 2, userId: null });
    expect(parseList(listData({ page: 2, userId: 2002 }))).toEqual({ page: 2, userId: 2002 });
    expect(parseTrack(trackData(7, { kind: 'new' }))).toEqual({ orderId: 7, origin: { kind: 'new' } });
    expect(parseTrack(trackData(7, { kind: 'refresh' }))).toEqual({ orderId: 7, origin: { kind: 'refresh' } });
    const fromList = { kind: 'list' as const, list: { page: 4, userId: 2002 } };
    expect(parseTrack(trackData(7, fromList))).toEqual({ orderId: 7, origin: fromList });
    expect(parseCodes(codesData(7))).toBe(7);
    expect(parseTransactions(transactionsPageData(3))).toEqual({ kind: 'page', page: 3 });
    expect(parseTransactions(transactionData(77, 3))).toEqual({ kind: 'detail', id: 77, page: 3 });
  });

  it('stays within Telegram’s 64 bytes with the largest ids', () => {
    const all = [
      listData({ page: BIG, userId: BIG }),
      trackData(BIG, { kind: 'list', list: { page: BIG, userId: BIG } }),
      codesData(BIG),
      transactionData(BIG, BIG),
    ];
    for (const data of all) expect(Buffer.byteLength(data), data).toBeLessThanOrEqual(64);
  });

  it('refuses data of other menus and malformed data', () => {
    for (const data of ['o:p:1', 'ol:', 'ol:x', 'ot:1:q', 'oc:', 'oc:1:2', 'tx:d:1', 'tx:q:1', undefined]) {
      expect([parseList(data), parseTrack(data), parseCodes(data), parseTransactions(data)], String(data)).toEqual([null, null, null, null]);
    }
  });
});
