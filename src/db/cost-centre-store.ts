import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { normaliseSearchText } from '../text/search-text.js';
import { appendAuditRow } from './audit-trail.js';
import type { costCentres } from './postgres/cost-centres-table.js';
import type { Database, Query } from './seam/database.js';

export type CostCentre = typeof costCentres.$inferSelect;

/** What adding answered: kept, or refused because an active cost centre already has that name. */
export type CostCentreAdded = { kind: 'added'; centre: CostCentre } | { kind: 'taken'; centre: CostCentre };
/** What a rename or retirement answered; 'retired': it was retired already (a retired one keeps its name). */
export type CostCentreChanged =
  | { kind: 'changed'; before: CostCentre; centre: CostCentre }
  | { kind: 'taken'; centre: CostCentre }
  | { kind: 'gone' }
  | { kind: 'retired'; centre: CostCentre };

/**
 * Cost centres as administrators keep them, on either database. Every
 * change writes its audit row (`cost_centre.added`, `.renamed`,
 * `.retired`) in the same transaction, and changes run one after the
 * other, so that two administrators cannot give two active ones the same
 * name. Names are compared folded (case, Persian and Arabic letters,
 * digits, spaces), as the catalog search folds them.
 */
export interface CostCentreStore {
  /** Every cost centre: the active ones by name, then the retired ones. */
  list(): Promise<CostCentre[]>;
  /** The ones an order may name now, by name. */
  active(): Promise<CostCentre[]>;
  get(id: number): Promise<CostCentre | null>;
  /** Several by id (retired ones too), for orders that name them. */
  byIds(ids: readonly number[]): Promise<Map<number, CostCentre>>;
  add(centre: { name: string; code: string | null; actorId: number }): Promise<CostCentreAdded>;
  rename(id: number, name: string, actorId: number): Promise<CostCentreChanged>;
  retire(id: number, actorId: number): Promise<CostCentreChanged>;
  /** The cost centre of the person's latest order that named one (retired or not), or null. */
  lastUsedBy(personId: number): Promise<number | null>;
}

const LOCK = 'cost_centres';

export function createCostCentreStore(deps: { database: Database; clock: Clock }): CostCentreStore {
  const { database } = deps;
  const { q } = database;
  const { costCentres: table, orders } = database.tables;
  const now = () => new Date(deps.clock.now());
  const byName = (a: CostCentre, b: CostCentre) => a.name.localeCompare(b.name) || a.id - b.id;
  /** The active one of this name other than `except`, if any. */
  const sameName = async (tx: Query, name: string, except: number | null) => {
    const folded = normaliseSearchText(name);
    const rows = await tx.select().from(table).where(isNull(table.retiredAt));
    return rows.find((row) => row.id !== except && normaliseSearchText(row.name) === folded) ?? null;
  };
  const audit = (tx: Query, actorId: number, step: 'added' | 'renamed' | 'retired', facts: Record<string, string | number | null>) =>
    appendAuditRow(tx, database.tables, now(), { actorId, action: `cost_centre.${step}`, orderId: null, amount: null, facts });
  const getIn = async (tx: Query, id: number) => (await tx.select().from(table).where(eq(table.id, id)))[0] ?? null;

  return {
    async list() {
      const rows = await q.select().from(table).orderBy(asc(table.id));
      const active = rows.filter((row) => row.retiredAt === null).sort(byName);
      const retired = rows.filter((row) => row.retiredAt !== null).sort(byName);
      return [...active, ...retired];
    },
    async active() {
      return (await q.select().from(table).where(isNull(table.retiredAt))).sort(byName);
    },
    get: (id) => getIn(q, id),
    async byIds(ids) {
      if (ids.length === 0) return new Map();
      const rows = await q.select().from(table).where(inArray(table.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, row]));
    },
    add({ name, code, actorId }) {
      return database.transaction(async (tx) => {
        await database.holdLock(tx, LOCK);
        const taken = await sameName(tx, name, null);
        if (taken) return { kind: 'taken', centre: taken } as const;
        const [centre] = await tx.insert(table).values({ name, code, createdBy: actorId, createdAt: now() }).returning();
        await audit(tx, actorId, 'added', { centre: centre!.id, name, code });
        return { kind: 'added', centre: centre! } as const;
      });
    },
    rename(id, name, actorId) {
      return database.transaction(async (tx): Promise<CostCentreChanged> => {
        await database.holdLock(tx, LOCK);
        const before = await getIn(tx, id);
        if (!before) return { kind: 'gone' };
        if (before.retiredAt !== null) return { kind: 'retired', centre: before };
        const taken = await sameName(tx, name, id);
        if (taken) return { kind: 'taken', centre: taken };
        const [centre] = await tx.update(table).set({ name }).where(eq(table.id, id)).returning();
        await audit(tx, actorId, 'renamed', { centre: id, before: before.name, name });
        return { kind: 'changed', before, centre: centre! };
      });
    },
    retire(id, actorId) {
      return database.transaction(async (tx): Promise<CostCentreChanged> => {
        await database.holdLock(tx, LOCK);
        const before = await getIn(tx, id);
        if (!before) return { kind: 'gone' };
        if (before.retiredAt !== null) return { kind: 'retired', centre: before };
        const [centre] = await tx.update(table).set({ retiredAt: now() }).where(and(eq(table.id, id), isNull(table.retiredAt))).returning();
        await audit(tx, actorId, 'retired', { centre: id, name: before.name, code: before.code });
        return { kind: 'changed', before, centre: centre! };
      });
    },
    async lastUsedBy(personId) {
      const [row] = await q
        .select({ id: orders.costCentreId })
        .from(orders)
        .where(and(eq(orders.userId, personId), isNotNull(orders.costCentreId)))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(1);
      return row?.id ?? null;
    },
  };
}
