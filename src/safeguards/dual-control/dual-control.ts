import type { Clock } from '../../clock.js';
import type { AppStateStore } from '../../db/app-state-store.js';
import type { StaffMember } from '../../db/staff-store.js';
import type { Logger } from '../../logger.js';
import type { SpendingRuleBook } from '../../orders/spending-rules.js';
import { ADMIN_REQUEST_EXPIRY_MS, DUAL_CONTROL_HOLD_MS, needsSecondAdmin, parseAdminChange, type AdminChange } from './admin-change.js';
import type { AdminRequestRow, AdminRequestStore } from '../../db/admin-request-store.js';
import type { VelocityKind } from '../../domain/safeguards.js';

/** The app-state key of the time until which dual control holds after an administrator was removed or demoted. */
const HOLD_KEY = 'dual-control.hold-until';

/** Until when dual control holds after an administrator was removed or demoted; 0 when it never did. Read by step-up enrolment too. */
export const readHoldUntil = async (appState: Pick<AppStateStore, 'get'>): Promise<number> => (await appState.get<number>(HOLD_KEY)) ?? 0;

interface DualControlDeps {
  requests: AdminRequestStore;
  /** Who is on the staff, read from the database at the moment of asking, never from a copy. */
  staffNow: { find(id: number): Promise<StaffMember | null>; list(): Promise<StaffMember[]> };
  rules: Pick<SpendingRuleBook, 'defaults' | 'rulesFor' | 'overridesFor' | 'setDefault' | 'setForPerson'>;
  /** The staff view whose writes keep every instance's copy fresh: applied changes go through it. */
  roles: { add(id: number, role: 'admin', actorId: number): Promise<unknown>; changeRole(id: number, role: 'admin', actorId: number): Promise<unknown> };
  appState: Pick<AppStateStore, 'get' | 'set'>;
  /** Writes step-up on or off, and the order amount above which it asks (audited as every setting); absent, such requests cannot be applied. */
  stepUp?: {
    setEnabled(enabled: boolean, actorId: number): Promise<unknown>;
    orderAbove(): number | null;
    setOrderAbove(value: number | null, actorId: number): Promise<unknown>;
  };
  /** The velocity limits in force, and how a confirmed change of one is written (src/safeguards/velocity). */
  velocity?: { cap(limit: VelocityKind): number | null; setCap(limit: VelocityKind, value: number | null, actorId: number): Promise<unknown> };
  /** How a confirmed month close is made (src/ledger/month-close.ts): it throws when the month may not be closed now, and nothing is closed. */
  monthClose?: { closeConfirmed(change: Extract<AdminChange, { kind: 'month-close' }>, request: AdminRequestRow, confirmedBy: number): Promise<void> };
  /** How a confirmed change of a cost centre's budget is written (src/budgets); absent, such requests cannot be applied. */
  budgets?: { setBudget(centreId: number, amount: number | null, actorId: number): Promise<{ kind: string }> };
  /** How a confirmed binding or unbinding of the administrators' group is written (src/admin-group); absent, such requests cannot be applied. */
  adminGroup?: { apply(change: Extract<AdminChange, { kind: 'admin-group' }>, actorId: number): Promise<void> };
  clock: Clock;
  logger: Logger;
  expiryMs?: number;
}

export type SubmitOutcome =
  | { kind: 'immediate' }
  | { kind: 'requested'; request: AdminRequestRow; approvers: number[] }
  /** Dual control holds (an administrator was removed lately) and no other administrator is there to confirm. */
  | { kind: 'held'; until: number };

export type DecideOutcome =
  | { kind: 'confirmed' | 'refused'; request: AdminRequestRow }
  | { kind: 'not-found' }
  | { kind: 'not-pending' | 'expired'; request: AdminRequestRow }
  | { kind: 'own-request' | 'not-admin'; request: AdminRequestRow }
  /** It could no longer be applied as asked; it was refused in the same move. */
  | { kind: 'void'; request: AdminRequestRow; why: 'requester-not-admin' | 'person-gone' | 'invalid' }
  /** Confirmed, but writing the change failed: nothing was changed. */
  | { kind: 'failed'; request: AdminRequestRow };

export interface DualControl {
  /** Routes a privileged change: applied now by the caller, or a request waiting for a second administrator. */
  submit(change: AdminChange, actorId: number): Promise<SubmitOutcome>;
  /** The request as stored, to restate it (a step-up prompt); deciding reads it again. */
  get(id: number): Promise<AdminRequestRow | null>;
  confirm(id: number, by: number): Promise<DecideOutcome>;
  refuse(id: number, by: number): Promise<DecideOutcome>;
  expireDue(): Promise<AdminRequestRow[]>;
  /** After an administrator was removed or demoted while there were two: the one left cannot act alone for a while. */
  holdAfterAdminRemoved(): Promise<void>;
  /** Whether an administrator alone may not approve their own order now (dual control holds though they are the only one). */
  selfApprovalHeld(): Promise<boolean>;
}

/**
 * Dual control: while two or more administrators are on the staff (or for a
 * while after one of two was removed), a change that widens someone's
 * power waits for a second administrator. Every check is made again at the
 * press, from the database: the presser's role, the requester's, the
 * stored change itself. Deciding is one compare-and-swap; the change is
 * written right after it through the same views every other write uses, so
 * that every instance's in-memory copy follows.
 */
export function createDualControl(deps: DualControlDeps): DualControl {
  const { requests, staffNow, clock, logger } = deps;
  const expiryMs = deps.expiryMs ?? ADMIN_REQUEST_EXPIRY_MS;

  const adminIds = async () => (await staffNow.list()).filter((m) => m.role === 'admin').map((m) => m.telegramId);
  const holdUntil = () => readHoldUntil(deps.appState);
  const isAdminNow = async (id: number) => (await staffNow.find(id))?.role === 'admin';

  async function apply(change: AdminChange, request: AdminRequestRow, confirmedBy: number): Promise<void> {
    const { requesterId } = request;
    if (change.kind === 'month-close') {
      if (!deps.monthClose) throw new Error('closing a month is not available here');
      await deps.monthClose.closeConfirmed(change, request, confirmedBy);
      return;
    }
    if (change.kind === 'budget') {
      if (!deps.budgets) throw new Error('budgets are not available here');
      // A cost centre retired (or gone) meanwhile takes no budget: the confirmation fails and nothing changes.
      const set = await deps.budgets.setBudget(change.centreId, change.value, requesterId);
      if (set.kind !== 'set') throw new Error(`cost centre ${change.centreId} is ${set.kind}`);
      return;
    }
    if (change.kind === 'admin-group') {
      if (!deps.adminGroup) throw new Error('the administrators\' group is not available here');
      await deps.adminGroup.apply(change, requesterId);
      return;
    }
    if (change.kind === 'velocity') {
      if (!deps.velocity) throw new Error('velocity limits are not available here');
      await deps.velocity.setCap(change.limit, change.value, requesterId);
      return;
    }
    if (change.kind === 'step-up' || change.kind === 'step-up-orders') {
      if (!deps.stepUp) throw new Error('step-up is not available here');
      if (change.kind === 'step-up') await deps.stepUp.setEnabled(change.enabled, requesterId);
      else await deps.stepUp.setOrderAbove(change.above, requesterId);
      return;
    }
    if (change.kind === 'role') {
      if (change.verb === 'add') await deps.roles.add(change.personId, 'admin', requesterId);
      else await deps.roles.changeRole(change.personId, 'admin', requesterId);
      return;
    }
    if (change.personId === null) await deps.rules.setDefault(change.rule, change.value, requesterId);
    else await deps.rules.setForPerson(change.rule, change.personId, change.reset ? undefined : change.value, requesterId);
  }

  /** Why a stored request can no longer be applied as asked, or null when it can. */
  async function voidReason(request: AdminRequestRow): Promise<'requester-not-admin' | 'person-gone' | 'invalid' | null> {
    const change = parseAdminChange(request.change);
    if (change === null) return 'invalid';
    if (!(await isAdminNow(request.requesterId))) return 'requester-not-admin';
    if (change.kind === 'step-up' || change.kind === 'step-up-orders' || change.kind === 'velocity' || change.kind === 'budget' || change.kind === 'month-close' || change.kind === 'admin-group') return null;
    const concernsPerson = change.personId !== null && !(change.kind === 'role' && change.verb === 'add');
    if (concernsPerson && !(await staffNow.find(change.personId!))) return 'person-gone';
    return null;
  }

  /** What a lost compare-and-swap means: someone decided first, or the deadline passed. */
  async function lost(id: number): Promise<DecideOutcome> {
    const request = await requests.get(id);
    if (!request) return { kind: 'not-found' };
    return request.state === 'pending' ? { kind: 'expired', request } : { kind: 'not-pending', request };
  }

  async function pressable(id: number, by: number): Promise<DecideOutcome | AdminRequestRow> {
    const request = await requests.get(id);
    if (!request) return { kind: 'not-found' };
    if (request.state !== 'pending') return { kind: 'not-pending', request };
    if (request.expiresAt.getTime() <= clock.now()) return { kind: 'expired', request };
    // Read at the press: someone demoted since the card was sent decides nothing.
    if (!(await isAdminNow(by))) return { kind: 'not-admin', request };
    return request;
  }

  return {
    async submit(change, actorId) {
      const parsed = parseAdminChange(change);
      if (parsed === null) throw new Error('invalid privileged change');
      const admins = await adminIds();
      const others = admins.filter((id) => id !== actorId);
      const until = await holdUntil();
      const inForce = others.length > 0 || until > clock.now();
      if (!inForce || !needsSecondAdmin(parsed, deps.rules, (id) => admins.includes(id), (limit) => deps.velocity?.cap(limit) ?? null, () => deps.stepUp?.orderAbove() ?? null)) return { kind: 'immediate' };
      if (others.length === 0) return { kind: 'held', until };
      const request = await requests.create({ requesterId: actorId, change: parsed, expiresAt: new Date(clock.now() + expiryMs) });
      logger.info({ requestId: request.id, requesterId: actorId, change: parsed.kind }, 'privileged change waits for a second administrator');
      return { kind: 'requested', request, approvers: others };
    },

    async confirm(id, by) {
      const checked = await pressable(id, by);
      if ('kind' in checked) return checked;
      if (checked.requesterId === by) return { kind: 'own-request', request: checked };
      const why = await voidReason(checked);
      if (why !== null) {
        const refused = await requests.decide(id, { to: 'refused', by, reason: why });
        return refused ? { kind: 'void', request: refused, why } : lost(id);
      }
      const confirmed = await requests.decide(id, { to: 'confirmed', by });
      if (!confirmed) return lost(id);
      try {
        await apply(parseAdminChange(confirmed.change)!, confirmed, by);
      } catch (error) {
        logger.error({ requestId: id, err: error instanceof Error ? error.message : String(error) }, 'a confirmed privileged change could not be written');
        return { kind: 'failed', request: confirmed };
      }
      logger.info({ requestId: id, by, requesterId: confirmed.requesterId }, 'privileged change confirmed and applied');
      return { kind: 'confirmed', request: confirmed };
    },

    async refuse(id, by) {
      const checked = await pressable(id, by);
      if ('kind' in checked) return checked;
      // The requester may withdraw their own request: that only makes things safer.
      const refused = await requests.decide(id, { to: 'refused', by });
      return refused ? { kind: 'refused', request: refused } : lost(id);
    },

    get: (id) => requests.get(id),

    expireDue: () => requests.expireDue(),

    async holdAfterAdminRemoved() {
      await deps.appState.set(HOLD_KEY, clock.now() + DUAL_CONTROL_HOLD_MS);
    },

    async selfApprovalHeld() {
      return (await holdUntil()) > clock.now();
    },
  };
}
