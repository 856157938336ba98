import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { auditLog } from '../../src/db/schema.js';
import { createStaffRepo } from '../../src/db/staff-repo.js';
import { encodeAuditFacts } from '../../src/db/audit-log.js';

function steppingClock(start = 1_700_000_000_000): Clock {
  let now = start;
  return { now: () => (now += 1000), sleep: async () => undefined };
}

describe('staff repository', () => {
  const opened: Db[] = [];
  afterEach(() => opened.splice(0).forEach(closeDb));

  function setup() {
    return setupWithDb().staff;
  }

  function setupWithDb() {
    const db = openDb(':memory:');
    opened.push(db);
    return { db, staff: createStaffRepo({ db, clock: steppingClock() }) };
  }

  const auditOf = (db: Db) =>
    db
      .select({ actorId: auditLog.actorId, action: auditLog.action, subjectId: auditLog.subjectId, detail: auditLog.detail })
      .from(auditLog)
      .all();

  it('mirrors ADMIN_IDS as env administrators', () => {
    const staff = setup();
    staff.syncEnvAdmins([10, 20]);
    expect(staff.find(10)).toMatchObject({ telegramId: 10, role: 'admin', source: 'env', locale: null });
    expect(staff.adminIds()).toEqual([10, 20]);
  });

  it('drops env administrators that left ADMIN_IDS but keeps people added in the chat', () => {
    const staff = setup();
    staff.syncEnvAdmins([10, 20]);
    staff.add(30, 'staff', 10);
    staff.syncEnvAdmins([20]);
    expect(staff.find(10)).toBeNull();
    expect(staff.find(30)).toMatchObject({ role: 'staff', source: 'chat' });
  });

  it('turns a person added in the chat into an env administrator when ADMIN_IDS lists them', () => {
    const staff = setup();
    staff.syncEnvAdmins([10]);
    staff.add(30, 'staff', 10);
    staff.setLocale(30, 'fa');
    staff.syncEnvAdmins([10, 30]);
    expect(staff.find(30)).toMatchObject({ role: 'admin', source: 'env', locale: 'fa' });
  });

  it('reports added, unchanged and updated when adding and changing a role', () => {
    const staff = setup();
    staff.syncEnvAdmins([10]);
    expect(staff.add(30, 'staff', 10)).toEqual({ kind: 'added' });
    expect(staff.add(30, 'staff', 10)).toEqual({ kind: 'unchanged' });
    expect(staff.add(30, 'admin', 10)).toMatchObject({ kind: 'updated' });
    expect(staff.find(30)?.role).toBe('admin');
  });

  it('refuses to change an env administrator from the chat', () => {
    const staff = setup();
    staff.syncEnvAdmins([10, 20]);
    expect(staff.add(20, 'staff', 10)).toEqual({ kind: 'env-admin' });
    expect(staff.remove(20)).toEqual({ kind: 'env-admin' });
    expect(staff.find(20)?.role).toBe('admin');
  });

  it('removes a person added in the chat and reports an unknown one', () => {
    const staff = setup();
    staff.syncEnvAdmins([10]);
    staff.add(30, 'staff', 10);
    expect(staff.remove(30)).toMatchObject({ kind: 'removed' });
    expect(staff.find(30)).toBeNull();
    expect(staff.remove(30)).toEqual({ kind: 'not-found' });
  });

  it('never removes or demotes the last administrator', () => {
    const staff = setup();
    staff.syncEnvAdmins([]);
    staff.add(40, 'admin', 40);
    staff.add(41, 'admin', 40);
    expect(staff.remove(41)).toMatchObject({ kind: 'removed' });
    expect(staff.remove(40)).toEqual({ kind: 'last-admin' });
    expect(staff.add(40, 'staff', 40)).toEqual({ kind: 'last-admin' });
    expect(staff.adminIds()).toEqual([40]);
  });

  it('lists administrators first, then staff in the order they were added', () => {
    const staff = setup();
    staff.add(50, 'staff', 1);
    staff.syncEnvAdmins([10]);
    staff.add(30, 'staff', 10);
    staff.add(20, 'admin', 10);
    expect(staff.list().map((m) => m.telegramId)).toEqual([10, 20, 50, 30]);
  });

  it('stores a locale for a staff member and reports an unknown person', () => {
    const staff = setup();
    staff.syncEnvAdmins([10]);
    expect(staff.setLocale(10, 'fa')).toBe(true);
    expect(staff.find(10)?.locale).toBe('fa');
    expect(staff.setLocale(99, 'en')).toBe(false);
  });

  it('adds a viewer, and changes a role in place only for someone already on the list', () => {
    const staff = setup();
    staff.syncEnvAdmins([10]);
    expect(staff.add(30, 'viewer', 10)).toEqual({ kind: 'added' });
    expect(staff.find(30)?.role).toBe('viewer');
    expect(staff.changeRole(30, 'staff', 10)).toEqual({ kind: 'updated', from: 'viewer' });
    expect(staff.changeRole(30, 'staff', 10)).toEqual({ kind: 'unchanged' });
    expect(staff.changeRole(31, 'viewer', 10)).toEqual({ kind: 'not-found' });
    expect(staff.find(31)).toBeNull();
    expect(staff.changeRole(10, 'viewer', 10)).toEqual({ kind: 'env-admin' });
  });

  it('audits every addition, role change and removal with who did it, to whom, and the roles', () => {
    const { db, staff } = setupWithDb();
    staff.syncEnvAdmins([10]);
    db.delete(auditLog).run();
    staff.add(30, 'staff', 10);
    staff.changeRole(30, 'viewer', 10);
    staff.add(30, 'viewer', 10);
    staff.remove(30, 10);
    expect(auditOf(db)).toEqual([
      { actorId: 10, action: 'staff.added', subjectId: 30, detail: encodeAuditFacts({ from: null, to: 'staff' }) },
      { actorId: 10, action: 'staff.role_changed', subjectId: 30, detail: encodeAuditFacts({ from: 'staff', to: 'viewer' }) },
      { actorId: 10, action: 'staff.removed', subjectId: 30, detail: encodeAuditFacts({ from: 'viewer', to: null }) },
    ]);
  });

  it('audits nothing for a change that was refused', () => {
    const { db, staff } = setupWithDb();
    staff.syncEnvAdmins([10]);
    db.delete(auditLog).run();
    staff.add(10, 'staff', 10);
    staff.remove(10, 10);
    staff.changeRole(99, 'admin', 10);
    expect(auditOf(db)).toEqual([]);
  });

  it('reports and audits whom ADMIN_IDS made or stopped being an administrator', () => {
    const { db, staff } = setupWithDb();
    staff.add(30, 'viewer', 1);
    expect(staff.syncEnvAdmins([10, 30])).toEqual([
      { telegramId: 10, from: null, to: 'admin' },
      { telegramId: 30, from: 'viewer', to: 'admin' },
    ]);
    expect(staff.syncEnvAdmins([10, 30])).toEqual([]);
    expect(staff.syncEnvAdmins([30])).toEqual([{ telegramId: 10, from: 'admin', to: null }]);
    expect(auditOf(db).slice(-3)).toEqual([
      { actorId: null, action: 'staff.added', subjectId: 10, detail: encodeAuditFacts({ from: null, to: 'admin', via: 'ADMIN_IDS' }) },
      { actorId: null, action: 'staff.role_changed', subjectId: 30, detail: encodeAuditFacts({ from: 'viewer', to: 'admin', via: 'ADMIN_IDS' }) },
      { actorId: null, action: 'staff.removed', subjectId: 10, detail: encodeAuditFacts({ from: 'admin', to: null, via: 'ADMIN_IDS' }) },
    ]);
  });
});
