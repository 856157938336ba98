import { describe, expect, it } from 'vitest';
import { createApprovalStore } from '../../../src/db/approval-store.js';
import { createAuditQueries } from '../../../src/db/audit-queries.js';
import { auditPageView, type AuditView } from '../../../src/bot/audit/audit-view.js';
import { createStaffStore } from '../../../src/db/staff-store.js';
import { databaseOf } from '../../../src/db/seam/database-of.js';
import { createOrderingPauseStore } from '../../../src/db/ordering-pause-store.js';
import { LOW_BALANCE_THRESHOLD } from '../../../src/alerts/low-balance.js';
import { digestHourSetting } from '../../../src/reports/daily-digest.js';
import { SANDBOX_PRODUCTS } from '../../../src/sandbox/server.js';
import { sqliteSettings } from '../../support/sqlite-settings.js';
import { createSpendingRuleBook } from '../../../src/orders/spending-rules.js';
import { translatorFor, type Locale } from '../../../src/text/i18n.js';
import { MINUTE, pollerWorld } from '../../tracking/poller-world.js';

const ADMIN = 1001;
const SARA = 3003;
const names: Record<number, string> = { [ADMIN]: 'Nasrin', [SARA]: 'Sara' };

const view = (locale: Locale): AuditView => ({
  t: translatorFor(locale),
  locale,
  amountUnit: { en: 'IRR', fa: 'ریال' },
  timeZone: 'Asia/Tehran',
  monthCalendar: 'gregorian',
  sandbox: false,
  describePerson: (id) => names[id] ?? String(id),
});

/**
 * The audit as the running bot writes it: an order the sandbox completes
 * through the poller, an approval asked, checked, sent back and rejected
 * with a reason, limits set and cleared, the digest hour, a pause and its
 * end, and a role change. Every row comes from the code that writes it.
 */
async function recordedAudit() {
  // Nasrin is the administrator ADMIN_IDS names at the start.
  const world = await pollerWorld({ admins: [ADMIN], orderers: [] });
  const { db, clock } = world;
  const order = await world.placed(SANDBOX_PRODUCTS.noFields, 1, SARA);
  await world.advanceAndRun(5_000);
  expect((await world.get(order.id)).state).toBe('completed');

  const approvals = createApprovalStore({ database: databaseOf(db), clock });
  const { approval } = await approvals.request(
    {
      confirmKey: 'c1',
      requesterId: SARA,
      chatId: SARA,
      lines: [{ product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 5001, title: 'US', price: 1_250_000 }, quantity: 2, fields: [] }],
    },
    new Date(clock.now() + 60 * MINUTE),
  );
  await approvals.claim(approval.id, ADMIN, approval.revision);
  await approvals.release(approval.id, ADMIN, { why: { change: 'price' }, lines: [{ ...approval.lines[0]!, region: { ...approval.lines[0]!.region, price: 1_300_000 } }] });
  await approvals.reject(approval.id, ADMIN, 'بودجهٔ این ماه تمام شده');

  const settings = sqliteSettings(db, clock);
  const rules = createSpendingRuleBook({ settings });
  await rules.setDefault('approval', 2_000_000, ADMIN);
  await rules.setDefault('approval', null, ADMIN);
  await rules.setForPerson('day', SARA, 5_000_000, ADMIN);
  await settings.write(digestHourSetting, 9, ADMIN);
  await settings.write(LOW_BALANCE_THRESHOLD, 10_000_000, ADMIN);

  const pause = createOrderingPauseStore({ database: databaseOf(db), clock });
  await pause.pause({ source: 'admin', reason: 'wallet audit', by: ADMIN });
  clock.advance(MINUTE);
  await pause.resume(ADMIN);

  const staff = createStaffStore({ database: databaseOf(db), clock });
  await staff.add(SARA, 'staff', ADMIN);
  await staff.add(SARA, 'viewer', ADMIN);

  return { page: await createAuditQueries({ database: databaseOf(db) }).page({ kind: 'all' }, { page: 1, pageSize: 40 }), orderId: order.id, approvalId: approval.id };
}

describe('an audit page in the reader’s language', () => {
  it('reads in Persian words throughout: no action names, arrows of the log, nulls or Latin digits outside names', async () => {
    const { page, orderId, approvalId } = await recordedAudit();
    const text = auditPageView(view('fa'), { kind: 'all' }, page).text.text;

    // Product titles, the person's own words and the setting's name are theirs; everything else is ours to say in Persian.
    const ours = text.replaceAll('Google Play 10 USD', '').replaceAll('giftdesk', '').replaceAll('ADMIN_IDS', '');
    expect(ours).not.toMatch(/[a-z]+[._][a-z_]+/);
    expect(ours).not.toMatch(/->|null|undefined|\{|\}/);
    expect(ours).not.toMatch(/[0-9]/);
    expect(ours).not.toMatch(/[A-Z]{3,}/);

    const order = `سفارش #${String(orderId).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)}`;
    expect(text).toContain(`${order} (Google Play 10 USD × ۱): تکمیل‌شده`);
    const request = `درخواست ${String(approvalId).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)}`;
    expect(text).toContain(`برای ${request} تأیید خواست: Google Play 10 USD × ۲، ۲٬۵۰۰٬۰۰۰ ریال`);
    expect(text).toContain(`${request} دوباره منتظر ماند: قیمت تغییر کرده بود`);
    expect(text).toContain(`${request} را رد کرد — «بودجهٔ این ماه تمام شده»`);
    expect(text).toContain('سقف تأیید را برای تیم ۲٬۰۰۰٬۰۰۰ ریال کرد (پیش‌تر: بدون سقف)');
    expect(text).toContain('سقف تأیید تیم را برداشت (پیش‌تر: ۲٬۰۰۰٬۰۰۰ ریال)');
    expect(text).toContain('سقف روزانه را برای Sara ۵٬۰۰۰٬۰۰۰ ریال کرد (پیش‌تر: پیش‌فرض تیم)');
    expect(text).toContain('خلاصهٔ روزانه را روی ساعت ۰۹:۰۰ گذاشت (پیش‌تر: خاموش)');
    expect(text).toContain('ثبت سفارش را متوقف کرد — «wallet audit»');
    expect(text).toMatch(/ثبت سفارش را دوباره باز کرد؛ از ۳۰ آبان ۱۴۰۵، [۰-۹]{2}:[۰-۹]{2} \(وقت عادی ایران\) به دست یکی از مدیران متوقف شده بود/);
    expect(text).toContain('نقش Sara را تغییر داد: کارمند → ناظر');
    expect(text).toContain('به Nasrin با نقش مدیر دسترسی داد (هنگام راه‌اندازی، از روی ADMIN_IDS)');
    // Times in the Persian calendar, with the zone named once above them.
    expect(text).toContain('زمان‌ها به وقت عادی ایران.');
    expect(text).toMatch(/۳۰ آبان ۱۴۰۵، [۰-۹]{2}:[۰-۹]{2} · Nasrin/);
  });

  it('reads in English words for an English reader', async () => {
    const { page } = await recordedAudit();
    const text = auditPageView(view('en'), { kind: 'all' }, page).text.text;
    expect(text).not.toMatch(/[a-z]+\.[a-z_]+|->|null/);
    expect(text).toContain("set the team's approval threshold to 2,000,000 IRR (was none)");
    expect(text).toContain("removed the team's approval threshold (was 2,000,000 IRR)");
    expect(text).toContain('set the daily limit of Sara to 5,000,000 IRR (was the team default)');
    expect(text).toContain('set the low-balance alert to 10,000,000 IRR (was off)');
    expect(text).toContain('paused ordering — “wallet audit”');
    expect(text).toContain('Times in Iran Standard Time.');
  });
});
