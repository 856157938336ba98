import { describe, expect, it } from 'vitest';
import { decodeAuditDetail } from '../../../src/db/audit-log.js';
import type { AdminRequestStore } from '../../../src/db/admin-request-store.js';
import type { AdminChange } from '../../../src/safeguards/dual-control/admin-change.js';
import type { ManualClock } from '../../support/manual-clock.js';

/** What every AdminRequestStore does, whatever database keeps it: one small test file per dialect runs these cases. */
export interface AdminRequestSubject {
  store: AdminRequestStore;
  /** Another connection to the same database, as another instance would hold (the same store on SQLite). */
  other: AdminRequestStore;
  clock: ManualClock;
  audit(): Promise<Array<{ actor_id: number | string | null; action: string; subject_id: number | string | null; amount: number | string | null; detail: string | null }>>;
}

export const T0 = 1_700_000_000_000;
const HOUR = 60 * 60_000;
const ADMIN = 1;
const OTHER = 2;

const liftOwnLimit: AdminChange = { kind: 'rule', personId: ADMIN, rule: 'approval', value: null, reset: false };
const promote: AdminChange = { kind: 'role', verb: 'role', personId: 33, role: 'admin' };

export function adminRequestStoreContract(name: string, open: () => Promise<AdminRequestSubject>) {
  describe(`admin request store (${name})`, () => {
    const auditOf = async (s: AdminRequestSubject) =>
      (await s.audit()).map((row) => {
        const detail = decodeAuditDetail(row.detail);
        return {
          actorId: row.actor_id === null ? null : Number(row.actor_id),
          action: row.action,
          subjectId: row.subject_id === null ? null : Number(row.subject_id),
          amount: row.amount === null ? null : Number(row.amount),
          facts: detail?.kind === 'facts' ? detail.facts : null,
        };
      });

    it('keeps the change as it was asked for, pending, with its requested audit row', async () => {
      const s = await open();
      const row = await s.store.create({ requesterId: ADMIN, change: liftOwnLimit, expiresAt: new Date(T0 + HOUR) });
      expect(row).toMatchObject({ requesterId: ADMIN, change: liftOwnLimit, state: 'pending', cards: [], decidedBy: null });
      expect(row.expiresAt.getTime()).toBe(T0 + HOUR);
      expect(await s.store.get(row.id)).toEqual(row);
      expect(await s.store.listPending()).toEqual([row]);
      expect(await auditOf(s)).toEqual([
        { actorId: ADMIN, action: 'admin_change.requested', subjectId: ADMIN, amount: null, facts: { request: row.id, change: 'rule', requester: ADMIN, rule: 'approval', value: null } },
      ]);
    });

    it('is decided once: of two confirmations at once on two connections, one wins and one finds it moved', async () => {
      const s = await open();
      const row = await s.store.create({ requesterId: ADMIN, change: promote, expiresAt: new Date(T0 + HOUR) });
      const results = await Promise.all([s.store.decide(row.id, { to: 'confirmed', by: OTHER }), s.other.decide(row.id, { to: 'refused', by: 3 })]);
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      const after = await s.store.get(row.id);
      expect(['confirmed', 'refused']).toContain(after!.state);
      expect(await s.store.decide(row.id, { to: 'confirmed', by: OTHER })).toBeNull();
      const actions = (await auditOf(s)).map((a) => a.action);
      expect(actions.filter((a) => a !== 'admin_change.requested')).toHaveLength(1);
    });

    it('records who confirmed, and who refused with why', async () => {
      const s = await open();
      const a = await s.store.create({ requesterId: ADMIN, change: promote, expiresAt: new Date(T0 + HOUR) });
      const b = await s.store.create({ requesterId: ADMIN, change: { kind: 'rule', personId: null, rule: 'day', value: 5_000, reset: false }, expiresAt: new Date(T0 + HOUR) });
      expect(await s.store.decide(a.id, { to: 'confirmed', by: OTHER })).toMatchObject({ state: 'confirmed', decidedBy: OTHER });
      expect(await s.store.decide(b.id, { to: 'refused', by: OTHER, reason: 'requester-not-admin' })).toMatchObject({ state: 'refused', decidedBy: OTHER, reason: 'requester-not-admin' });
      const audit = (await auditOf(s)).slice(2);
      expect(audit).toEqual([
        { actorId: OTHER, action: 'admin_change.confirmed', subjectId: 33, amount: null, facts: { request: a.id, change: 'role', requester: ADMIN, role: 'admin' } },
        { actorId: OTHER, action: 'admin_change.refused', subjectId: null, amount: 5_000, facts: { request: b.id, change: 'rule', requester: ADMIN, rule: 'day', value: 5_000, reason: 'requester-not-admin' } },
      ]);
      expect(await s.store.listPending()).toEqual([]);
    });

    it('cannot be confirmed once its deadline passed, even before the expiry pass; the pass expires it once', async () => {
      const s = await open();
      const row = await s.store.create({ requesterId: ADMIN, change: promote, expiresAt: new Date(T0 + HOUR) });
      const later = await s.store.create({ requesterId: ADMIN, change: liftOwnLimit, expiresAt: new Date(T0 + 3 * HOUR) });
      s.clock.advance(HOUR);
      expect(await s.store.decide(row.id, { to: 'confirmed', by: OTHER })).toBeNull();
      const [first, second] = await Promise.all([s.store.expireDue(), s.other.expireDue()]);
      expect([...first!, ...second!].map((r) => [r.id, r.state])).toEqual([[row.id, 'expired']]);
      expect((await s.store.get(later.id))!.state).toBe('pending');
      expect((await auditOf(s)).filter((a) => a.action === 'admin_change.expired')).toEqual([
        { actorId: null, action: 'admin_change.expired', subjectId: 33, amount: null, facts: { request: row.id, change: 'role', requester: ADMIN, role: 'admin' } },
      ]);
    });

    it('keeps every card added, from several connections', async () => {
      const s = await open();
      const row = await s.store.create({ requesterId: ADMIN, change: promote, expiresAt: new Date(T0 + HOUR) });
      await Promise.all([s.store.addCards(row.id, [{ chatId: 2, messageId: 10 }]), s.other.addCards(row.id, [{ chatId: 3, messageId: 11 }])]);
      const cards = (await s.store.get(row.id))!.cards;
      expect([...cards].sort((x, y) => x.chatId - y.chatId)).toEqual([{ chatId: 2, messageId: 10 }, { chatId: 3, messageId: 11 }]);
    });
  });
}
