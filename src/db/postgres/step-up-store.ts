import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { stepUpConditions, type StepUpStore } from '../../safeguards/step-up/step-up-store.js';
import type { PgDb } from './open.js';
import { stepUp } from './schema.js';

/**
 * Step-up enrolments on PostgreSQL, shared by every instance: the same
 * moves and answers as on SQLite. Accepting a code is one conditional
 * UPDATE, so the same code reaching two instances is taken by one; a wrong
 * code is counted by one UPDATE that adds one, so none is lost.
 */
export function createPostgresStepUpStore(deps: { db: PgDb; clock: Clock }): StepUpStore {
  const { db, clock } = deps;
  const now = () => new Date(clock.now());
  const byPerson = (personId: number) => eq(stepUp.personId, personId);
  const update = async (personId: number, set: Partial<typeof stepUp.$inferInsert>, ...where: Parameters<typeof and>) =>
    (await db.update(stepUp).set({ ...set, updatedAt: now() }).where(and(byPerson(personId), ...where)).returning())[0] ?? null;
  const noChallenge = { challengeId: null, challenge: null, challengeExpiresAt: null };

  return {
    get: async (personId) => (await db.select().from(stepUp).where(byPerson(personId)))[0] ?? null,
    begin: (personId, sealedSecret) =>
      db.transaction(async (tx) => {
        const at = now();
        const fresh = { secret: sealedSecret, state: 'enrolling' as const, updatedAt: at, enrolledAt: null, approvedBy: null, lastStep: null, failures: 0, qrMessageId: null, ...noChallenge };
        // Insert or start again, unless enrolled: one statement, whoever else begins at the same time.
        const [row] = await tx
          .insert(stepUp)
          .values({ personId, createdAt: at, lockedUntil: null, ...fresh })
          .onConflictDoUpdate({ target: stepUp.personId, set: fresh, setWhere: eq(stepUp.state, 'enrolling') })
          .returning();
        return row ?? null;
      }),
    setQrMessage: async (personId, messageId) => void (await update(personId, { qrMessageId: messageId })),
    enrol: (personId, step, to) =>
      update(personId, { state: to, lastStep: step, enrolledAt: now(), failures: 0 }, eq(stepUp.state, 'enrolling'), stepUpConditions.stepIsNew(step)),
    approve: (personId, by) => update(personId, { state: 'active', approvedBy: by }, eq(stepUp.state, 'waiting')),
    remove: async (personId) => (await db.delete(stepUp).where(byPerson(personId)).returning())[0] ?? null,
    ask: async (personId, c) => void (await update(personId, { challengeId: c.id, challenge: c.action, challengeExpiresAt: c.expiresAt })),
    clearChallenge: async (personId) => void (await update(personId, noChallenge)),
    accept: async (personId, step, challengeId) =>
      (await update(personId, { lastStep: step, failures: 0, ...noChallenge }, eq(stepUp.challengeId, challengeId), stepUpConditions.stepIsNew(step))) !== null,
    async fail(personId, max, lockUntil) {
      const [counted] = await db
        .update(stepUp)
        .set({ failures: sql`${stepUp.failures} + 1`, updatedAt: now() })
        .where(byPerson(personId))
        .returning({ failures: stepUp.failures });
      if (!counted) return { failures: 0, locked: false };
      if (counted.failures < max) return { failures: counted.failures, locked: false };
      // Only the count that reached the limit locks: the one statement that sees it starts the lock and counts from zero.
      await update(personId, { failures: 0, lockedUntil: lockUntil, ...noChallenge }, sql`${stepUp.failures} >= ${max}`);
      return { failures: counted.failures, locked: true };
    },
  };
}
