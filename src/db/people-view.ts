import { latestRead } from './latest-read.js';
import { personSignature, storedPerson, type Person, type PeopleStore } from './people-store.js';

/** People as this process last knew them, answered without waiting. */
export interface PeopleSnapshot {
  find(telegramId: number): Person | null;
}

/**
 * A people store with an in-memory copy of the people seen, for the two
 * reads that run for nearly every message and cannot wait: a person's
 * name in texts (describePerson) and their app's language when writing to
 * them (localeOf, used by the Telegram API transformers). Bounded by the
 * people who wrote to the bot. Read once at start; a remember() that
 * writes reads that person's row back, so the copy follows every change
 * made through this store. Rows written elsewhere (another instance on
 * the same PostgreSQL) are read by `refresh`, which the view freshness
 * check (fresh-views.ts) calls at the start of every update when the
 * people table moved. The asynchronous methods go to the database.
 */
export interface PeopleView extends PeopleStore {
  readonly current: PeopleSnapshot;
  /** Reads the table again. */
  refresh(): Promise<void>;
}

export async function createPeopleView(store: PeopleStore): Promise<PeopleView> {
  let byId = new Map<number, Person>();
  const refresh = latestRead(
    () => store.list(),
    (list) => {
      byId = new Map(list.map((p) => [p.telegramId, p]));
    },
  );
  await refresh();
  return {
    current: { find: (telegramId) => byId.get(telegramId) ?? null },
    refresh,
    async remember(from) {
      // The copy is as fresh as this update's check: the same name as stored is no write.
      const known = byId.get(from.id);
      if (known && personSignature(known) === personSignature(storedPerson(from))) return false;
      const wrote = await store.remember(from);
      if (wrote) {
        const row = await store.find(from.id);
        if (row) byId.set(row.telegramId, row);
      }
      return wrote;
    },
    find: (telegramId) => store.find(telegramId),
    findByUsername: (username) => store.findByUsername(username),
    list: () => store.list(),
  };
}
