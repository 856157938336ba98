import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { StepUpAction } from '../../domain/safeguards.js';
import type { Logger } from '../../logger.js';
import type { AuditTrail } from '../../db/audit-trail.js';
import { defineSetting } from '../../db/settings-store.js';
import type { Settings } from '../../settings/settings-view.js';
import type { SecretBox } from './secret-box.js';
import type { StepUpStore } from '../../db/step-up-store.js';
import { lazyModule } from '../../lazy-module.js';

export type { StepUpAction } from '../../domain/safeguards.js';

/** How long a prompt's code may come: long enough to open the app, short enough that a prompt left open is no standing permission. */
export const STEP_UP_CODE_VALID_MS = 3 * 60_000;
/** Wrong codes in a row before the person is locked out of step-up for STEP_UP_LOCK_MS. */
const STEP_UP_MAX_WRONG = 5;
export const STEP_UP_LOCK_MS = 15 * 60_000;

/** Off by default: a team turns it on once its people have enrolled. */
export const stepUpSetting = defineSetting('step-up.enabled', z.boolean(), false);

export type AskOutcome =
  /** Step-up is off: go ahead. */
  | { kind: 'pass' }
  | { kind: 'asked'; expiresAt: number }
  | { kind: 'not-enrolled' | 'waiting-approval' }
  /** On, but the key is missing (removed from the environment since): refused, never let through. */
  | { kind: 'no-key' }
  | { kind: 'locked'; until: number };

type AnswerOutcome =
  /** No prompt waits for this person: the message is not a code for us. */
  | { kind: 'no-prompt' }
  | { kind: 'accepted'; action: StepUpAction }
  | { kind: 'wrong'; left: number }
  | { kind: 'locked'; until: number }
  | { kind: 'expired' }
  /** The code was right but its time-step was used already (a replay, or the same code twice). */
  | { kind: 'replayed' };

type EnrolAnswer =
  | { kind: 'active' }
  | { kind: 'waiting'; approvers: number[] }
  /** Dual control holds (an administrator was removed lately) and no other administrator is there to approve: not enrolled. */
  | { kind: 'held'; until: number }
  | { kind: 'wrong'; left: number }
  | { kind: 'locked'; until: number }
  | { kind: 'not-enrolling' };

interface StepUpDeps {
  store: StepUpStore;
  /** Absent when STEP_UP_KEY is not set: nobody can enrol and step-up cannot be turned on. */
  box: SecretBox | null;
  settings: Pick<Settings, 'read' | 'write'>;
  audit: Pick<AuditTrail, 'record'>;
  /** The administrators now, from the database. */
  adminIds: () => Promise<number[]>;
  /** Until when dual control holds after an administrator was removed (0: it does not), from the database. */
  holdUntil?: () => Promise<number>;
  /** Told when someone is locked out by wrong codes: administrators are alerted. Never throws. */
  onLocked: (personId: number, until: number) => Promise<void>;
  clock: Clock;
  logger: Logger;
}

/**
 * Step-up confirmation: with the setting on, an action that could take codes
 * or data away asks for a one-time code from the person's authenticator app.
 * The code answers the one prompt stored for the person (the action it
 * restated) and nothing else, once: its time-step is kept per person in the
 * database, so the same code is refused the second time on any instance.
 */
// The authenticator codes' module is loaded by the first code or enrolment, not at start-up.
const totp = lazyModule(() => import('./totp.js'));

export function createStepUp(deps: StepUpDeps) {
  const { store, clock, logger } = deps;
  const now = () => clock.now();
  const audit = (actorId: number, action: string, subjectId: number | null, facts?: Record<string, string | number>) =>
    deps.audit.record({ actorId, action, orderId: null, amount: null, subjectId, ...(facts ? { facts } : {}) }).catch((error: unknown) => {
      logger.error({ action, err: error instanceof Error ? error.name : String(error) }, 'could not audit a step-up event');
    });

  /** The code's time-step when it is right for the person's secret now. The secret is opened here and nowhere kept. */
  async function stepOf(personId: number, sealed: string, code: string): Promise<number | null> {
    if (!deps.box) return null;
    // The moment the code arrived, not the moment the authenticator module was ready.
    const at = now();
    const { matchingStep } = await totp();
    return matchingStep(deps.box.open(sealed, personId), code, at);
  }

  async function wrong(personId: number): Promise<{ kind: 'wrong'; left: number } | { kind: 'locked'; until: number }> {
    const until = now() + STEP_UP_LOCK_MS;
    const counted = await store.fail(personId, STEP_UP_MAX_WRONG, new Date(until));
    if (!counted.locked) return { kind: 'wrong', left: STEP_UP_MAX_WRONG - counted.failures };
    logger.warn({ personId }, 'step-up locked after wrong codes');
    await audit(personId, 'step_up.locked', personId, { minutes: STEP_UP_LOCK_MS / 60_000 });
    await deps.onLocked(personId, until);
    return { kind: 'locked', until };
  }

  const lockedUntil = (row: { lockedUntil: Date | null }): number | null => {
    const until = row.lockedUntil?.getTime() ?? 0;
    return until > now() ? until : null;
  };

  return {
    /** Whether the key is there: without it nobody enrols and step-up stays off. */
    available: deps.box !== null,
    /** The setting as stored: on without the key means every guarded action is refused (see `ask`). */
    enabled: (): boolean => deps.settings.read(stepUpSetting),
    setEnabled: async (value: boolean, actorId: number): Promise<boolean> => (await deps.settings.write(stepUpSetting, value, actorId)).changed,
    status: async (personId: number) => (await store.get(personId))?.state ?? null,

    /** Before a guarded action: go ahead, or a prompt stored for this action alone (the caller restates it). */
    async ask(personId: number, action: StepUpAction): Promise<AskOutcome> {
      if (!deps.settings.read(stepUpSetting)) return { kind: 'pass' };
      if (!deps.box) return { kind: 'no-key' };
      const row = await store.get(personId);
      if (!row || row.state === 'enrolling') return { kind: 'not-enrolled' };
      const locked = lockedUntil(row);
      if (locked !== null) return { kind: 'locked', until: locked };
      if (row.state === 'waiting') return { kind: 'waiting-approval' };
      const expiresAt = now() + STEP_UP_CODE_VALID_MS;
      // A new prompt replaces an older one: a code answers only the prompt shown last.
      await store.ask(personId, { id: randomUUID(), action, expiresAt: new Date(expiresAt) });
      return { kind: 'asked', expiresAt };
    },

    /**
     * The person turned to something else (a command, a button): a prompt
     * still waiting is withdrawn, so that a code is taken only right after
     * the prompt that asked for it, never as the answer to a later question
     * (an order's quantity or a six-digit player id). Wrong codes already
     * counted stay counted.
     */
    async withdraw(personId: number): Promise<void> {
      if (!deps.settings.read(stepUpSetting)) return;
      const row = await store.get(personId);
      if (row?.challengeId != null) await store.clearChallenge(personId);
    },

    /** A message from someone a prompt may wait for. */
    async answer(personId: number, code: string): Promise<AnswerOutcome> {
      const row = await store.get(personId);
      if (!row || row.state !== 'active' || row.challengeId === null || row.challenge === null) return { kind: 'no-prompt' };
      const locked = lockedUntil(row);
      if (locked !== null) return { kind: 'locked', until: locked };
      if ((row.challengeExpiresAt?.getTime() ?? 0) <= now()) {
        await store.clearChallenge(personId);
        return { kind: 'expired' };
      }
      const step = await stepOf(personId, row.secret, code);
      if (step === null) return wrong(personId);
      if (!(await store.accept(personId, step, row.challengeId))) {
        // Either the step was taken (a replay), or another instance took this prompt with the same code a moment ago.
        logger.warn({ personId }, 'step-up code refused: its time-step was used');
        return { kind: 'replayed' };
      }
      logger.info({ personId, action: row.challenge.kind }, 'step-up code accepted');
      return { kind: 'accepted', action: row.challenge };
    },

    /** A new secret for the person, sealed in the database; the caller shows it once. Null when enrolled (a reset comes first). */
    async beginEnrolment(personId: number, label: string): Promise<{ secret: string; uri: string } | null> {
      if (!deps.box) return null;
      const { newTotpSecret, totpUri } = await totp();
      const secret = newTotpSecret();
      const row = await store.begin(personId, deps.box.seal(secret, personId));
      return row ? { secret, uri: totpUri(secret, label) } : null;
    },
    setQrMessage: (personId: number, messageId: number | null) => store.setQrMessage(personId, messageId),
    qrMessage: async (personId: number) => (await store.get(personId))?.qrMessageId ?? null,

    /**
     * The first code after enrolling: in force at once, or waiting for
     * another administrator while there are two, or for a while after one
     * of two was removed. In that while, with nobody left to approve, it is
     * refused and forgotten: otherwise a stolen account could demote the
     * other administrator and then settle its own authenticator alone.
     */
    async finishEnrolment(personId: number, code: string): Promise<EnrolAnswer> {
      const row = await store.get(personId);
      if (!row || row.state !== 'enrolling') return { kind: 'not-enrolling' };
      const locked = lockedUntil(row);
      if (locked !== null) return { kind: 'locked', until: locked };
      const step = await stepOf(personId, row.secret, code);
      if (step === null) return wrong(personId);
      const admins = await deps.adminIds();
      const approvers = admins.filter((id) => id !== personId);
      const heldUntil = (await deps.holdUntil?.()) ?? 0;
      // While there are two administrators, a new authenticator is one more thing a stolen account must not settle alone.
      const dual = admins.length >= 2 || heldUntil > now();
      if (dual && approvers.length === 0) {
        // Forgotten rather than left waiting a day: a pending enrolment would take every six-digit message meanwhile.
        await store.remove(personId);
        logger.warn({ personId, until: heldUntil }, 'step-up enrolment refused: dual control holds and no other administrator can approve it');
        await audit(personId, 'step_up.held', personId, { until: heldUntil });
        return { kind: 'held', until: heldUntil };
      }
      const to = dual ? 'waiting' : 'active';
      if (!(await store.enrol(personId, step, to))) return { kind: 'not-enrolling' };
      await audit(personId, 'step_up.enrolled', personId, { state: to });
      return to === 'active' ? { kind: 'active' } : { kind: 'waiting', approvers };
    },

    /** Another administrator lets a waiting enrolment take effect. */
    async approve(personId: number, by: number): Promise<'approved' | 'own' | 'not-waiting'> {
      if (personId === by) return 'own';
      if (!(await store.approve(personId, by))) return 'not-waiting';
      await audit(by, 'step_up.approved', personId);
      return 'approved';
    },

    /** Only another administrator resets a person's enrolment: a stolen account cannot swap in its own authenticator. */
    async reset(personId: number, by: number): Promise<'reset' | 'own' | 'none'> {
      if (personId === by) return 'own';
      if (!(await store.remove(personId))) return 'none';
      await audit(by, 'step_up.reset', personId);
      logger.info({ personId, by }, 'step-up enrolment reset');
      return 'reset';
    },
  };
}

export type StepUp = ReturnType<typeof createStepUp>;
