import { describe, expect, it } from 'vitest';
import { createAuditQueries } from '../../src/reports/audit-queries.js';
import { createStaffRepo } from '../../src/db/staff-repo.js';
import { auditLog } from '../../src/db/schema.js';
import { appendAudit } from '../../src/orders/audit-trail.js';
import { openedOrder, orderRepoWorld } from '../support/order-fixtures.js';

const ADMIN = 10;
const SAM = 20;
const VIC = 30;

/** Sam's order #1 and Vic's order #2, an administrator who added both and saw Sam's codes. */
function world() {
  const { db, clock, repo } = orderRepoWorld(1_700_000_000_000);
  const staff = createStaffRepo({ db, clock });
  staff.syncEnvAdmins([ADMIN]);
  db.delete(auditLog).run();
  staff.add(SAM, 'staff', ADMIN);
  staff.add(VIC, 'viewer', ADMIN);
  const sams = openedOrder(repo, { userId: SAM, chatId: SAM, confirmKey: 'a', fingerprint: 'a' });
  const vics = openedOrder(repo, { userId: VIC, chatId: VIC, confirmKey: 'b', fingerprint: 'b', productTitle: 'Steam 5' });
  appendAudit(db, new Date(clock.now()), { actorId: ADMIN, action: 'codes_revealed', orderId: sams.id, amount: 1, subjectId: SAM });
  return { audit: createAuditQueries({ db }), sams, vics };
}

describe('audit queries', () => {
  it('lists every event newest first', () => {
    const { audit } = world();
    const page = audit.page({ kind: 'all' }, { page: 1, pageSize: 10 });
    expect(page.items.map((e) => e.action)).toEqual(['codes_revealed', 'order.intent', 'order.intent', 'staff.added', 'staff.added']);
    expect(page.total).toBe(5);
  });

  it('pages with the same order and shows the last page for a page past the end', () => {
    const { audit } = world();
    const first = audit.page({ kind: 'all' }, { page: 1, pageSize: 2 });
    const last = audit.page({ kind: 'all' }, { page: 3, pageSize: 2 });
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 5 });
    expect(last.items.map((e) => e.action)).toEqual(['staff.added']);
    expect(audit.page({ kind: 'all' }, { page: 9, pageSize: 2 }).items).toEqual(last.items);
    const ids = [1, 2, 3].flatMap((n) => audit.page({ kind: 'all' }, { page: n, pageSize: 2 }).items.map((e) => e.id));
    expect(new Set(ids).size).toBe(5);
  });

  it("finds a person's events: what they did, what was done to them, and what happened to their orders", () => {
    const { audit, sams } = world();
    const page = audit.page({ kind: 'person', telegramId: SAM }, { page: 1, pageSize: 10 });
    expect(page.items.map((e) => [e.action, e.actorId, e.subjectId, e.orderId])).toEqual([
      ['codes_revealed', ADMIN, SAM, sams.id],
      ['order.intent', SAM, null, sams.id],
      ['staff.added', ADMIN, SAM, null],
    ]);
  });

  it("finds one order's events with the order's product and orderer", () => {
    const { audit, vics } = world();
    const page = audit.page({ kind: 'order', orderId: vics.id }, { page: 1, pageSize: 10 });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      action: 'order.intent',
      order: { userId: VIC, goods: [{ product: 'Steam 5', quantity: 1 }], providerReference: null },
    });
  });

  it('gives an empty page, not an error, for an order with no events', () => {
    const { audit } = world();
    expect(audit.page({ kind: 'order', orderId: 999 }, { page: 1, pageSize: 10 })).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });
});
