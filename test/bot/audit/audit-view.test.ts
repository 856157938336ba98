import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/db/audit-queries.js';
import { auditPageView, eventWords, type AuditView } from '../../../src/bot/audit/audit-view.js';
import { parseAuditPage } from '../../../src/bot/audit/callback-data.js';
import { parseAuditCommand } from '../../../src/bot/features/audit.js';
import { translatorFor } from '../../../src/text/i18n.js';

const names: Record<number, string> = { 10: 'Ada (@ada)', 20: 'Sam' };
const view = (locale: 'en' | 'fa' = 'en'): AuditView => ({
  t: translatorFor(locale),
  locale,
  amountUnit: 'IRR',
  timeZone: 'Asia/Tehran',
  monthCalendar: 'gregorian',
  sandbox: false,
  describePerson: (id) => names[id] ?? String(id),
});

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: new Date(Date.UTC(2026, 0, 1, 20, 45)),
  actorId: 10,
  action: 'order.intent',
  orderId: 12,
  amount: 2_500_000,
  detail: null,
  subjectId: null,
  order: { userId: 20, goods: [{ product: 'Steam 5', quantity: 2 }], providerReference: 'A100' },
  ...over,
});

describe('audit view', () => {
  it("says who saw whose codes of which order", () => {
    expect(eventWords(view(), entry({ action: 'codes_revealed', subjectId: 20 }))).toBe("saw Sam's codes of order #12 (Steam 5 × 2)");
    expect(eventWords(view(), entry({ action: 'codes_revealed', actorId: 20, subjectId: 20 }))).toBe('saw their own codes of order #12 (Steam 5 × 2)');
  });

  it('names the batch an order was one of', () => {
    const placed = entry({ action: 'order.placed', detail: { kind: 'facts', facts: { batch: 7 } } });
    expect(eventWords(view(), placed)).toBe('order #12 (Steam 5 × 2) was placed for 2,500,000 IRR (batch #7)');
    expect(eventWords(view('fa'), placed)).toContain('(سفارش گروهی #۷)');
    const failed = entry({ action: 'order.failed', actorId: null, detail: { kind: 'facts', facts: { batch: 7, provider: 'FAILED' } } });
    expect(eventWords(view(), failed)).toMatch(/^order #12 \(Steam 5 × 2\): Failed.*\(batch #7\)$/);
    expect(eventWords(view(), entry({ action: 'order.placed', detail: null }))).not.toContain('batch');
  });

  it('says a role change in the reader’s words', () => {
    const change = entry({ action: 'staff.role_changed', orderId: null, order: null, subjectId: 20, detail: { kind: 'facts', facts: { from: 'staff', to: 'viewer' } } });
    expect(eventWords(view(), change)).toBe('changed the role of Sam: staff → viewer');
    expect(eventWords(view('fa'), change)).toContain('کارمند → ناظر');
    // A row written before facts held the roles as text: they are still ours to name.
    const older = entry({ action: 'staff.role_changed', orderId: null, order: null, subjectId: 20, detail: { kind: 'note', text: 'staff → viewer' } });
    expect(eventWords(view('fa'), older)).toContain('کارمند → ناظر');
  });

  it('words the steps of a privileged change that waited for a second administrator', () => {
    const lifted = (action: string) =>
      entry({ action, orderId: null, order: null, amount: null, subjectId: 20, detail: { kind: 'facts', facts: { request: 3, change: 'rule', requester: 10, rule: 'day', value: null } } });
    expect(eventWords(view(), lifted('admin_change.requested'))).toBe("asked another administrator to confirm (request 3): set Sam's “Per day” to no limit");
    expect(eventWords(view(), lifted('admin_change.confirmed'))).toBe("confirmed request 3 from Ada (@ada): set Sam's “Per day” to no limit");
    const promoted = entry({ action: 'admin_change.expired', orderId: null, order: null, amount: null, subjectId: 20, detail: { kind: 'facts', facts: { request: 4, change: 'role', requester: 10, role: 'admin' } } });
    expect(eventWords(view(), promoted)).toBe('request 4 from Ada (@ada) lapsed unconfirmed: make Sam an administrator');
    expect(eventWords(view('fa'), promoted)).toContain('Sam مدیر شود');
  });

  it('shows times in the configured time zone, the actor by name and giftdesk for the system', () => {
    const page = auditPageView(view(), { kind: 'all' }, { items: [entry({}), entry({ id: 2, actorId: null, action: 'order.completed' })], page: 1, pageCount: 1, total: 2 });
    // 20:45 UTC is 00:15 the next day in Tehran (UTC+3:30).
    expect(page.text.text).toContain('2 Jan 2026, 00:15 · Ada (@ada)');
    expect(page.text.text).toContain('· giftdesk\norder #12 (Steam 5 × 2): Completed');
    expect(page.keyboard).toBeUndefined();
  });

  it('names an event it has no words for in plain words, and marks an older row’s English sentence as a note', () => {
    expect(eventWords(view(), entry({ action: 'approval.granted', orderId: null, order: null, detail: { kind: 'note', text: 'limit 5' } }))).toBe(
      'approval granted (recorded in English: “limit 5”)',
    );
    expect(eventWords(view('fa'), entry({ action: 'order.unknown', actorId: null, detail: { kind: 'note', text: 'interrupted during placement' } }))).toBe(
      'سفارش #۱۲ (Steam 5 × ۲): در حال بررسی با تأمین‌کننده (متن ثبت‌شده به انگلیسی: «interrupted during placement»)',
    );
  });

  it('reads the values back from older rows whose sentence the code built in a known shape', () => {
    const older = (action: string, text: string) => eventWords(view('fa'), entry({ action, orderId: null, order: null, detail: { kind: 'note', text } }));
    expect(older('setting.changed', 'spending.approval.default: 2000000 → null')).toBe('سقف تأیید تیم را برداشت (پیش‌تر: ۲٬۰۰۰٬۰۰۰ IRR)');
    expect(older('approval.checking', 'approval 1')).toBe('بررسی درخواست ۱ را برای تأیید شروع کرد');
    expect(older('approval.rejected', 'approval 4: too much this month')).toBe('درخواست ۴ را رد کرد — «too much this month»');
    expect(older('ordering.resumed', 'was paused by provider since 2026-01-01T20:45:00.000Z')).toBe(
      'ثبت سفارش را دوباره باز کرد؛ از ۱۲ دی ۱۴۰۴، ۰:۱۵ (وقت عادی ایران) به دست تأمین‌کننده متوقف شده بود',
    );
    const delivered = entry({ action: 'notification.sent', actorId: null, detail: { kind: 'note', text: 'delivered: 1 message(s)' } });
    expect(eventWords(view('en'), delivered)).toBe('sent the codes of order #12 (Steam 5 × 2) in 1 message');
    const polled = entry({ action: 'order.completed', actorId: null, detail: { kind: 'note', text: 'PREPARING -> COMPLETED' } });
    expect(eventWords(view('fa'), polled)).toBe('سفارش #۱۲ (Steam 5 × ۲): تکمیل‌شده');
  });

  it('quotes the provider’s words of a refusal as the provider’s, and keeps the technical detail for the export', () => {
    const refused = entry({ action: 'order.rejected', detail: { kind: 'facts', facts: { reason: 'invalid', provider: 'Invalid field', technical: 'ProviderRejectedError 422' } } });
    expect(eventWords(view('fa'), refused)).toBe('سفارش #۱۲ (Steam 5 × ۲): ردشده از طرف تأمین‌کننده — به گفتهٔ خود تأمین‌کننده: «Invalid field»');
  });

  it('says why an order was not placed, with amounts in the reader’s unit and digits', () => {
    const limited = entry({ action: 'order.not_placed', detail: { kind: 'facts', facts: { cause: 'limit', limit: 'day', cap: 5_000_000, left: 1_000_000 } } });
    expect(eventWords(view('en'), limited)).toBe('order #12 (Steam 5 × 2) was not placed: over the daily limit of 5,000,000 IRR (1,000,000 IRR left)');
    expect(eventWords(view('fa'), limited)).toBe('سفارش #۱۲ (Steam 5 × ۲) ثبت نشد: بیشتر از سقف روزانه (۵٬۰۰۰٬۰۰۰ IRR) می‌شد؛ باقی‌مانده: ۱٬۰۰۰٬۰۰۰ IRR');
  });

  it('counts the messages a delivery took in words', () => {
    const sent = entry({ action: 'notification.sent', actorId: null, detail: { kind: 'facts', facts: { kind: 'delivered', messages: 1 } } });
    expect(eventWords(view('en'), sent)).toBe('sent the codes of order #12 (Steam 5 × 2) in 1 message');
    expect(eventWords(view('fa'), sent)).toBe('کدهای سفارش #۱۲ (Steam 5 × ۲) را در ۱ پیام فرستاد');
  });

  it('says a person’s limit went back to the team default rather than naming a value', () => {
    const reset = entry({ action: 'setting.changed', orderId: null, order: null, detail: { kind: 'facts', facts: { setting: 'spending.day.person.20', before: { value: 5_000_000 }, after: null } } });
    expect(eventWords(view('en'), reset)).toBe('set the daily limit of Sam back to the team default (was 5,000,000 IRR)');
    expect(eventWords(view('fa'), reset)).toBe('برای Sam سقف روزانه را به پیش‌فرض تیم برگرداند (پیش‌تر: ۵٬۰۰۰٬۰۰۰ IRR)');
  });

  it('keeps the filter in Newer and Older buttons, under 64 bytes', () => {
    const items = [entry({})];
    const out = auditPageView(view(), { kind: 'person', telegramId: 9_007_199_254_740_991 }, { items, page: 2, pageCount: 3, total: 30 });
    const data = out.keyboard?.inline_keyboard.flat().map((b) => ('callback_data' in b ? b.callback_data : '')) ?? [];
    expect(data).toEqual(['au:1:p9007199254740991', 'au:3:p9007199254740991']);
    for (const d of data) expect(Buffer.byteLength(d)).toBeLessThanOrEqual(64);
    expect(parseAuditPage(data[1])).toEqual({ filter: { kind: 'person', telegramId: 9_007_199_254_740_991 }, page: 3 });
  });

  it('stays under Telegram’s message limit with long names and details', () => {
    const long = 'x'.repeat(500);
    const wide = { ...view(), describePerson: () => long.slice(0, 76) };
    const items = Array.from({ length: 10 }, (_, n) => entry({ id: n, detail: { kind: 'note', text: long }, order: { userId: 20, goods: [{ product: long, quantity: 1 }], providerReference: null } }));
    expect(auditPageView(wide, { kind: 'all' }, { items, page: 1, pageCount: 1, total: 10 }).text.text.length).toBeLessThan(4096);
  });

  it('reads the filters of /audit', () => {
    expect(parseAuditCommand('')).toEqual({ kind: 'filter', filter: { kind: 'all' } });
    expect(parseAuditCommand('@sam_1')).toEqual({ kind: 'username', username: 'sam_1' });
    expect(parseAuditCommand('#۱۲')).toEqual({ kind: 'filter', filter: { kind: 'order', orderId: 12 } });
    expect(parseAuditCommand('2002')).toEqual({ kind: 'filter', filter: { kind: 'person', telegramId: 2002 } });
    expect(parseAuditCommand('2002 extra')).toEqual({ kind: 'usage' });
    expect(parseAuditCommand('#0')).toEqual({ kind: 'usage' });
  });
});
