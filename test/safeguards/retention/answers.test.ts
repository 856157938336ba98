import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pastOrderOf } from '../../../src/bot/conversations/order/past-order.js';
import { orders, people, strangerReplies } from '../../../src/db/schema.js';
import { type OrderState } from '../../../src/domain/order-states.js';
import { createLogger } from '../../../src/logger.js';
import { createRetentionPass, STRANGER_KEEP_DAYS } from '../../../src/safeguards/retention/answers.js';
import { ANSWERS_KEPT_DAYS } from '../../../src/safeguards/retention/retention-settings.js';
import { createRetentionStore } from '../../../src/db/retention-store.js';
import { databaseOf } from '../../../src/db/seam/database-of.js';
import { orderRow } from '../../db/contract/order-rows.js';
import { createManualClock } from '../../support/manual-clock.js';
import { memoryDb } from '../../support/memory-db.js';
import { sqliteSettings } from '../../support/sqlite-settings.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);
const ADMIN = 900;

/** The retention pass over a fresh database and a manual clock, and orders with an e-mail answer settled (or not) at T0. */
function world() {
  const db = memoryDb();
  const clock = createManualClock(T0);
  const settings = sqliteSettings(db, clock);
  const logged: string[] = [];
  const logger = createLogger({ level: 'debug', destination: { write: (line: string) => void logged.push(line) } });
  let forgotten = 0;
  const pass = createRetentionPass({
    store: createRetentionStore({ database: databaseOf(db) }),
    settings,
    clock,
    logger,
    onPeopleForgotten: async () => void (forgotten += 1),
    batchSize: 2,
  });
  const order = (state: OrderState, email: string) =>
    db
      .insert(orders)
      .values(
        orderRow(T0, {
          state,
          finishedAt: state === 'in_progress' ? null : new Date(T0),
          lines: [{ product: { id: 102, title: 'Apple 25 USD' }, region: { regionPropertyId: 5002, title: 'US', price: 100 }, quantity: 1, fields: [{ fieldId: 7, title: 'E-mail', value: email }] }],
        }),
      )
      .returning({ id: orders.id })
      .get().id;
  const answerOf = (id: number) => db.select().from(orders).where(eq(orders.id, id)).get()!.lines[0]!.fields[0]!;
  return { db, clock, settings, pass, order, answerOf, logged, forgotten: () => forgotten };
}

describe('the retention pass', () => {
  it('erases the answers of settled orders 180 days after they settled by default, and never of an open order', async () => {
    const w = world();
    const completed = w.order('completed', 'a@example.com');
    const refunded = w.order('refunded', 'b@example.com');
    const open = w.order('in_progress', 'c@example.com');

    w.clock.advance(180 * DAY - 1);
    expect(await w.pass()).toMatchObject({ erased: 0 });
    expect(w.answerOf(completed).value).toBe('a@example.com');

    w.clock.advance(2);
    expect(await w.pass()).toMatchObject({ erased: 2 });
    expect(w.answerOf(completed)).toEqual({ fieldId: 7, title: 'E-mail', value: '', erasedAfterDays: 180 });
    expect(w.answerOf(refunded).value).toBe('');
    expect(w.answerOf(open).value).toBe('c@example.com');
    // The log names orders, never what was erased.
    expect(w.logged.join('\n')).not.toMatch(/@example\.com/);
  });

  it('follows the administrators’ setting: shorter, or off', async () => {
    const w = world();
    const first = w.order('completed', 'a@example.com');
    await w.settings.write(ANSWERS_KEPT_DAYS, { days: null }, ADMIN);
    w.clock.advance(400 * DAY);
    expect(await w.pass()).toMatchObject({ erased: 0 });
    expect(w.answerOf(first).value).toBe('a@example.com');

    await w.settings.write(ANSWERS_KEPT_DAYS, { days: 30 }, ADMIN);
    expect(await w.pass()).toMatchObject({ erased: 1 });
    expect(w.answerOf(first).erasedAfterDays).toBe(30);
  });

  it('erases a backlog in small batches, one per pass', async () => {
    const w = world();
    for (let n = 0; n < 5; n++) w.order('failed', `p${n}@example.com`);
    w.clock.advance(181 * DAY);
    expect([await w.pass(), await w.pass(), await w.pass(), await w.pass()].map((run) => run.erased)).toEqual([2, 2, 1, 0]);
  });

  it('forgets strangers after a fixed time, and has the names read again', async () => {
    const w = world();
    w.db.insert(people).values({ telegramId: 77, firstName: 'Stranger', updatedAt: new Date(T0) }).run();
    w.db.insert(strangerReplies).values({ telegramId: 77, lastReplyAt: new Date(T0) }).run();
    w.clock.advance(STRANGER_KEEP_DAYS * DAY - 1);
    expect(await w.pass()).toMatchObject({ strangers: 0, strangerReplies: 0 });
    w.clock.advance(2);
    expect(await w.pass()).toMatchObject({ strangers: 1, strangerReplies: 1 });
    expect(w.db.select().from(people).all()).toEqual([]);
    expect(w.forgotten()).toBe(1);
  });

  it('asks an erased answer again when the order is ordered again, rather than sending it empty', async () => {
    const w = world();
    const id = w.order('completed', 'a@example.com');
    w.clock.advance(181 * DAY);
    await w.pass();
    const row = w.db.select().from(orders).where(eq(orders.id, id)).get()!;
    expect(pastOrderOf(row).lines[0]!.fieldValues).toEqual({});
  });
});
