import { describe, expect, it } from 'vitest';
import { addAnother } from '../../../../src/bot/conversations/order/cart.js';
import { chooseProduct, chooseQuantity, newDraft, type Draft } from '../../../../src/bot/conversations/order/draft.js';
import { pausedView, summaryView, uncheckedView } from '../../../../src/bot/conversations/order/summary-view.js';
import type { ViewContext } from '../../../../src/bot/conversations/order/views.js';
import { formatZoneName } from '../../../../src/text/format.js';
import { type Locale } from '../../../../src/text/i18n.js';
import { createI18n } from '../../../support/i18n-plugin.js';
import { showDateTimeWithZone } from '../../../../src/text/presentation.js';
import type { Outgoing } from '../../../../src/bot/send.js';
import { field, productWith, region } from './fixtures.js';

const i18n = createI18n('en');
const viewIn = (locale: Locale): ViewContext => ({
  t: (key, variables) => i18n.t(locale, key, variables),
  locale,
  amountUnit: 'IRR',
  sandbox: true,
  perItemLimit: 10,
  timeZone: 'UTC',
  monthCalendar: 'gregorian',
});

/** What Telegram takes in one message. */
const fitsOneMessage = (out: Outgoing) => out.text.text.length <= 4096 && out.text.entities.length < 100;
const labels = (out: Outgoing) => (out.keyboard?.inline_keyboard ?? []).flat().map((b) => b.text);

function summaryOf(fields: number, answer: string, title = 'Greeting Card'): Draft {
  const product = { ...productWith([region(1, 5, 650_000)], Array.from({ length: fields }, (_, i) => field(i + 1))), title };
  const draft = chooseQuantity(chooseProduct(newDraft(), product), 1);
  return { ...draft, step: 'summary', fieldValues: Object.fromEntries(product.requiredFields.map((f) => [String(f.fieldId), answer])) };
}

describe('the order summary', () => {
  it('leaves a skipped optional question out and shows the answered ones', () => {
    const product = productWith([region(1, 5)], [field(1, { title: 'Player ID' }), field(2, { title: 'Gift note', required: false })]);
    const draft: Draft = { ...chooseQuantity(chooseProduct(newDraft(), product), 1), step: 'summary', fieldValues: { '1': 'P-77', '2': '' } };
    const text = summaryView(viewIn('en'), draft, { balance: 10_000_000 }, null).text.text;
    expect(text).toContain('Player ID: P-77');
    expect(text).not.toContain('Gift note');
  });

  it('fits one message with a 4,000-character answer, shortened with "…", and still offers Confirm', () => {
    const out = summaryView(viewIn('en'), summaryOf(1, 'x'.repeat(4_000)), { balance: 10_000_000 }, null);
    expect(fitsOneMessage(out)).toBe(true);
    expect(out.text.text).toContain(`Field 1: ${'x'.repeat(199)}…`);
    expect(out.text.text).not.toContain('x'.repeat(201));
    expect(labels(out)).toContain('Confirm order');
  });

  it('fits one message with many long answers, a long title, in Persian, counting the answers left out', () => {
    const out = summaryView(viewIn('fa'), summaryOf(300, 'پاسخ '.repeat(800), 'عنوان '.repeat(2_000)), { balance: 10_000_000 }, null);
    expect(fitsOneMessage(out)).toBe(true);
    expect(out.text.text).toMatch(/… و [0-9۰-۹٬]+ پاسخ دیگر/);
  });

  it('keeps answers whole when they fit', () => {
    const out = summaryView(viewIn('en'), summaryOf(2, 'buyer@example.com'), { balance: 10_000_000 }, null);
    expect(out.text.text).toContain('Field 2: buyer@example.com');
  });

  it('offers no Confirm for a draft with a required answer missing', () => {
    const draft = { ...summaryOf(2, 'a'), fieldValues: { '1': 'a' } };
    expect(labels(summaryView(viewIn('en'), draft, { balance: 10_000_000 }, null))).not.toContain('Confirm order');
  });

  it('marks a changed price and total as old -> new', () => {
    const changes = { price: { from: 600_000, to: 650_000 }, stock: null, regionGone: null };
    const out = summaryView(viewIn('en'), summaryOf(0, ''), { balance: 10_000_000, changes }, null);
    expect(out.text.text).toContain('Unit price: 600,000 IRR → 650,000 IRR');
    expect(out.text.text).toContain('Total: 600,000 IRR → 650,000 IRR');
    expect(out.text.text).toContain('The price or stock changed');
  });
});

describe('the paused step', () => {
  it('says who paused ordering and why, and offers no Confirm', () => {
    const out = pausedView(viewIn('en'), { source: 'admin', reason: 'month-end audit' }, null);
    expect(out.text.text).toContain('Ordering is paused by an administrator.');
    expect(out.text.text).toContain('Reason: month-end audit');
    expect(labels(out)).toEqual(['Check again', 'Edit', 'Cancel']);
  });

  it('speaks Persian to a Persian-speaking staff member, the provider named as the cause', () => {
    const out = pausedView(viewIn('fa'), { source: 'provider', reason: null }, null);
    expect(out.text.text).toContain('ثبت سفارش متوقف شده است');
    expect(out.text.text).not.toContain('دلیل:');
    expect(labels(out)).toEqual(['بررسی دوباره', 'ویرایش', 'لغو']);
  });

  it('quotes the provider’s refusal as the provider’s own words, in either language', () => {
    expect(pausedView(viewIn('fa'), { source: 'provider', reason: 'API key disabled' }, null).text.text).toContain('پاسخ خود تأمین‌کننده: «API key disabled»');
    expect(pausedView(viewIn('en'), { source: 'provider', reason: 'کلید غیرفعال است' }, null).text.text).toContain('The provider said: “کلید غیرفعال است”');
  });
});

describe('the SANDBOX badge on the summary steps', () => {
  const firstLine = (out: Outgoing) => out.text.text.split('\n')[0];
  const notice = 'The price changed while you were choosing.';

  it('stands above a notice, on the summary of one product and of several, the paused step and the unchecked one', () => {
    const one = summaryOf(0, '');
    const cart: Draft = { ...chooseQuantity(chooseProduct(addAnother(one), one.product!), 2), step: 'summary' };
    for (const locale of ['en', 'fa'] as const) {
      const v = viewIn(locale);
      const badge = v.t('sandbox-badge');
      const views = [
        summaryView(v, one, { balance: 10_000_000 }, notice),
        summaryView(v, cart, { balance: 10_000_000 }, notice),
        pausedView(v, { source: 'admin', reason: null }, notice),
        uncheckedView(v, 'timed out', notice),
      ];
      for (const out of views) {
        expect(firstLine(out)).toBe(badge);
        expect(out.text.text.split('\n')[1]).toBe(notice);
      }
    }
  });
});

describe('a spending limit that not even one unit fits', () => {
  // Midnight in Tehran, 2026-12-03.
  const resetsAt = Date.UTC(2026, 11, 2, 20, 30);
  const tehran = (locale: Locale): ViewContext => ({ ...viewIn(locale), timeZone: 'Asia/Tehran' });

  it('offers no cheaper product when nothing is left, and names the zone of the moment the limit starts afresh', () => {
    for (const locale of ['en', 'fa'] as const) {
      const v = tehran(locale);
      const out = summaryView(v, summaryOf(0, ''), { balance: 10_000_000, limit: { ok: false, limit: 'day', cap: 3_000_000, left: 0, resetsAt } }, null);
      expect(out.text.text).not.toContain(v.t('summary-limit-used-hint'));
      expect(out.text.text).toContain(v.t('summary-limit-used-up-hint'));
      expect(out.text.text).toContain(v.t('summary-limit-resets', { when: showDateTimeWithZone(v, resetsAt) }));
      expect(out.text.text).toContain(`(${formatZoneName('Asia/Tehran', locale)})`);
    }
  });

  it('still offers a cheaper product when some is left under the limit', () => {
    const v = viewIn('en');
    const out = summaryView(v, summaryOf(0, ''), { balance: 10_000_000, limit: { ok: false, limit: 'day', cap: 3_000_000, left: 500_000, resetsAt } }, null);
    expect(out.text.text).toContain('Choose a cheaper product');
  });
});
