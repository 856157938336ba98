import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { AdminChange, AdminRequestState, RequestCard } from '../domain/approvals.js';
import type { AuditFacts, AuditRecord } from './audit-log.js';
import { appendAuditRow } from './audit-trail.js';
import { oweExpiryNews } from './expiry-news-store.js';
import type { adminRequests } from './postgres/schema.js';
import type { Database, Query } from './seam/database.js';

export type AdminRequestRow = typeof adminRequests.$inferSelect;

/** A decision someone made: pending -> confirmed or refused. */
export type AdminDecision = { to: 'confirmed'; by: number } | { to: 'refused'; by: number; reason?: string | null };

/**
 * Privileged changes waiting for a second administrator. Each move out of
 * 'pending' is one compare-and-swap statement committed with its audit row
 * in one transaction, so two administrators pressing at once (on one
 * instance or two), or a press and the expiry pass, see exactly one of them
 * win. No money moves here, so the money lock is not taken.
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

/** The audit row of a request's move. */
function requestAudit(row: AdminRequestRow, action: string, actorId: number | null, extra?: AuditFacts): AuditRecord {
  const change = row.change;
  const facts: Record<string, AuditFacts[string]> = { request: row.id, change: change.kind, requester: row.requesterId };
  if (change.kind === 'role') facts.role = change.role;
  else if (change.kind === 'step-up') facts.enabled = change.enabled ? 'on' : 'off';
  else if (change.kind === 'step-up-orders') facts.value = change.above;
  else if (change.kind === 'velocity') {
    facts.limit = change.limit;
    facts.value = change.value;
  } else if (change.kind === 'month-close') {
    facts.month = change.month;
  } else if (change.kind === 'admin-group') {
    facts.verb = change.verb;
    facts.group = change.chatId;
    facts.title = change.title;
  } else if (change.kind === 'budget') {
    facts.centre = change.centreId;
    facts.name = change.name;
    facts.before = change.before;
    facts.value = change.value;
  } else {
    facts.rule = change.rule;
    facts.value = change.reset ? 'default' : change.value;
  }
  return {
    actorId,
    action,
    orderId: null,
    amount: (change.kind === 'rule' && !change.reset) || change.kind === 'budget' ? change.value : null,
    subjectId: change.kind === 'rule' || change.kind === 'role' ? change.personId : null,
    facts: { ...facts, ...extra },
  };
}

const DECIDED_ACTION: Record<AdminDecision['to'], string> = { confirmed: 'admin_change.confirmed', refused: 'admin_change.refused' };

export function createAdminRequestStore(deps: { database: Database; clock: Clock }): AdminRequestStore {
  const { database, clock } = deps;
  const { q, tables } = database;
  const { adminRequests } = tables;
  const now = () => new Date(clock.now());
  const find = async (exec: Query, id: number): Promise<AdminRequestRow | null> => (await exec.select().from(adminRequests).where(eq(adminRequests.id, id)))[0] ?? null;

  async function move(exec: Query, id: number, to: AdminRequestState, set: Partial<typeof adminRequests.$inferInsert>, mustBeLive: boolean): Promise<AdminRequestRow | null> {
    const at = now();
    const [moved] = await exec
      .update(adminRequests)
      .set({ ...set, state: to, updatedAt: at, decidedAt: at })
      .where(and(eq(adminRequests.id, id), eq(adminRequests.state, 'pending'), mustBeLive ? gt(adminRequests.expiresAt, at) : undefined))
      .returning();
    return moved ?? null;
  }

  return {
    create: (input) =>
      database.transaction(async (tx) => {
        const at = now();
        const [row] = await tx
          .insert(adminRequests)
          .values({ requesterId: input.requesterId, change: input.change, state: 'pending', createdAt: at, updatedAt: at, expiresAt: input.expiresAt, cards: [] })
          .returning();
        await appendAuditRow(tx, tables, at, requestAudit(row!, 'admin_change.requested', input.requesterId));
        return row!;
      }),
    get: (id) => find(q, id),
    decide: (id, decision) =>
      database.transaction(async (tx) => {
        const reason = decision.to === 'refused' ? (decision.reason ?? null) : null;
        const moved = await move(tx, id, decision.to, { decidedBy: decision.by, reason }, decision.to === 'confirmed');
        if (moved) await appendAuditRow(tx, tables, now(), requestAudit(moved, DECIDED_ACTION[decision.to], decision.by, reason === null ? undefined : { reason }));
        return moved;
      }),
    expireDue: () =>
      database.transaction(async (tx) => {
        const due = await tx
          .select({ id: adminRequests.id })
          .from(adminRequests)
          .where(and(eq(adminRequests.state, 'pending'), lte(adminRequests.expiresAt, now())))
          .orderBy(asc(adminRequests.id));
        const expired: AdminRequestRow[] = [];
        for (const { id } of due) {
          // Another instance's pass, or a press, may have moved it since the read: the swap says.
          const moved = await move(tx, id, 'expired', {}, false);
          if (!moved) continue;
          await appendAuditRow(tx, tables, now(), requestAudit(moved, 'admin_change.expired', null));
          // Owed with the move: a process that stops before its cards are settled and the administrators told leaves it to the next pass.
          await oweExpiryNews(tx, tables, 'admin', moved.id, now());
          expired.push(moved);
        }
        return expired;
      }),
    listPending: () => q.select().from(adminRequests).where(eq(adminRequests.state, 'pending')).orderBy(asc(adminRequests.id)),
    addCards: (id, cards) =>
      database.transaction(async (tx) => {
        // Appended to what is there, whoever else appends at the same time.
        await database.holdLock(tx, `admin_request:${id}`);
        const row = await find(tx, id);
        if (row) await tx.update(adminRequests).set({ cards: [...row.cards, ...cards] }).where(eq(adminRequests.id, id));
      }),
  };
}
