import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { StepUpAction } from '../domain/safeguards.js';
import type { Database } from './seam/database.js';
import type { stepUp } from './postgres/step-up-table.js';

export type StepUpRow = typeof stepUp.$inferSelect;

/** The one action a code is asked for, and until when the code may answer it. */
export interface StepUpChallenge {
  id: string;
  action: StepUpAction;
  expiresAt: Date;
}

/**
 * Step-up enrolments (sealed TOTP secrets), shared by every instance. Every
 * move that decides something is one conditional statement, so two
 * instances handling two codes at once see exactly one accepted: a
 * time-step is taken once per person (`last_step` only grows), a prompt is
 * answered once, and a wrong code is counted by one UPDATE that adds one.
 */
export interface StepUpStore {
  get(personId: number): Promise<StepUpRow | null>;
  /** A new secret, waiting for its first code; replaces an unfinished enrolment, never a finished one (null then). */
  begin(personId: number, sealedSecret: string): Promise<StepUpRow | null>;
  setQrMessage(personId: number, messageId: number | null): Promise<void>;
  /** 'enrolling' -> `to` with the first right code's step; null when not enrolling or the step was used. */
  enrol(personId: number, step: number, to: 'waiting' | 'active'): Promise<StepUpRow | null>;
  /** 'waiting' -> 'active', approved by `by`; null when it was not waiting. */
  approve(personId: number, by: number): Promise<StepUpRow | null>;
  /** Forgets the enrolment; the row it removed, or null. */
  remove(personId: number): Promise<StepUpRow | null>;
  ask(personId: number, challenge: StepUpChallenge): Promise<void>;
  clearChallenge(personId: number): Promise<void>;
  /**
   * Takes `step` for the prompt `challengeId`, once: only when the step is
   * after the last one taken and the prompt is still that one. Clears the
   * prompt and the wrong-code count; false when either did not hold.
   */
  accept(personId: number, step: number, challengeId: string): Promise<boolean>;
  /** One more wrong code in a row; at `max`, locked until `lockUntil` and counted from zero again. */
  fail(personId: number, max: number, lockUntil: Date): Promise<{ failures: number; locked: boolean }>;
}

export function createStepUpStore(deps: { database: Database; clock: Clock }): StepUpStore {
  const { clock } = deps;
  const { q, tables } = deps.database;
  const { stepUp } = tables;
  const now = () => new Date(clock.now());
  const byPerson = (personId: number) => eq(stepUp.personId, personId);
  const stepIsNew = (step: number) => or(isNull(stepUp.lastStep), lt(stepUp.lastStep, step));
  const update = async (personId: number, set: Partial<typeof stepUp.$inferInsert>, ...where: Parameters<typeof and>) =>
    (await q.update(stepUp).set({ ...set, updatedAt: now() }).where(and(byPerson(personId), ...where)).returning())[0] ?? null;
  const noChallenge = { challengeId: null, challenge: null, challengeExpiresAt: null };

  return {
    get: async (personId) => (await q.select().from(stepUp).where(byPerson(personId)))[0] ?? null,
    async begin(personId, sealedSecret) {
      const at = now();
      const fresh = { secret: sealedSecret, state: 'enrolling' as const, updatedAt: at, enrolledAt: null, approvedBy: null, lastStep: null, failures: 0, qrMessageId: null, ...noChallenge };
      // Insert or start again, unless enrolled: one statement, whoever else begins at the same time.
      // A lock outlives a fresh start (lockedUntil is not in `fresh`): enrolling again is no way round wrong codes.
      const [row] = await q
        .insert(stepUp)
        .values({ personId, createdAt: at, lockedUntil: null, ...fresh })
        .onConflictDoUpdate({ target: stepUp.personId, set: fresh, setWhere: eq(stepUp.state, 'enrolling') })
        .returning();
      return row ?? null;
    },
    setQrMessage: async (personId, messageId) => void (await update(personId, { qrMessageId: messageId })),
    enrol: (personId, step, to) => update(personId, { state: to, lastStep: step, enrolledAt: now(), failures: 0 }, eq(stepUp.state, 'enrolling'), stepIsNew(step)),
    approve: (personId, by) => update(personId, { state: 'active', approvedBy: by }, eq(stepUp.state, 'waiting')),
    remove: async (personId) => (await q.delete(stepUp).where(byPerson(personId)).returning())[0] ?? null,
    ask: async (personId, c) => void (await update(personId, { challengeId: c.id, challenge: c.action, challengeExpiresAt: c.expiresAt })),
    clearChallenge: async (personId) => void (await update(personId, noChallenge)),
    accept: async (personId, step, challengeId) => (await update(personId, { lastStep: step, failures: 0, ...noChallenge }, eq(stepUp.challengeId, challengeId), stepIsNew(step))) !== null,
    async fail(personId, max, lockUntil) {
      const [counted] = await q
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
