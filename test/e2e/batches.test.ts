import { beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';
import { BATCH_WAIT_MS, csvRows, lastId, newMessages, PUBG_325, waitForFile, waitNew } from './batch-steps.js';
import { posts } from './order-steps.js';
import { craftedPress } from './chat-driver.js';

const APPLE_25 = SANDBOX_PRODUCTS.oneField;
const encoder = new TextEncoder();

describe('batches: many orders with one Confirm, one file of codes', () => {
  const world = sharedWorld({ staff: [STAFF] });
  // Enough in the wallet for every batch of this file; the sandbox's own default is spent by the first two.
  beforeEach(() => world.sandbox.controls.setBalance(1_000_000_000));

  it('splits a quantity of 35 into orders of 10, 10, 10 and 5, places each once and sends one protected file with every code', async () => {
    const before = posts(world);
    const since = lastId(world, STAFF.id);
    world.telegram.sendText(STAFF, `/batch ${PUBG_325} 35`);
    const summary = await waitNew(world, STAFF.id, since, /Batch #\d+/);
    expect(summary.text).toContain('4 orders, 35 units');
    world.telegram.clickButton(STAFF, summary, /Confirm batch/);

    const file = await waitForFile(world, STAFF.id, since);
    expect(file.protect_content).toBe(true);
    const rows = csvRows(file.document.content);
    expect(rows[0]).toContain('Code');
    const codes = rows.slice(1).map((row) => row[5]);
    expect(codes).toHaveLength(35);
    expect(new Set(codes).size).toBe(35);
    expect(posts(world)).toBe(before + 4);
    const quantities = world.sandbox.controls.orders().slice(-4).map((order) => order.items[0]!.quantity);
    expect(quantities).toEqual([10, 10, 10, 5]);
    // One file instead of a message of codes per order.
    expect(newMessages(world, STAFF.id, since).filter((m) => m.entities.some((e) => e.type === 'spoiler'))).toHaveLength(0);
    expect(newMessages(world, STAFF.id, since).filter((m) => codes.some((code) => code !== undefined && m.text.includes(code)))).toHaveLength(0);
    // The bar's last edit keeps its 3 s spacing and its turn in the chat's pace: it may come a moment after the file.
    const progress = await world.telegram.waitFor(() => newMessages(world, STAFF.id, since).find((m) => /Batch #\d+: /.test(m.text) && /Ordered 4 of 4/.test(m.text)), { timeoutMs: 5_000 });
    expect(progress.text).toMatch(/Ordered 4 of 4/);

    // /orders shows the four orders as one entry, whose button opens the batch.
    const batchId = /Batch #(\d+)/.exec(summary.text)![1]!;
    const listMark = lastId(world, STAFF.id);
    world.telegram.sendText(STAFF, '/orders');
    const list = await waitNew(world, STAFF.id, listMark, /Your recent orders/);
    expect(list.text).toContain(`Batch #${batchId} · 4 orders · 35 units`);
    const shown = lastId(world, STAFF.id);
    world.telegram.clickButton(STAFF, list, new RegExp(`Batch #${batchId} · 4 orders`));
    const opened = await waitNew(world, STAFF.id, shown, new RegExp(`Batch #${batchId}: `));
    expect(opened.text).toMatch(/Ordered 4 of 4/);
  });

  it('lists every broken row of a file before anything is spent, then places the fixed file', async () => {
    const before = posts(world);
    const mark = lastId(world, STAFF.id);
    const broken = [
      'product,quantity,ایمیل گیرنده',
      `${APPLE_25},1,a@example.com`,
      '999999,1,b@example.com',
      `${APPLE_25},1,not-an-email`,
      `${APPLE_25},500,c@example.com`,
    ].join('\n');
    world.telegram.sendDocument(STAFF, { fileName: 'recipients.csv', bytes: encoder.encode(broken), mimeType: 'text/csv' });
    const problems = await waitNew(world, STAFF.id, mark, /Nothing was ordered/);
    expect(problems.text).toMatch(/Row 3/);
    expect(problems.text).toMatch(/Row 4/);
    expect(problems.text).toMatch(/Row 5/);
    expect(problems.text).not.toMatch(/Row 2/);
    expect(posts(world)).toBe(before);

    const since = lastId(world, STAFF.id);
    const fixed = ['product,quantity,ایمیل گیرنده', `${APPLE_25},1,a@example.com`, `${APPLE_25},2,b@example.com`].join('\r\n');
    world.telegram.sendDocument(STAFF, { fileName: 'recipients.csv', bytes: encoder.encode(`\uFEFF${fixed}`), mimeType: 'text/csv' });
    const summary = await waitNew(world, STAFF.id, since, /Batch #\d+ from recipients\.csv/);
    world.telegram.clickButton(STAFF, summary, /Confirm batch/);
    const file = await waitForFile(world, STAFF.id, since);
    const rows = csvRows(file.document.content).slice(1);
    // Each code beside the row and the answers it was ordered for.
    expect(rows.filter((row) => row[11]?.includes('a@example.com'))).toHaveLength(1);
    expect(rows.filter((row) => row[11]?.includes('b@example.com'))).toHaveLength(2);
    expect(rows.map((row) => row[10])).toEqual(['2', '3', '3']);
    expect(posts(world)).toBe(before + 2);

    // The same file again is recognised before anything is placed.
    const beforeAgain = lastId(world, STAFF.id);
    world.telegram.sendDocument(STAFF, { fileName: 'recipients.csv', bytes: encoder.encode(`\uFEFF${fixed}`), mimeType: 'text/csv' });
    const again = await waitNew(world, STAFF.id, beforeAgain, /You sent this same file/);
    expect(again.text).toMatch(/batch #\d+/);
    world.telegram.clickButton(STAFF, again, /Cancel/);
    expect(posts(world)).toBe(before + 2);
  });

  it('reads a semicolon-separated file saved by a spreadsheet in Persian, with Persian digits', async () => {
    const mark = lastId(world, STAFF.id);
    const persian = ['محصول;تعداد;ایمیل گیرنده', `${APPLE_25};۲;persian@example.com`].join('\r\n');
    world.telegram.sendDocument(STAFF, { fileName: 'گیرندگان.csv', bytes: encoder.encode(`\uFEFF${persian}`) });
    const summary = await waitNew(world, STAFF.id, mark, /Batch #\d+ from گیرندگان\.csv/);
    expect(summary.text).toContain('1 order, 2 units');
    world.telegram.clickButton(STAFF, summary, /Cancel/);
  });

  it('refuses a file over the row limit with a clear word', async () => {
    const mark = lastId(world, STAFF.id);
    const lines = ['product,quantity', ...Array.from({ length: 10_000 }, () => `${PUBG_325},1`)];
    world.telegram.sendDocument(STAFF, { fileName: 'huge.csv', bytes: encoder.encode(lines.join('\n')) });
    const refused = await waitNew(world, STAFF.id, mark, /more than 1,000 rows/);
    expect(refused.text).toContain('Split it');
  });

  it('holds at a price change and goes on at the new price on Continue; Stop at a hold sends nothing more', async () => {
    const before = posts(world);
    const mark = lastId(world, STAFF.id);
    world.telegram.sendText(STAFF, `/batch ${PUBG_325} 30`);
    const summary = await waitNew(world, STAFF.id, mark, /3 orders, 30 units/);
    // What spends is green, what stops is red, where Telegram shows button colours.
    expect([world.telegram.findButton(summary, /Confirm batch/).style, world.telegram.findButton(summary, /^Cancel$/).style]).toEqual(['success', 'danger']);
    world.sandbox.controls.setProductPrice(PUBG_325, 600_000);
    world.telegram.clickButton(STAFF, summary, /Confirm batch/);
    const held = await waitNew(world, STAFF.id, mark, /changed from 580,000 IRR to 600,000 IRR/);
    expect(posts(world)).toBe(before);
    expect([world.telegram.findButton(held, /Continue at/).style, world.telegram.findButton(held, /Stop/).style]).toEqual(['success', 'danger']);
    world.telegram.clickButton(STAFF, held, /Continue at/);
    await waitForFile(world, STAFF.id, held.message_id);
    expect(posts(world)).toBe(before + 3);
    expect(world.sandbox.controls.orders().slice(-3).map((order) => order.amount)).toEqual([6_000_000, 6_000_000, 6_000_000]);

    // Held again by the next price change: Stop ends it there.
    const stopMark = lastId(world, STAFF.id);
    world.telegram.sendText(STAFF, `/batch ${PUBG_325} 20`);
    const second = await waitNew(world, STAFF.id, stopMark, /2 orders, 20 units/);
    world.sandbox.controls.setProductPrice(PUBG_325, 580_000);
    world.telegram.clickButton(STAFF, second, /Confirm batch/);
    const heldAgain = await waitNew(world, STAFF.id, stopMark, /changed from 600,000 IRR to 580,000 IRR/);
    world.telegram.clickButton(STAFF, heldAgain, /Stop/);
    await world.telegram.waitFor(() => (world.telegram.messages(STAFF.id).some((m) => m.message_id > stopMark && /Batch #\d+: stopped/.test(m.text)) ? true : undefined), { timeoutMs: BATCH_WAIT_MS });
    expect(posts(world)).toBe(before + 3);
  });

  it('holds before a product an administrator hid, says so with only Stop offered, places nothing on Continue, and goes on by itself once it is shown', async () => {
    const before = posts(world);
    const mark = lastId(world, STAFF.id);
    world.telegram.sendText(STAFF, `/batch ${PUBG_325} 20`);
    const summary = await waitNew(world, STAFF.id, mark, /2 orders, 20 units/);
    const batchId = /Batch #(\d+)/.exec(summary.text)![1]!;
    const adminMark = lastId(world, ADMIN.id);
    world.telegram.sendText(ADMIN, `/catalog hide product ${PUBG_325}`);
    await waitNew(world, ADMIN.id, adminMark, /Hidden from staff/);
    world.telegram.clickButton(STAFF, summary, /Confirm batch/);

    const held = await waitNew(world, STAFF.id, mark, /An administrator hid PUBG Mobile 325 UC from staff/);
    expect(held.text).toContain('goes on by itself once it is shown again');
    const buttons = held.reply_markup && 'inline_keyboard' in held.reply_markup ? held.reply_markup.inline_keyboard.flat().map((b) => b.text) : [];
    expect(buttons).toEqual([expect.stringMatching(/Stop/)]);
    const bar = await world.telegram.waitFor(() => newMessages(world, STAFF.id, mark).find((m) => new RegExp(`Batch #${batchId}: waiting: an administrator hid PUBG Mobile 325 UC`).test(m.text)), { timeoutMs: 10_000 });
    expect(bar.text).toContain('Ordered 0 of 2');
    // A Continue from an older message (or a forged one) moves nothing while it is hidden.
    const pressed = craftedPress(world.telegram, STAFF, `bt:go:${batchId}`);
    const answer = await world.telegram.waitFor(() => world.telegram.callbackAnswer(pressed));
    expect(answer.text).toContain('Still hidden');
    expect(posts(world)).toBe(before);

    const shownMark = lastId(world, ADMIN.id);
    world.telegram.sendText(ADMIN, `/catalog show product ${PUBG_325}`);
    await waitNew(world, ADMIN.id, shownMark, /Offered to staff again/);
    await waitForFile(world, STAFF.id, held.message_id);
    expect(posts(world)).toBe(before + 2);
  });

  it('waits for an administrator when the batch is above the approval threshold, and places it once approved', async () => {
    world.telegram.sendText(ADMIN, '/approvals threshold 5000000');
    await world.telegram.waitForMessage(ADMIN.id, /Orders above 5,000,000 IRR now wait/);
    const before = posts(world);
    const since = lastId(world, STAFF.id);
    world.telegram.sendText(STAFF, `/batch ${PUBG_325} 12`);
    const summary = await waitNew(world, STAFF.id, since, /2 orders, 12 units/);
    expect(summary.text).toContain('An administrator must approve');
    const adminMark = lastId(world, ADMIN.id);
    world.telegram.clickButton(STAFF, summary, /Confirm batch/);
    const card = await waitNew(world, ADMIN.id, adminMark, /waits for your approval/);
    expect(posts(world)).toBe(before);
    world.telegram.clickButton(ADMIN, card, /Approve batch/);
    await waitForFile(world, STAFF.id, since);
    expect(posts(world)).toBe(before + 2);
    world.telegram.sendText(ADMIN, '/approvals threshold off');
  });

  it('says why a batch the wallet cannot pay has no Confirm: how much is missing and how many orders the wallet would pay', async () => {
    // Steam 100 TRY, which no other test here buys: three orders of ten at 420,000 each, 12,600,000 in all.
    world.sandbox.controls.setBalance(9_000_000);
    const mark = lastId(world, STAFF.id);
    world.telegram.sendText(STAFF, '/batch 118 30');
    const summary = await waitNew(world, STAFF.id, mark, /3 orders, 30 units/);
    expect(summary.text).toContain('Not enough in the wallet: 9,000,000 IRR now, this batch costs 12,600,000 IRR, 3,600,000 IRR short. The wallet would pay the first 2 of 3 orders.');
    expect(summary.text).not.toMatch(/after this batch/);
    const labels = ((summary.reply_markup as { inline_keyboard?: { text: string }[][] } | undefined)?.inline_keyboard ?? []).flat().map((button) => button.text);
    expect(labels.some((label) => /Confirm/.test(label))).toBe(false);
  });
});
