import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/open.js';
import { stepUp } from '../../db/schema.js';
import { type StepUpAction } from '../../domain/safeguards.js';

export type StepUpRow = typeof stepUp.$inferSelect;

/** The one action a code is asked for, and until when the code may answer it. */
export interface StepUpChallenge {
  id: string;
  action: StepUpAction;
  expiresAt: Date;
}

/**
 * Step-up enrolments as every database keeps them. Every move that decides
 * something is one conditional statement, so two instances handling two
 * codes at once see exactly one accepted: a time-step is taken once per
 * person (`last_step` only grows), and a prompt is answered once.
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

/** The conditions both databases write the same way. */
export const stepUpConditions = {
  stepIsNew: (step: number) => or(isNull(stepUp.lastStep), lt(stepUp.lastStep, step)),
};

export function createSqliteStepUpStore(deps: { db: Db; clock: Clock }): StepUpStore {
  const { db, clock } = deps;
  const now = () => new Date(clock.now());
  const byPerson = (personId: number) => eq(stepUp.personId, personId);
  const update = (personId: number, set: Partial<typeof stepUp.$inferInsert>, ...where: Parameters<typeof and>) =>
    db.update(stepUp).set({ ...set, updatedAt: now() }).where(and(byPerson(personId), ...where)).returning().get() ?? null;

  return {
    get: async (personId) => db.select().from(stepUp).where(byPerson(personId)).get() ?? null,
    begin: async (personId, sealedSecret) =>
      db.transaction(
        (tx) => {
          const at = now();
          const fresh = { secret: sealedSecret, state: 'enrolling' as const, updatedAt: at, enrolledAt: null, approvedBy: null, lastStep: null, failures: 0, lockedUntil: null, challengeId: null, challenge: null, challengeExpiresAt: null, qrMessageId: null };
          const existing = tx.select().from(stepUp).where(byPerson(personId)).get();
          if (existing && existing.state !== 'enrolling') return null;
          // A lock outlives a fresh start: enrolling again is no way round wrong codes.
          if (existing) return tx.update(stepUp).set({ ...fresh, lockedUntil: existing.lockedUntil }).where(byPerson(personId)).returning().get() ?? null;
          return tx.insert(stepUp).values({ personId, createdAt: at, ...fresh }).returning().get();
        },
        { behavior: 'immediate' },
      ),
    setQrMessage: async (personId, messageId) => void update(personId, { qrMessageId: messageId }),
    enrol: async (personId, step, to) =>
      update(personId, { state: to, lastStep: step, enrolledAt: now(), failures: 0 }, eq(stepUp.state, 'enrolling'), stepUpConditions.stepIsNew(step)),
    approve: async (personId, by) => update(personId, { state: 'active', approvedBy: by }, eq(stepUp.state, 'waiting')),
    remove: async (personId) => db.delete(stepUp).where(byPerson(personId)).returning().get() ?? null,
    ask: async (personId, c) => void update(personId, { challengeId: c.id, challenge: c.action, challengeExpiresAt: c.expiresAt }),
    clearChallenge: async (personId) => void update(personId, { challengeId: null, challenge: null, challengeExpiresAt: null }),
    accept: async (personId, step, challengeId) =>
      update(
        personId,
        { lastStep: step, failures: 0, challengeId: null, challenge: null, challengeExpiresAt: null },
        eq(stepUp.challengeId, challengeId),
        stepUpConditions.stepIsNew(step),
      ) !== null,
    fail: async (personId, max, lockUntil) =>
      db.transaction(
        (tx) => {
          const row = tx.select({ failures: stepUp.failures }).from(stepUp).where(byPerson(personId)).get();
          if (!row) return { failures: 0, locked: false };
          const failures = row.failures + 1;
          const locked = failures >= max;
          tx.update(stepUp)
            .set(locked ? { failures: 0, lockedUntil: lockUntil, challengeId: null, challenge: null, challengeExpiresAt: null, updatedAt: now() } : { failures, updatedAt: now() })
            .where(byPerson(personId))
            .run();
          return { failures, locked };
        },
        { behavior: 'immediate' },
      ),
  };
}
