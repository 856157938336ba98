import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { personSignature, storedPerson, type PeopleStore, type Person } from '../people-repo.js';
import type { PgDb } from './open.js';
import { people } from './schema.js';

/**
 * People seen in updates, on PostgreSQL: the row is read and compared, a
 * change is one upsert. No memory of signatures here, unlike SQLite's:
 * another instance may have written the row since, and a remembered
 * signature would skip a write the table needs. The people view answers
 * the common case (the same name as stored) from its copy, which the
 * freshness check brings up to date at the start of every update. A username is found in any case (Telegram's usernames are
 * ASCII; lower() folds them as SQLite's NOCASE does).
 */
export function createPostgresPeopleStore(deps: { db: PgDb; clock: Clock }): PeopleStore {
  const { db, clock } = deps;
  const signatureOf = personSignature;
  const find = async (telegramId: number): Promise<Person | null> =>
    (await db.select().from(people).where(eq(people.telegramId, telegramId)))[0] ?? null;

  return {
    async remember(from) {
      const next = storedPerson(from);
      const signature = signatureOf(next);
      const row = await find(from.id);
      if (row && signatureOf(row) === signature) return false;
      const updatedAt = new Date(clock.now());
      await db
        .insert(people)
        .values({ telegramId: from.id, ...next, updatedAt })
        .onConflictDoUpdate({ target: people.telegramId, set: { ...next, updatedAt } });
      return true;
    },

    find,

    async findByUsername(username) {
      const name = username.trim().replace(/^@/, '');
      if (name === '') return null;
      const rows = await db
        .select()
        .from(people)
        .where(sql`lower(${people.username}) = lower(${name})`)
        .orderBy(desc(people.updatedAt))
        .limit(1);
      return rows[0] ?? null;
    },

    list: () => db.select().from(people).orderBy(asc(people.telegramId)),
  };
}
