import type { Person, PeopleStore } from './people-repo.js';

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
 * made through this store. The database stays the truth, and only this
 * process writes the table. The asynchronous methods go to the database.
 */
export interface PeopleView extends PeopleStore {
  readonly current: PeopleSnapshot;
}

export async function createPeopleView(store: PeopleStore): Promise<PeopleView> {
  const byId = new Map<number, Person>((await store.list()).map((p) => [p.telegramId, p]));
  return {
    current: { find: (telegramId) => byId.get(telegramId) ?? null },
    async remember(from) {
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
