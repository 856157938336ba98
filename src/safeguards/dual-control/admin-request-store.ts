import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { AuditFacts, AuditRecord } from '../../db/audit-log.js';
import { appendAudit } from '../../db/audit-log.js';
import type { Db } from '../../db/open.js';
import { adminRequests } from '../../db/schema.js';
import { type AdminChange, type AdminRequestState, type RequestCard } from '../../domain/approvals.js';
import type { SyncDb } from '../../db/sync-db.js';

export type AdminRequestRow = typeof adminRequests.$inferSelect;

/** A decision someone made: pending -> confirmed or refused. */
export type AdminDecision = { to: 'confirmed'; by: number } | { to: 'refused'; by: number; reason?: string | null };

/**
 * Privileged changes waiting for a second administrator, as every database
 * keeps them. Each move out of 'pending' is one compare-and-swap statement
 * committed with its audit row, so two administrators pressing at once, or
 * a press and the expiry pass, see exactly one of them win.
 */
export interface AdminRequestStore {
  /** Stores a new pending request with its 'admin_change.requested' audit row. */
  create(input: { requesterId: number; change: AdminChange; expiresAt: Date }): Promise<AdminRequestRow>;
  get(id: number): Promise<AdminRequestRow | null>;
  /**
   * pending -> confirmed or refused, once. A confirmation also needs the
   * deadline ahead; null when the request had already moved (or lapsed).
   */
  decide(id: number, decision: AdminDecision): Promise<AdminRequestRow | null>;
  /** Every pending request whose time ran out, each moved to 'expired' with its audit row. */
  expireDue(): Promise<AdminRequestRow[]>;
  listPending(): Promise<AdminRequestRow[]>;
  /** Adds the messages that carry this request's buttons. */
  addCards(id: number, cards: RequestCard[]): Promise<void>;
}

/** The audit row of a request's move, the same on both databases. */
export function requestAudit(row: AdminRequestRow, action: string, actorId: number | null, extra?: AuditFacts): AuditRecord {
  const change = row.change;
  const facts: Record<string, AuditFacts[string]> = { request: row.id, change: change.kind, requester: row.requesterId };
  if (change.kind === 'role') facts.role = change.role;
  else if (change.kind === 'step-up') facts.enabled = change.enabled ? 'on' : 'off';
  else if (change.kind === 'step-up-orders') facts.value = change.above;
  else if (change.kind === 'velocity') {
    facts.limit = change.limit;
    facts.value = change.value;
  } else {
    facts.rule = change.rule;
    facts.value = change.reset ? 'default' : change.value;
  }
  return {
    actorId,
    action,
    orderId: null,
    amount: change.kind === 'rule' && !change.reset ? change.value : null,
    subjectId: change.kind === 'rule' || change.kind === 'role' ? change.personId : null,
    facts: { ...facts, ...extra },
  };
}

const DECIDED_ACTION: Record<AdminDecision['to'], string> = { confirmed: 'admin_change.confirmed', refused: 'admin_change.refused' };
export const decidedAction = (decision: AdminDecision): string => DECIDED_ACTION[decision.to];

/** The SQLite store: each move is an immediate transaction holding the compare-and-swap and its audit row. */
export function createSqliteAdminRequestStore(deps: { db: Db; clock: Clock }): AdminRequestStore {
  const { db, clock } = deps;
  const now = () => new Date(clock.now());
  const immediate = <T>(work: (tx: SyncDb) => T): T => db.transaction((tx) => work(tx), { behavior: 'immediate' });
  const find = (exec: SyncDb, id: number): AdminRequestRow | null => exec.select().from(adminRequests).where(eq(adminRequests.id, id)).get() ?? null;

  function move(tx: SyncDb, id: number, to: AdminRequestState, set: Partial<typeof adminRequests.$inferInsert>, mustBeLive: boolean): AdminRequestRow | null {
    const at = now();
    return (
      tx
        .update(adminRequests)
        .set({ ...set, state: to, updatedAt: at, decidedAt: at })
        .where(and(eq(adminRequests.id, id), eq(adminRequests.state, 'pending'), mustBeLive ? gt(adminRequests.expiresAt, at) : undefined))
        .returning()
        .get() ?? null
    );
  }

  return {
    create: async (input) =>
      immediate((tx) => {
        const at = now();
        const row = tx
          .insert(adminRequests)
          .values({ requesterId: input.requesterId, change: input.change, state: 'pending', createdAt: at, updatedAt: at, expiresAt: input.expiresAt, cards: [] })
          .returning()
          .get();
        appendAudit(tx, at, requestAudit(row, 'admin_change.requested', input.requesterId));
        return row;
      }),
    get: async (id) => find(db, id),
    decide: async (id, decision) =>
      immediate((tx) => {
        const reason = decision.to === 'refused' ? (decision.reason ?? null) : null;
        const moved = move(tx, id, decision.to, { decidedBy: decision.by, reason }, decision.to === 'confirmed');
        if (moved) appendAudit(tx, now(), requestAudit(moved, decidedAction(decision), decision.by, reason === null ? undefined : { reason }));
        return moved;
      }),
    expireDue: async () =>
      immediate((tx) => {
        const due = tx
          .select({ id: adminRequests.id })
          .from(adminRequests)
          .where(and(eq(adminRequests.state, 'pending'), lte(adminRequests.expiresAt, now())))
          .orderBy(asc(adminRequests.id))
          .all();
        const expired: AdminRequestRow[] = [];
        for (const { id } of due) {
          const moved = move(tx, id, 'expired', {}, false);
          if (!moved) continue;
          appendAudit(tx, now(), requestAudit(moved, 'admin_change.expired', null));
          expired.push(moved);
        }
        return expired;
      }),
    listPending: async () => db.select().from(adminRequests).where(eq(adminRequests.state, 'pending')).orderBy(asc(adminRequests.id)).all(),
    addCards: async (id, cards) =>
      immediate((tx) => {
        const row = find(tx, id);
        if (row) tx.update(adminRequests).set({ cards: [...row.cards, ...cards] }).where(eq(adminRequests.id, id)).run();
      }),
  };
}
