import { afterAll, describe, expect, it } from 'vitest';
import { needsSecondAdmin, parseAdminChange, type AdminChange } from '../../../src/safeguards/dual-control/admin-change.js';
import { createDualControl } from '../../../src/safeguards/dual-control/dual-control.js';
import { createAdminRequestStore } from '../../../src/db/admin-request-store.js';
import { createAppStateStore } from '../../../src/db/app-state-store.js';
import { databaseOf } from '../../../src/db/seam/database-of.js';
import { closeDb, openDb, type Db } from '../../../src/db/open.js';
import { createStaffStore } from '../../../src/db/staff-store.js';
import { createStaffView } from '../../../src/db/staff-view.js';
import { createLogger } from '../../../src/logger.js';
import { createSpendingRuleBook } from '../../../src/orders/spending-rules.js';
import { createSettingsStore } from '../../../src/db/settings-store.js';
import { createSettingsView } from '../../../src/settings/settings-view.js';
import { createManualClock } from '../../support/manual-clock.js';

const ADA = 1;
const BEA = 2;
const SAM = 11;
const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

/** The service on a real SQLite database: the staff table is what decides, read at each press. */
async function world() {
  const db = openDb(':memory:');
  opened.push(db);
  const clock = createManualClock(1_700_000_000_000);
  const staffStore = createStaffStore({ database: databaseOf(db), clock });
  await staffStore.syncEnvAdmins([ADA]);
  await staffStore.add(BEA, 'admin', ADA);
  await staffStore.add(SAM, 'staff', ADA);
  const staff = await createStaffView(staffStore);
  const rules = createSpendingRuleBook({ settings: await createSettingsView(createSettingsStore({ database: databaseOf(db), clock })) });
  const requests = createAdminRequestStore({ database: databaseOf(db), clock });
  const dual = createDualControl({ requests, staffNow: staffStore, rules, roles: staff, appState: createAppStateStore({ database: databaseOf(db), clock }), clock, logger: createLogger({ level: 'silent' }) });
  return { dual, rules, staffStore, requests, clock };
}

const liftSam: AdminChange = { kind: 'rule', personId: SAM, rule: 'day', value: null, reset: false };

describe('which changes wait for a second administrator', () => {
  const rules = { defaults: () => ({ order: null, day: 1_000, month: null, approval: 500 }), rulesFor: () => ({ order: null, day: 1_000, month: null, approval: 500 }), overridesFor: () => ({}) };
  const admin = (id: number) => id === ADA;

  it("waits for a cost centre's budget raised or lifted; never for a first or lower one", () => {
    const budget = (before: number | null, value: number | null): AdminChange => ({ kind: 'budget', centreId: 3, name: 'Support', before, value });
    expect(needsSecondAdmin(budget(1_000, 2_000), rules, admin)).toBe(true);
    expect(needsSecondAdmin(budget(1_000, null), rules, admin)).toBe(true);
    expect(needsSecondAdmin(budget(null, 2_000), rules, admin)).toBe(false);
    expect(needsSecondAdmin(budget(2_000, 1_000), rules, admin)).toBe(false);
  });

  it('always waits for closing a month, and reads back only a month that ends after it starts', () => {
    const close: AdminChange = { kind: 'month-close', month: '2026-11-01', from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 11, 1) };
    expect(needsSecondAdmin(close, rules, admin)).toBe(true);
    expect(parseAdminChange(close)).toEqual(close);
    expect(parseAdminChange({ ...close, to: close.from })).toBeNull();
    expect(parseAdminChange({ ...close, month: '2026-11' })).toBeNull();
  });

  it('waits for raising, lifting, and making an administrator; never for lowering', () => {
    expect(needsSecondAdmin({ kind: 'rule', personId: null, rule: 'approval', value: null, reset: false }, rules, admin)).toBe(true);
    expect(needsSecondAdmin({ kind: 'rule', personId: null, rule: 'approval', value: 600, reset: false }, rules, admin)).toBe(true);
    expect(needsSecondAdmin({ kind: 'rule', personId: null, rule: 'approval', value: 400, reset: false }, rules, admin)).toBe(false);
    expect(needsSecondAdmin({ kind: 'rule', personId: SAM, rule: 'day', value: 999, reset: false }, rules, admin)).toBe(false);
    expect(needsSecondAdmin({ kind: 'rule', personId: SAM, rule: 'day', value: 1_000, reset: false }, rules, admin)).toBe(true);
    expect(needsSecondAdmin({ kind: 'rule', personId: ADA, rule: 'order', value: null, reset: false }, rules, admin)).toBe(true);
    expect(needsSecondAdmin({ kind: 'role', verb: 'add', personId: SAM, role: 'admin' }, rules, admin)).toBe(true);
    expect(needsSecondAdmin({ kind: 'role', verb: 'add', personId: ADA, role: 'admin' }, rules, admin)).toBe(false);
  });
});

describe('deciding a request', () => {
  it('applies the change once when two presses race', async () => {
    const w = await world();
    const asked = await w.dual.submit(liftSam, ADA);
    expect(asked.kind).toBe('requested');
    const id = asked.kind === 'requested' ? asked.request.id : 0;
    const [a, b] = await Promise.all([w.dual.confirm(id, BEA), w.dual.confirm(id, BEA)]);
    expect([a.kind, b.kind].sort()).toEqual(['confirmed', 'not-pending']);
    expect(w.rules.overridesFor(SAM)).toEqual({ day: null });
    expect((await w.dual.refuse(id, BEA)).kind).toBe('not-pending');
  });

  it('reads the presser\'s role from the database at the press', async () => {
    const w = await world();
    const asked = await w.dual.submit(liftSam, ADA);
    const id = asked.kind === 'requested' ? asked.request.id : 0;
    await w.staffStore.changeRole(BEA, 'staff', ADA);
    expect((await w.dual.confirm(id, BEA)).kind).toBe('not-admin');
    expect((await w.requests.get(id))!.state).toBe('pending');
    expect(w.rules.overridesFor(SAM)).toEqual({});
  });

  it('refuses, without applying, a request whose requester is no longer an administrator', async () => {
    const w = await world();
    const asked = await w.dual.submit(liftSam, BEA);
    const id = asked.kind === 'requested' ? asked.request.id : 0;
    await w.staffStore.changeRole(BEA, 'staff', ADA);
    expect(await w.dual.confirm(id, ADA)).toMatchObject({ kind: 'void', why: 'requester-not-admin', request: { state: 'refused' } });
    expect(w.rules.overridesFor(SAM)).toEqual({});
  });

  it('refuses a stored change that no longer validates', async () => {
    const w = await world();
    const asked = await w.dual.submit(liftSam, ADA);
    const id = asked.kind === 'requested' ? asked.request.id : 0;
    // As if the row had been tampered with: a negative limit.
    opened.at(-1)!.$client.prepare("update admin_requests set change = json_set(change, '$.value', -5) where id = ?").run(id);
    expect(await w.dual.confirm(id, BEA)).toMatchObject({ kind: 'void', why: 'invalid' });
    expect(w.rules.overridesFor(SAM)).toEqual({});
  });

  it('holds dual control for a day after an administrator was removed: the one left can neither change alone nor self-approve', async () => {
    const w = await world();
    await w.staffStore.remove(BEA, ADA);
    expect((await w.dual.submit(liftSam, ADA)).kind).toBe('immediate');
    await w.dual.holdAfterAdminRemoved();
    expect((await w.dual.submit({ ...liftSam, rule: 'month' }, ADA)).kind).toBe('held');
    expect(await w.dual.selfApprovalHeld()).toBe(true);
    w.clock.advance(24 * 60 * 60_000 + 1);
    expect(await w.dual.selfApprovalHeld()).toBe(false);
    expect((await w.dual.submit({ ...liftSam, rule: 'month' }, ADA)).kind).toBe('immediate');
  });
});
