import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Database } from './seam/database.js';

/** What Telegram says about a person in every update's `from`. */
export interface TelegramPerson {
  id: number;
  first_name: string;
  last_name?: string | undefined;
  username?: string | undefined;
  language_code?: string | undefined;
}

export interface Person {
  telegramId: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
  languageCode: string | null;
  updatedAt: Date;
}

/**
 * People seen in updates: what Telegram last said of each. The read is
 * compared and a change is one upsert; nothing is remembered here, since
 * another instance may have written the row since. The people view
 * (people-view.ts) answers the common case, the same name as stored, from
 * its copy. A username is found in any case (Telegram's usernames are
 * ASCII, which lower() folds alike on both databases).
 */
export interface PeopleStore {
  /** Keeps what Telegram last said; writes only when something changed. True when it wrote. */
  remember(from: TelegramPerson): Promise<boolean>;
  find(telegramId: number): Promise<Person | null>;
  /** By @username, in any case, with or without the @. */
  findByUsername(username: string): Promise<Person | null>;
  /** Everyone seen, by Telegram id. */
  list(): Promise<Person[]>;
}

/** Stored as Telegram sends it; cut only so that a row stays small (Telegram's own limits are 64 and 32). */
const MAX_STORED = 128;

const stored = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value.slice(0, MAX_STORED));

/** What is kept of a person Telegram names in an update, on either database. */
export function storedPerson(from: TelegramPerson): Pick<Person, 'firstName' | 'lastName' | 'username' | 'languageCode'> {
  return { firstName: from.first_name.slice(0, MAX_STORED), lastName: stored(from.last_name), username: stored(from.username), languageCode: stored(from.language_code) };
}

/** Two records of a person are the same when this is: a write is skipped when nothing changed. */
export const personSignature = (p: Pick<Person, 'firstName' | 'lastName' | 'username' | 'languageCode'>): string =>
  JSON.stringify([p.firstName, p.lastName, p.username, p.languageCode]);

export function createPeopleStore(deps: { database: Database; clock: Clock }): PeopleStore {
  const { clock } = deps;
  const { q, tables } = deps.database;
  const { people } = tables;
  const find = async (telegramId: number): Promise<Person | null> => (await q.select().from(people).where(eq(people.telegramId, telegramId)))[0] ?? null;

  return {
    async remember(from) {
      const next = storedPerson(from);
      const row = await find(from.id);
      if (row && personSignature(row) === personSignature(next)) return false;
      const updatedAt = new Date(clock.now());
      await q
        .insert(people)
        .values({ telegramId: from.id, ...next, updatedAt })
        .onConflictDoUpdate({ target: people.telegramId, set: { ...next, updatedAt } });
      return true;
    },

    find,

    async findByUsername(username) {
      const name = username.trim().replace(/^@/, '');
      if (name === '') return null;
      const rows = await q
        .select()
        .from(people)
        .where(sql`lower(${people.username}) = lower(${name})`)
        .orderBy(desc(people.updatedAt))
        .limit(1);
      return rows[0] ?? null;
    },

    list: () => q.select().from(people).orderBy(asc(people.telegramId)),
  };
}
