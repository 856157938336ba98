import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createApprovalStore } from '../../src/db/approval-store.js';
import { createOrderStore } from '../../src/db/order-store.js';
import { createApprovalService, type LimitCheck } from '../../src/orders/approval-service.js';
import { createApprovalExpirySweep } from '../../src/orders/expiry-sweep.js';
import { createExpiryNewsStore } from '../../src/db/expiry-news-store.js';
import { processLeaseTime } from '../../src/db/lease-time.js';
import { silentLogger } from '../../src/logger.js';
import { createOrderService } from '../../src/orders/order-service.js';
import { createProviderClient } from '../../src/provider/client.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { sqliteSettings } from '../support/sqlite-settings.js';
import { createSpendingRuleBook } from '../../src/orders/spending-rules.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';
import { googlePlayInput } from '../support/order-fixtures.js';

const T0 = 1_700_000_000_000;
const DAY = 24 * 60 * 60_000;
const ADMIN = 1;
const OTHER_ADMIN = 2;
const STAFF = 11;

describe('approval service', () => {
  const sandboxes: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(sandboxes.splice(0).map((s) => s.close()));
  });

  async function setup(options: { admins?: number[]; checkLimits?: LimitCheck; mayOrder?: (personId: number) => boolean; hiddenProducts?: (ids: number[]) => Promise<number[]> } = {}) {
    const sandbox = await createSandbox({ rateLimit: false });
    sandboxes.push(sandbox);
    const db = memoryDb();
    const clock = createManualClock(T0);
    const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 1000 });
    const orders = createOrderService({ orders: createOrderStore({ database: databaseOf(db), clock }), provider, clock, logger: silentLogger, sandbox: true });
    const rules = createSpendingRuleBook({ settings: sqliteSettings(db, clock) });
    await rules.setDefault('approval', 1_000_000, ADMIN);
    const make = () =>
      createApprovalService({
        approvals: createApprovalStore({ database: databaseOf(db), clock }),
        clock,
        logger: silentLogger,
        rules,
        adminIds: () => options.admins ?? [ADMIN, OTHER_ADMIN],
        provider,
        orders,
        orderingPaused: async () => null,
        mayOrder: (personId) => options.mayOrder?.(personId) ?? true,
        ...(options.checkLimits ? { checkLimits: options.checkLimits } : {}),
        ...(options.hiddenProducts ? { hiddenProducts: options.hiddenProducts } : {}),
      });
    const posts = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders').length;
    const actions = () =>
      db.$client
        .prepare("select action from audit_log where action like 'approval.%' order by id")
        .all()
        .map((row) => (row as { action: string }).action);
    return { sandbox, db, clock, rules, service: make(), restarted: make, posts, actions, repo: createApprovalStore({ database: databaseOf(db), clock }) };
  }

  async function requested(service: ReturnType<typeof createApprovalService>, key = 'k1', userId = STAFF) {
    const stored = await service.requestIfNeeded(googlePlayInput(key, { userId, chatId: userId }));
    if (!stored) throw new Error('expected the order to need approval');
    return stored.approval;
  }

  it('asks for approval only above the threshold, and a person’s own threshold wins over the default', async () => {
    const { service, rules } = await setup();
    expect(await service.requestIfNeeded(googlePlayInput('a', { region: { regionPropertyId: 5001, title: 'US', price: 1_000_000 } }))).toBeNull();
    expect(await service.requestIfNeeded(googlePlayInput('b'))).not.toBeNull();
    await rules.setForPerson('approval', STAFF, null, ADMIN);
    expect(await service.requestIfNeeded(googlePlayInput('c'))).toBeNull();
  });

  it('expires a request at its deadline, tells the staff member and the administrators, and a later Approve places nothing', async () => {
    const { service, clock, posts, actions, db } = await setup();
    const approval = await requested(service);
    const told: string[] = [];
    const sweep = createApprovalExpirySweep({
      approvals: service,
      announcer: {
        expired: async (row, admins) => {
          told.push(`settled ${row.id}`, `staff ${row.chatId}`, ...admins.map((id) => `admin ${id}`));
          return { cardsSettled: true, told: true };
        },
      },
      news: createExpiryNewsStore({ database: databaseOf(db), clock, leases: processLeaseTime }),
      logger: silentLogger,
    });

    clock.advance(DAY - 1);
    await sweep();
    expect(told).toEqual([]);
    clock.advance(1);
    await sweep();
    expect(told).toEqual([`settled ${approval.id}`, `staff ${STAFF}`, `admin ${ADMIN}`, `admin ${OTHER_ADMIN}`]);
    await sweep();
    expect(told).toHaveLength(4);

    const late = await service.approve(approval.id, ADMIN, approval.revision);
    expect(late).toMatchObject({ kind: 'not-pending', approval: { state: 'expired' } });
    expect(posts()).toBe(0);
    expect(actions()).toEqual(['approval.requested', 'approval.expired']);
  });

  it('keeps the deadline across a restart: the request still expires when it was due', async () => {
    const { service, restarted, clock } = await setup();
    const approval = await requested(service);
    clock.advance(DAY);
    const after = restarted();
    await after.recoverInterrupted();
    expect((await after.expireDue()).map((row) => row.id)).toEqual([approval.id]);
  });

  it('puts a request whose check a restart cut short back to waiting, and approving it then places one order', async () => {
    const { service, restarted, repo, posts } = await setup();
    const approval = await requested(service);
    expect((await repo.claim(approval.id, ADMIN, approval.revision)).kind).toBe('claimed');
    const after = restarted();
    expect(await after.recoverInterrupted()).toEqual({ requeued: 1, attached: 0 });
    const outcome = await after.approve(approval.id, OTHER_ADMIN, approval.revision);
    expect(outcome).toMatchObject({ kind: 'placed', result: { kind: 'placed' } });
    expect(posts()).toBe(1);
  });

  it('never places a second order for one request, even one sent back to waiting after its order was created', async () => {
    const { service, db, posts } = await setup();
    const approval = await requested(service);
    expect((await service.approve(approval.id, ADMIN, 0)).kind).toBe('placed');
    // As if a restart had lost the approval's link to its order after the POST.
    db.$client.prepare("update approvals set state = 'pending', order_id = null where id = ?").run(approval.id);
    const again = await service.approve(approval.id, ADMIN, 0);
    expect(again).toMatchObject({ kind: 'placed', result: { kind: 'already-confirmed' } });
    expect(posts()).toBe(1);
  });

  it("refuses an administrator's approval of their own order while another administrator exists", async () => {
    const { service, posts } = await setup();
    const approval = await requested(service, 'k1', ADMIN);
    expect(service.approversFor(approval)).toEqual([OTHER_ADMIN]);
    expect((await service.approve(approval.id, ADMIN, 0)).kind).toBe('own-order');
    expect(posts()).toBe(0);
    expect((await service.get(approval.id))?.state).toBe('pending');
  });

  it('lets the only administrator approve their own order, recorded as self-approved', async () => {
    const { service, posts, actions } = await setup({ admins: [ADMIN] });
    const approval = await requested(service, 'k1', ADMIN);
    expect(await service.approve(approval.id, ADMIN, 0)).toMatchObject({ kind: 'placed', selfApproved: true });
    expect(posts()).toBe(1);
    expect(actions()).toEqual(['approval.requested', 'approval.checking', 'approval.self_approved']);
  });

  it('keeps the request waiting, unplaced, when the person’s limits refuse it', async () => {
    const verdict = { ok: false, limit: 'day', cap: 1_000, left: 10 } as const;
    const { service, posts } = await setup({ checkLimits: async () => verdict });
    const approval = await requested(service);
    expect(await service.approve(approval.id, ADMIN, 0)).toMatchObject({ kind: 'blocked', blocked: { kind: 'limit', verdict } });
    expect((await service.get(approval.id))?.state).toBe('pending');
    expect(posts()).toBe(0);
  });

  it('keeps the request waiting, unplaced and unasked of the provider, while an administrator has hidden its product, and places it once shown', async () => {
    const hidden = new Set<number>();
    const { service, sandbox, posts } = await setup({ hiddenProducts: async (ids) => ids.filter((id) => hidden.has(id)) });
    const approval = await requested(service);
    const productId = approval.lines[0]!.product.id;
    hidden.add(productId);
    const reads = sandbox.requests.length;
    expect(await service.approve(approval.id, ADMIN, 0)).toMatchObject({ kind: 'blocked', blocked: { kind: 'hidden', product: 'Google Play 10 USD (US)' } });
    expect((await service.get(approval.id))?.state).toBe('pending');
    expect(sandbox.requests.length).toBe(reads);
    expect(posts()).toBe(0);

    hidden.delete(productId);
    expect(await service.approve(approval.id, ADMIN, 0)).toMatchObject({ kind: 'placed', result: { kind: 'placed' } });
    expect(posts()).toBe(1);
  });

  it('records a new price and revision when the provider repriced, so the older summary can no longer approve', async () => {
    const { service, sandbox, posts } = await setup();
    const approval = await requested(service);
    sandbox.controls.setProductPrice(approval.lines[0]!.product.id, 1_300_000);
    expect(await service.approve(approval.id, ADMIN, 0)).toMatchObject({
      kind: 'changed',
      change: { kind: 'price', product: 'Google Play 10 USD (US)', from: 1_250_000, to: 1_300_000 },
      approval: { state: 'pending', lines: [{ region: { price: 1_300_000 } }], revision: 1 },
    });
    expect((await service.approve(approval.id, OTHER_ADMIN, 0)).kind).toBe('stale');
    expect(posts()).toBe(0);
    expect(await service.approve(approval.id, OTHER_ADMIN, 1)).toMatchObject({ kind: 'placed', result: { kind: 'placed', order: { totalAmount: 1_300_000 } } });
    expect(posts()).toBe(1);
  });

  it('places exactly the cart that was approved, in one POST, and asks again when any line was repriced', async () => {
    const { service, sandbox, posts } = await setup();
    const base = googlePlayInput('cart');
    const apple = { product: { id: 102, title: 'Apple 25 USD' }, region: { regionPropertyId: 5002, title: null, price: 3_100_000 }, quantity: 1, fields: [{ fieldId: 7, title: 'E-mail', value: 'buyer@example.com' }] };
    const stored = await service.requestIfNeeded({ ...base, lines: [base.lines[0]!, apple] });
    if (!stored) throw new Error('expected the cart to need approval');
    sandbox.controls.setProductPrice(102, 3_200_000);
    expect(await service.approve(stored.approval.id, ADMIN, 0)).toMatchObject({
      kind: 'changed',
      change: { kind: 'price', product: 'Apple 25 USD', from: 3_100_000, to: 3_200_000 },
      approval: { revision: 1, lines: [{ region: { price: 1_250_000 } }, { region: { price: 3_200_000 } }] },
    });
    expect(posts()).toBe(0);
    const placed = await service.approve(stored.approval.id, ADMIN, 1);
    expect(placed).toMatchObject({ kind: 'placed', result: { kind: 'placed', order: { totalAmount: 4_450_000 } } });
    expect(posts()).toBe(1);
    const [remote] = sandbox.controls.orders();
    expect(remote?.items.map((item) => [item.productId, item.quantity])).toEqual([
      [base.lines[0]!.product.id, 1],
      [102, 1],
    ]);
  });

  it('refuses an Approve pressed after the deadline, even before the sweep expired the request', async () => {
    const { service, clock, posts } = await setup();
    const approval = await requested(service);
    clock.advance(DAY);
    // The sweep, not the press, expires it: it is the one that tells the staff member and the administrators.
    expect(await service.approve(approval.id, ADMIN, approval.revision)).toMatchObject({ kind: 'expired', approval: { state: 'pending' } });
    expect(posts()).toBe(0);
    expect((await service.expireDue()).map((row) => row.id)).toEqual([approval.id]);
  });

  it('closes, unplaced, the request of a person who may no longer order when an administrator approves it', async () => {
    const ordering = new Set([STAFF]);
    const { service, posts, actions } = await setup({ mayOrder: (id) => ordering.has(id) });
    const approval = await requested(service);
    ordering.delete(STAFF);
    expect(await service.approve(approval.id, ADMIN, approval.revision)).toMatchObject({
      kind: 'requester-cannot-order',
      approval: { state: 'rejected', decidedBy: ADMIN },
    });
    expect(posts()).toBe(0);
    expect(actions()).toEqual(['approval.requested', 'approval.rejected']);
  });
});
