import { beforeEach, describe, expect, it } from 'vitest';
import type { StaffStore } from '../../../src/db/staff-store.js';

/**
 * What every StaffStore does, whatever database keeps it: the same cases
 * run on each database by one small test file per dialect.
 */
export interface StaffStoreSubject {
  store: StaffStore;
  /** The staff audit rows in the order written: actor, action, subject and the decoded facts. */
  audit(): Promise<Array<{ actorId: number | null; action: string; subjectId: number | null; facts: unknown }>>;
}

/** `fresh` gives a store over empty staff and audit_log tables, its clock stepping forward on every reading. */
export function staffStoreContract(database: string, fresh: () => Promise<StaffStoreSubject>): void {
  describe(`staff store on ${database}`, () => {
    let subject: StaffStoreSubject;
    let staff: StaffStore;
    beforeEach(async () => {
      subject = await fresh();
      staff = subject.store;
    });

    it('mirrors ADMIN_IDS as env administrators', async () => {
      await staff.syncEnvAdmins([10, 20]);
      expect(await staff.find(10)).toMatchObject({ telegramId: 10, role: 'admin', source: 'env', locale: null });
      expect((await staff.find(10))?.createdAt).toBeInstanceOf(Date);
      expect(await staff.adminIds()).toEqual([10, 20]);
    });

    it('drops env administrators that left ADMIN_IDS but keeps people added in the chat', async () => {
      await staff.syncEnvAdmins([10, 20]);
      await staff.add(30, 'staff', 10);
      await staff.syncEnvAdmins([20]);
      expect(await staff.find(10)).toBeNull();
      expect(await staff.find(30)).toMatchObject({ role: 'staff', source: 'chat' });
      expect(await staff.adminIds()).toEqual([20]);
    });

    it('turns a person added in the chat into an env administrator when ADMIN_IDS lists them', async () => {
      await staff.syncEnvAdmins([10]);
      await staff.add(30, 'staff', 10);
      const changes = await staff.syncEnvAdmins([10, 30]);
      expect(changes).toEqual([{ telegramId: 30, from: 'staff', to: 'admin' }]);
      expect(await staff.find(30)).toMatchObject({ role: 'admin', source: 'env' });
    });

    it('reports whom ADMIN_IDS made or stopped being an administrator, and audits it', async () => {
      expect(await staff.syncEnvAdmins([10, 20])).toEqual([
        { telegramId: 10, from: null, to: 'admin' },
        { telegramId: 20, from: null, to: 'admin' },
      ]);
      expect(await staff.syncEnvAdmins([20, 10])).toEqual([]);
      expect(await staff.syncEnvAdmins([])).toEqual([
        { telegramId: 10, from: 'admin', to: null },
        { telegramId: 20, from: 'admin', to: null },
      ]);
      const audit = await subject.audit();
      expect(audit.map((a) => [a.action, a.subjectId, a.actorId])).toEqual([
        ['staff.added', 10, null],
        ['staff.added', 20, null],
        ['staff.removed', 10, null],
        ['staff.removed', 20, null],
      ]);
      expect(audit[0]?.facts).toEqual({ from: null, to: 'admin', via: 'ADMIN_IDS' });
    });

    it('reports added, unchanged and updated when adding and changing a role', async () => {
      await staff.syncEnvAdmins([10]);
      expect(await staff.add(30, 'staff', 10)).toEqual({ kind: 'added' });
      expect(await staff.add(30, 'staff', 10)).toEqual({ kind: 'unchanged' });
      expect(await staff.add(30, 'admin', 10)).toEqual({ kind: 'updated', from: 'staff' });
      expect(await staff.find(30)).toMatchObject({ role: 'admin', source: 'chat' });
    });

    it('refuses to change or remove an env administrator from the chat', async () => {
      await staff.syncEnvAdmins([10, 20]);
      expect(await staff.add(10, 'staff', 20)).toEqual({ kind: 'env-admin' });
      expect(await staff.changeRole(10, 'viewer', 20)).toEqual({ kind: 'env-admin' });
      expect(await staff.remove(10, 20)).toEqual({ kind: 'env-admin' });
      expect(await staff.find(10)).toMatchObject({ role: 'admin', source: 'env' });
    });

    it('removes a person added in the chat and reports an unknown one', async () => {
      await staff.syncEnvAdmins([10]);
      await staff.add(30, 'viewer', 10);
      expect(await staff.remove(30, 10)).toEqual({ kind: 'removed', role: 'viewer' });
      expect(await staff.find(30)).toBeNull();
      expect(await staff.remove(30, 10)).toEqual({ kind: 'not-found' });
    });

    it('never removes or demotes the last administrator', async () => {
      await staff.add(30, 'admin', 1);
      expect(await staff.remove(30, 30)).toEqual({ kind: 'last-admin' });
      expect(await staff.changeRole(30, 'staff', 30)).toEqual({ kind: 'last-admin' });
      await staff.add(40, 'admin', 30);
      expect(await staff.remove(30, 40)).toEqual({ kind: 'removed', role: 'admin' });
      expect(await staff.adminIds()).toEqual([40]);
    });

    it('lets only one of two administrators removing each other at once succeed', async () => {
      await staff.add(30, 'admin', 1);
      await staff.add(40, 'admin', 1);
      const results = await Promise.all([staff.remove(30, 40), staff.remove(40, 30)]);
      expect(results.map((r) => r.kind).sort()).toEqual(['last-admin', 'removed']);
      expect(await staff.adminIds()).toHaveLength(1);
    });

    it('lists administrators first, then the others in the order they were added', async () => {
      await staff.syncEnvAdmins([10]);
      await staff.add(50, 'staff', 10);
      await staff.add(40, 'viewer', 10);
      await staff.add(60, 'admin', 10);
      expect((await staff.list()).map((m) => [m.telegramId, m.role])).toEqual([
        [10, 'admin'],
        [60, 'admin'],
        [50, 'staff'],
        [40, 'viewer'],
      ]);
    });

    it('changes a role in place only for someone already on the list', async () => {
      await staff.syncEnvAdmins([10]);
      expect(await staff.changeRole(30, 'staff', 10)).toEqual({ kind: 'not-found' });
      expect(await staff.find(30)).toBeNull();
      await staff.add(30, 'viewer', 10);
      expect(await staff.changeRole(30, 'staff', 10)).toEqual({ kind: 'updated', from: 'viewer' });
    });

    it('stores a locale for a staff member and reports an unknown person', async () => {
      await staff.syncEnvAdmins([10]);
      expect(await staff.setLocale(10, 'fa')).toBe(true);
      expect((await staff.find(10))?.locale).toBe('fa');
      expect(await staff.setLocale(99, 'en')).toBe(false);
      expect(await staff.find(99)).toBeNull();
    });

    it('audits every addition, role change and removal with who did it, to whom, and the roles; nothing for a refusal', async () => {
      await staff.syncEnvAdmins([10]);
      const before = (await subject.audit()).length;
      await staff.add(30, 'staff', 10);
      await staff.changeRole(30, 'viewer', 10);
      await staff.remove(30, 10);
      await staff.remove(30, 10);
      await staff.add(10, 'staff', 10);
      expect((await subject.audit()).slice(before)).toEqual([
        { actorId: 10, action: 'staff.added', subjectId: 30, facts: { from: null, to: 'staff' } },
        { actorId: 10, action: 'staff.role_changed', subjectId: 30, facts: { from: 'staff', to: 'viewer' } },
        { actorId: 10, action: 'staff.removed', subjectId: 30, facts: { from: 'viewer', to: null } },
      ]);
    });

    it('keeps Telegram ids beyond 32 bits exactly', async () => {
      const id = 7_123_456_789;
      await staff.syncEnvAdmins([id]);
      expect(await staff.adminIds()).toEqual([id]);
      expect((await staff.find(id))?.telegramId).toBe(id);
    });
  });
}
