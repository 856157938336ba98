import { describe, expect, it } from 'vitest';
import type { ApprovalRow } from '../../src/db/approval-store.js';
import { adminSummary, approvalLine, APPROVE_DATA, REJECT_DATA } from '../../src/orders/approval-texts.js';
import { translatorFor, type Locale } from '../../src/text/i18n.js';

const context = (locale: Locale) => ({
  t: translatorFor(locale),
  locale,
  amountUnit: 'ریال',
  timeZone: 'Asia/Tehran',
  monthCalendar: 'gregorian' as const,
  sandbox: false,
  describePerson: (id: number) => `Sara (${id})`,
});

const approval: ApprovalRow = {
  id: 7,
  requesterId: 3003,
  chatId: 3003,
  confirmKey: 'k',
  lines: [
    {
      product: { id: 102, title: 'گیفت کارت اپل ۲۵ دلاری' },
      region: { regionPropertyId: 5002, title: 'US', price: 3_100_000 },
      quantity: 2,
      fields: [{ fieldId: 7, title: 'ایمیل گیرنده', value: 'buyer@example.com' }],
    },
  ],
  state: 'pending',
  revision: 3,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  expiresAt: new Date(Date.UTC(2026, 0, 1, 12, 0)),
  decidedBy: null,
  decidedAt: null,
  reason: null,
  orderId: null,
  ownerLock: null,
  answersErasedAt: null,
  costCentreId: null,
  purposeNote: null,
};

describe('approval summary for administrators', () => {
  it('shows a Persian administrator who, what, the answers and the total in Persian with Persian digits', () => {
    const { text } = adminSummary(context('fa'), approval, { balance: 50_000_000, threshold: 5_000_000, selfApproval: false });
    expect(text.text).toContain('نیاز به تأیید: درخواست ۷');
    expect(text.text).toContain('/approvals reject ۷ ');
    expect(text.text).toContain('مهلت تصمیم: تا ۱۱ دی ۱۴۰۴، ۱۵:۳۰ (وقت عادی ایران)');
    expect(text.text).toContain('سفارش‌دهنده: Sara (3003)');
    expect(text.text).toContain('شناسهٔ تلگرام: 3003');
    expect(text.text).toContain('ایمیل گیرنده: buyer@example.com');
    expect(text.text).toContain('۶٬۲۰۰٬۰۰۰ ریال');
    expect(text.text).not.toMatch(/6,200,000/);
  });

  it('names the cost centre (with its code) and the note the order is for, in Persian too, and nothing where none was given', () => {
    const asked = { ...approval, costCentreId: 4, purposeNote: 'هدیهٔ نوروز برای تیم پشتیبانی' };
    const { text } = adminSummary(context('fa'), asked, { balance: null, threshold: null, selfApproval: false, costCentre: { name: 'پشتیبانی', code: 'SUP-01' } });
    expect(text.text).toContain('مرکز هزینه: پشتیبانی (SUP-01)');
    expect(text.text).toContain('یادداشت: هدیهٔ نوروز برای تیم پشتیبانی');
    const plain = adminSummary(context('en'), approval, { balance: null, threshold: null, selfApproval: false }).text.text;
    expect(plain).not.toContain('Cost centre');
    expect(plain).not.toContain('Note:');
  });

  it("shows the requester's Telegram ID on a line of its own, which the display name cannot imitate", () => {
    const forged = { ...context('en'), describePerson: () => 'Boss Telegram ID: 1001 (@boss)' };
    const { text } = adminSummary(forged, approval, { balance: null, threshold: null, selfApproval: false });
    const lines = text.text.split('\n');
    expect(lines).toContain('Ordered by: Boss Telegram ID: 1001 (@boss)');
    expect(lines).toContain('Telegram ID: 3003');
  });

  it('shows an answer stored with a bidi override without it, so the card reads in its own order', () => {
    const line = approval.lines[0]!;
    const stored: ApprovalRow = { ...approval, lines: [{ ...line, fields: [{ fieldId: 7, title: 'Player', value: 'id\u202E\u2066 77\u200F' }] }] };
    const { text } = adminSummary(context('en'), stored, { balance: null, threshold: null, selfApproval: false });
    expect(text.text).toContain('Player: id 77\n');
    expect(text.text).not.toMatch(/[\u202E\u2066\u200F]/);
  });

  it('fits a request of ten products with long answers in one Telegram message, saying how many answers it leaves out', () => {
    const long = (n: number) => 'پاسخ بلند '.repeat(n);
    const line = (i: number) => ({
      product: { id: 200 + i, title: `گیفت کارت شمارهٔ ${i} ${long(10)}` },
      region: { regionPropertyId: 6000 + i, title: 'US', price: 1_000_000 },
      quantity: 1,
      fields: Array.from({ length: 5 }, (_, f) => ({ fieldId: f + 1, title: `پرسش ${f} ${long(4)}`, value: long(20) })),
    });
    const big: ApprovalRow = { ...approval, lines: Array.from({ length: 10 }, (_, i) => line(i + 1)) };
    for (const locale of ['fa', 'en'] as const) {
      const { text } = adminSummary(context(locale), big, { balance: 50_000_000, threshold: 5_000_000, selfApproval: false, notice: long(200) });
      expect(text.text.length).toBeLessThanOrEqual(4_096);
      expect(text.text).toContain(locale === 'fa' ? '۱۰٬۰۰۰٬۰۰۰ ریال' : '10,000,000 ریال');
      expect(text.text).toContain(locale === 'fa' ? 'کالای ۱۰ از ۱۰' : 'Product 10 of 10');
    }
    // The ordinary request keeps everything whole.
    expect(adminSummary(context('fa'), approval, { balance: 1, threshold: 1, selfApproval: false }).text.text).toContain('ایمیل گیرنده: buyer@example.com');
  });

  it('numbers a request in Persian digits in every Persian line that names it', () => {
    const c = context('fa');
    expect(approvalLine(c, approval)).toMatch(/^درخواست ۷:/);
    expect(approvalLine(context('en'), approval)).toMatch(/^Request 7:/);
  });

  it('carries the revision in Approve, so that a summary of older numbers cannot approve newer ones', () => {
    const { buttons } = adminSummary(context('en'), approval, { balance: null, threshold: null, selfApproval: false });
    const [approve, reject] = buttons[0]!;
    expect(APPROVE_DATA.exec(approve!.callbackData)?.slice(1)).toEqual(['7', '3']);
    expect(REJECT_DATA.exec(reject!.callbackData)?.[1]).toBe('7');
    expect(Buffer.byteLength(approve!.callbackData)).toBeLessThanOrEqual(64);
  });
});
