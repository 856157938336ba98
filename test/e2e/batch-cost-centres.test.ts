import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatDriver, craftedPress } from './chat-driver.js';
import { ADMIN, PERSIAN_STAFF, sharedWorld, STAFF } from './harness.js';
import { BATCH_WAIT_MS, lastId, PUBG_325, waitNew } from './batch-steps.js';
import { posts } from './order-steps.js';

const encoder = new TextEncoder();

/** PUBG Mobile 325 UC: 580,000 IRR a unit, no questions. */
describe('batches naming the cost centre of each row', () => {
  const world = sharedWorld({ staff: [STAFF, PERSIAN_STAFF] });
  const admin = () => chatDriver(world.telegram, ADMIN);
  const ids: Record<string, number> = {};
  beforeEach(() => world.sandbox.controls.setBalance(1_000_000_000));

  beforeAll(async () => {
    await admin().say('/velocity reads off', /now off/);
    for (const [name, code] of [['Support', 'SUP-01'], ['Events', ''], ['Old projects', 'OLD']] as const) {
      const added = await admin().say(`/costcentres add ${name}${code ? ` | ${code}` : ''}`, /Added cost centre/);
      ids[name] = Number(/(\d+)\./.exec(added.text)![1]);
    }
    await admin().say(`/costcentres retire ${ids['Old projects']}`, /Retired/);
    await admin().say('/costcentres mode optional', /both may be skipped/);
    await admin().say(`/budgets set ${ids['Events']} 1000000`, /Events is now 1,000,000 IRR/);
  });

  const send = (user: typeof STAFF, name: string, lines: string[]) => {
    const mark = lastId(world, user.id);
    world.telegram.sendDocument(user, { fileName: name, bytes: encoder.encode(`\uFEFF${lines.join('\r\n')}`), mimeType: 'text/csv' });
    return mark;
  };
  const batchOrders = () => world.database.rows<{ cost_centre_id: number | null }>('select cost_centre_id from orders where batch_id is not null order by batch_index, id');

  it("places each row's orders for the cost centre it names, by name or code in any case, and none for an empty cell", async () => {
    const before = posts(world);
    const mark = send(STAFF, 'teams.csv', ['product,quantity,cost centre', `${PUBG_325},2, sup-01 `, `${PUBG_325},1,EVENTS`, `${PUBG_325},1,`]);
    const summary = await waitNew(world, STAFF.id, mark, /Batch #\d+ from teams\.csv/);
    world.telegram.clickButton(STAFF, summary, /Confirm batch/);
    await world.telegram.waitFor(() => posts(world) >= before + 3, { timeoutMs: BATCH_WAIT_MS });
    await expect.poll(async () => (await batchOrders()).length, { timeout: BATCH_WAIT_MS }).toBe(3);
    expect((await batchOrders()).map((row) => (row.cost_centre_id === null ? null : Number(row.cost_centre_id)))).toEqual([ids['Support'], ids['Events'], null]);
  });

  it('refuses an unknown and a retired cost centre with their rows before anything is placed', async () => {
    const before = posts(world);
    const mark = send(STAFF, 'wrong.csv', ['product,quantity,cost centre', `${PUBG_325},1,Support`, `${PUBG_325},1,Marketing`, `${PUBG_325},1,old`]);
    const problems = await waitNew(world, STAFF.id, mark, /Nothing was ordered/);
    expect(problems.text).toContain('Row 3, “cost centre”: no cost centre has the name or code “Marketing”.');
    expect(problems.text).toContain('Row 4, “cost centre”: the cost centre “old” is retired: name an active one.');
    expect(problems.text).not.toMatch(/Row 2/);
    expect(posts(world)).toBe(before);
  });

  it("says on the summary that a batch over its cost centre's budget waits for an administrator, and Confirm sends it for approval with whose budget on the card", async () => {
    const before = posts(world);
    // Events holds 580,000 of 1,000,000: the 420,000 left is less than the batch's two orders for it, though each fits alone.
    const mark = send(STAFF, 'events-approve.csv', ['product,quantity,cost centre', `${PUBG_325},1,Events`, `${PUBG_325},1,Events`]);
    const summary = await waitNew(world, STAFF.id, mark, /Batch #\d+ from events-approve\.csv/);
    expect(summary.text).toContain('Its orders for the cost centre “Events” come to 1,160,000 IRR: more than the 420,000 IRR left of its monthly budget of 1,000,000 IRR (580,000 IRR already spent or committed this month).');
    expect(summary.text).toContain('An administrator must approve this batch before anything is ordered.');
    const batchId = /Batch #(\d+)/.exec(summary.text)![1]!;
    const adminMark = lastId(world, ADMIN.id);
    world.telegram.clickButton(STAFF, summary, /Confirm batch/);
    await waitNew(world, STAFF.id, mark, /waiting for an administrator's approval/);
    const card = await waitNew(world, ADMIN.id, adminMark, new RegExp(`Batch #${batchId} waits for your approval`));
    // The first batch's order for Events may be delivered by now or not: spent and committed hold its 580,000 IRR between them.
    expect(card.text).toMatch(/Over the budget of Events: spent (0|580,000) IRR, committed (0|580,000) IRR, this batch's orders for it 1,160,000 IRR, budget 1,000,000 IRR\./);
    world.telegram.clickButton(ADMIN, card, /Refuse/);
    await waitNew(world, STAFF.id, mark, new RegExp(`Batch #${batchId} was refused by an administrator`));
    expect(posts(world)).toBe(before);
  });

  it("says on the summary that a batch over its cost centre's budget is refused, with no Confirm; one whose budget was taken after its summary is refused at Confirm", async () => {
    await admin().say('/budgets over refuse', /is refused/);
    try {
      const before = posts(world);
      const mark = send(STAFF, 'events.csv', ['product,quantity,cost centre', `${PUBG_325},1,Events`, `${PUBG_325},1,Events`]);
      const summary = await waitNew(world, STAFF.id, mark, /Batch #\d+ from events\.csv/);
      expect(summary.text).toContain('This batch goes over the monthly budget of the cost centre “Events”: its orders for it come to 1,160,000 IRR, and 420,000 IRR of its budget of 1,000,000 IRR is left (580,000 IRR already spent or committed this month).');
      expect(summary.text).toContain('it cannot be confirmed: order less, name another cost centre, or ask an administrator to raise the budget.');
      expect(summary.text).not.toMatch(/must approve/);
      expect(() => world.telegram.findButton(summary, /Confirm batch/)).toThrow(/No callback button/);
      world.telegram.findButton(summary, /Cancel/);

      // Shown while over-budget batches waited for approval; refused by the time Confirm is pressed: Confirm judges again and says why.
      await admin().say('/budgets over approve', /waits for an administrator's approval/);
      const laterMark = send(STAFF, 'events-later.csv', ['product,quantity,cost centre', `${PUBG_325},1,Events`, `${PUBG_325},1,Events`]);
      const shown = await waitNew(world, STAFF.id, laterMark, /Batch #\d+ from events-later\.csv/);
      expect(shown.text).toContain('An administrator must approve this batch');
      await admin().say('/budgets over refuse', /is refused/);
      world.telegram.clickButton(STAFF, shown, /Confirm batch/);
      const refused = await waitNew(world, STAFF.id, laterMark, /goes over the monthly budget/);
      expect(refused.text).toContain('This batch goes over the monthly budget of the cost centre “Events”: its orders for it come to 1,160,000 IRR, and 420,000 IRR of its budget of 1,000,000 IRR is left (580,000 IRR already spent or committed this month). Nothing was ordered.');
      expect(posts(world)).toBe(before);

      // In Persian, with Persian digits, under the Persian column name.
      const persianMark = send(PERSIAN_STAFF, 'رویداد.csv', ['محصول,تعداد,مرکز هزینه', `${PUBG_325},۱,events`, `${PUBG_325},۱,بازاریابی`]);
      const problems = await waitNew(world, PERSIAN_STAFF.id, persianMark, /بازاریابی/);
      expect(problems.text).toContain('هیچ مرکز هزینه‌ای نام یا کد «بازاریابی» را ندارد.');
      const fixedMark = send(PERSIAN_STAFF, 'رویداد.csv', ['محصول,تعداد,مرکز هزینه', `${PUBG_325},۱,events`, `${PUBG_325},۱,events`]);
      const persianSummary = await waitNew(world, PERSIAN_STAFF.id, fixedMark, /سفارش گروهی #/);
      expect(persianSummary.text).toContain('این سفارش گروهی از بودجهٔ ماهانهٔ مرکز هزینهٔ «Events» بیشتر است');
      expect(persianSummary.text).toContain('۱٬۱۶۰٬۰۰۰');
      expect(persianSummary.text).toContain('۴۲۰٬۰۰۰');
      expect(persianSummary.text).toContain('نمی‌توان آن را تأیید کرد');
      expect(() => world.telegram.findButton(persianSummary, /تأیید سفارش گروهی/)).toThrow(/No callback button/);
      await admin().say('/budgets over approve', /waits for an administrator's approval/);
      const persianApprove = send(PERSIAN_STAFF, 'رویداد.csv', ['محصول,تعداد,مرکز هزینه', `${PUBG_325},۱,events`, `${PUBG_325},۱,events`]);
      const persianApproval = await waitNew(world, PERSIAN_STAFF.id, persianApprove, /سفارش گروهی #/);
      expect(persianApproval.text).toContain('سفارش‌های آن برای مرکز هزینهٔ «Events» ۱٬۱۶۰٬۰۰۰');
      expect(persianApproval.text).toContain('پیش از هر سفارشی، یک مدیر باید این سفارش گروهی را تأیید کند.');
      expect(posts(world)).toBe(before);
    } finally {
      await admin().say('/budgets over approve', /waits for an administrator's approval/);
    }
  });

  it('asks a batch whose file names no cost centre for one, as /order asks, and places every order for it; nothing while off', async () => {
    const before = posts(world);
    const mark = send(STAFF, 'plain.csv', ['product,quantity', `${PUBG_325},1`, `${PUBG_325},1`]);
    const question = await waitNew(world, STAFF.id, mark, /Which cost centre is batch #\d+ for\?/);
    const batchId = /batch #(\d+)/.exec(question.text)![1]!;
    const labels = question.reply_markup && 'inline_keyboard' in question.reply_markup ? question.reply_markup.inline_keyboard.flat().map((b) => b.text) : [];
    expect(labels).toEqual(['Events', 'Support · SUP-01', 'Skip']);
    // A retired one, forged onto the question: refused, nothing changed.
    const forged = craftedPress(world.telegram, STAFF, `bk:${batchId}:${ids['Old projects']}`);
    expect((await world.telegram.waitFor(() => world.telegram.callbackAnswer(forged))).text).toMatch(/no longer offered/);
    const afterForged = lastId(world, STAFF.id);
    world.telegram.clickButton(STAFF, question, /Support/);
    const summary = await waitNew(world, STAFF.id, afterForged, /Batch #\d+ from plain\.csv/);
    await world.telegram.waitForMessage(STAFF.id, (m) => m.message_id === question.message_id && /Batch #\d+: cost centre Support\./.test(m.text));
    world.telegram.clickButton(STAFF, summary, /Confirm batch/);
    await world.telegram.waitFor(() => posts(world) >= before + 2, { timeoutMs: BATCH_WAIT_MS });
    const placed = () => world.database.rows<{ cost_centre_id: number | null }>(`select cost_centre_id from orders where batch_id = ${Number(batchId)} order by batch_index`);
    await expect.poll(async () => (await placed()).length, { timeout: BATCH_WAIT_MS }).toBe(2);
    expect((await placed()).map((row) => Number(row.cost_centre_id))).toEqual([ids['Support'], ids['Support']]);
    // A stale press once the batch is confirmed changes nothing.
    const stale = craftedPress(world.telegram, STAFF, `bk:${batchId}:${ids['Events']}`);
    expect((await world.telegram.waitFor(() => world.telegram.callbackAnswer(stale))).text).toMatch(/no longer waiting for its cost centre/);

    // The same file again: once its cost centre is chosen, its summary names the batch placed before (not the new draft itself).
    const againMark = send(STAFF, 'plain.csv', ['product,quantity', `${PUBG_325},1`, `${PUBG_325},1`]);
    const againQuestion = await waitNew(world, STAFF.id, againMark, /Which cost centre is batch #\d+ for\?/);
    const afterAgain = lastId(world, STAFF.id);
    world.telegram.clickButton(STAFF, againQuestion, /Support/);
    const againSummary = await waitNew(world, STAFF.id, afterAgain, /Batch #\d+ from plain\.csv/);
    expect(againSummary.text).toContain(`You sent this same file on`);
    expect(againSummary.text).toContain(`(batch #${batchId},`);
    world.telegram.clickButton(STAFF, againSummary, /Cancel/);

    // In Persian: a quantity batch is asked too.
    const persianMark = lastId(world, PERSIAN_STAFF.id);
    world.telegram.sendText(PERSIAN_STAFF, `/batch ${PUBG_325} 2`);
    const persian = await waitNew(world, PERSIAN_STAFF.id, persianMark, /برای کدام مرکز هزینه است/);
    expect(persian.text).toMatch(/سفارش گروهی #[۰-۹]+/);

    await admin().say('/costcentres mode off', /does not ask/);
    try {
      const offMark = send(STAFF, 'off.csv', ['product,quantity', `${PUBG_325},1`]);
      const offSummary = await waitNew(world, STAFF.id, offMark, /Batch #\d+ from off\.csv|Which cost centre/);
      expect(offSummary.text).toMatch(/Batch #\d+ from off\.csv/);
    } finally {
      await admin().say('/costcentres mode optional', /both may be skipped/);
    }
  });

  it('places nothing on a Confirm pressed before the required cost centre was chosen', async () => {
    await admin().say('/costcentres mode required', /asks for a cost centre before the summary/);
    try {
      const before = posts(world);
      const mark = send(STAFF, 'early.csv', ['product,quantity', `${PUBG_325},1`]);
      const question = await waitNew(world, STAFF.id, mark, /Which cost centre is batch #\d+ for\?/);
      const batchId = /batch #(\d+)/.exec(question.text)![1]!;
      // The summary's Confirm, forged before the question was answered.
      const afterQuestion = lastId(world, STAFF.id);
      craftedPress(world.telegram, STAFF, `bt:ok:${batchId}`);
      await waitNew(world, STAFF.id, afterQuestion, /Choose the batch’s cost centre first/);
      const [row] = await world.database.rows<{ state: string }>(`select state from batches where id = ${Number(batchId)}`);
      expect(row!.state).toBe('draft');
      expect(posts(world)).toBe(before);
    } finally {
      await admin().say('/costcentres mode optional', /both may be skipped/);
    }
  });
});
