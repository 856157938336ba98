import { asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db } from './open.js';
import { people } from './schema.js';

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

export interface PeopleRepo {
  /** Keeps what Telegram last said; writes only when something changed. True when it wrote. */
  remember(from: TelegramPerson): boolean;
  find(telegramId: number): Person | null;
  /** By @username, in any case, with or without the @. */
  findByUsername(username: string): Person | null;
}

/** PeopleRepo behind promises, as every database answers it. */
export interface PeopleStore {
  remember(from: TelegramPerson): Promise<boolean>;
  find(telegramId: number): Promise<Person | null>;
  findByUsername(username: string): Promise<Person | null>;
  /** Everyone seen, by Telegram id. */
  list(): Promise<Person[]>;
}

/** The SQLite store: the synchronous repository behind promises. */
export function createSqlitePeopleStore(deps: { db: Db; clock: Clock }): PeopleStore {
  const repo = createPeopleRepo(deps);
  return {
    remember: async (from) => repo.remember(from),
    find: async (telegramId) => repo.find(telegramId),
    findByUsername: async (username) => repo.findByUsername(username),
    list: async () => deps.db.select().from(people).orderBy(asc(people.telegramId)).all(),
  };
}

/** Stored as Telegram sends it; cut only so that a row stays small (Telegram's own limits are 64 and 32). */
export const MAX_STORED = 128;

export const stored = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value.slice(0, MAX_STORED));

/** What is kept of a person Telegram names in an update, on either database. */
export function storedPerson(from: TelegramPerson): Pick<Person, 'firstName' | 'lastName' | 'username' | 'languageCode'> {
  return { firstName: from.first_name.slice(0, MAX_STORED), lastName: stored(from.last_name), username: stored(from.username), languageCode: stored(from.language_code) };
}

/** Two records of a person are the same when this is: a write is skipped when nothing changed. */
export const personSignature = (p: Pick<Person, 'firstName' | 'lastName' | 'username' | 'languageCode'>): string =>
  JSON.stringify([p.firstName, p.lastName, p.username, p.languageCode]);

/**
 * People seen in updates. Called on every update, so the common case (the
 * same name as last time) is a lookup in memory; a restart costs one read
 * per person, a change one write.
 */
export function createPeopleRepo(deps: { db: Db; clock: Clock }): PeopleRepo {
  const { db, clock } = deps;
  /** The last signature written or read per person: bounded by the people who write to the bot. */
  const known = new Map<number, string>();

  const find = (telegramId: number): Person | null => db.select().from(people).where(eq(people.telegramId, telegramId)).get() ?? null;
  const signatureOf = personSignature;

  return {
    remember(from) {
      const next = storedPerson(from);
      const signature = signatureOf(next);
      if (known.get(from.id) === signature) return false;
      const row = find(from.id);
      if (row && signatureOf(row) === signature) {
        known.set(from.id, signature);
        return false;
      }
      const updatedAt = new Date(clock.now());
      db.insert(people)
        .values({ telegramId: from.id, ...next, updatedAt })
        .onConflictDoUpdate({ target: people.telegramId, set: { ...next, updatedAt } })
        .run();
      known.set(from.id, signature);
      return true;
    },

    find,

    findByUsername(username) {
      const name = username.trim().replace(/^@/, '');
      if (name === '') return null;
      return (
        db
          .select()
          .from(people)
          .where(sql`${people.username} = ${name} collate nocase`)
          .orderBy(sql`${people.updatedAt} desc`)
          .get() ?? null
      );
    },
  };
}
