import { latestRead, readAgainAfter } from './latest-read.js';
import type { StaffMember, StaffStore } from './staff-store.js';

/** The staff list as this process last read it, answered without waiting. */
export interface StaffSnapshot {
  find(telegramId: number): StaffMember | null;
  /** Administrators first, then in the order they were added, as the store lists them. */
  list(): StaffMember[];
  adminIds(): number[];
}

/**
 * A staff store with an in-memory copy of the (small) staff table beside
 * it, for the reads that cannot wait and run for every message: a
 * person's language when writing to them, whether the recipient of codes
 * is still on the staff, who approves. The database stays the truth: the
 * copy is read once at start and read again after every change made
 * through this store; changes made elsewhere (another instance on the
 * same PostgreSQL) are read by `refresh`, which the view freshness check
 * (fresh-views.ts) calls at the start of every update when the staff
 * table moved. The asynchronous methods go to the database.
 */
export interface StaffView extends StaffStore {
  readonly current: StaffSnapshot;
  /** Reads the table again. */
  refresh(): Promise<void>;
}

export async function createStaffView(store: StaffStore): Promise<StaffView> {
  let members: StaffMember[] = [];
  let byId = new Map<number, StaffMember>();
  const refresh = latestRead(
    () => store.list(),
    (list) => {
      members = list;
      byId = new Map(list.map((m) => [m.telegramId, m]));
    },
  );
  const changing = readAgainAfter(refresh);
  await refresh();
  return {
    current: {
      find: (telegramId) => byId.get(telegramId) ?? null,
      list: () => members.slice(),
      adminIds: () =>
        members
          .filter((m) => m.role === 'admin')
          .map((m) => m.telegramId)
          .sort((a, b) => a - b),
    },
    refresh,
    syncEnvAdmins: (ids) => changing(store.syncEnvAdmins(ids)),
    find: (telegramId) => store.find(telegramId),
    list: () => store.list(),
    add: (telegramId, role, addedBy) => changing(store.add(telegramId, role, addedBy)),
    changeRole: (telegramId, role, changedBy) => changing(store.changeRole(telegramId, role, changedBy)),
    remove: (telegramId, removedBy) => changing(store.remove(telegramId, removedBy)),
    setLocale: (telegramId, locale) => changing(store.setLocale(telegramId, locale)),
    adminIds: () => store.adminIds(),
  };
}
