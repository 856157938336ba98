import { inArray, isNull, lte, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from './seam/database.js';

/** A pick of rows to claim, as a select builder gives it. */
type RowPick = SQLWrapper & { for(strength: 'update', config: { skipLocked: true }): SQLWrapper };

/**
 * How the leases of the outbox and of the followed orders keep time and
 * share out rows between claimers: the one thing about them that truly
 * differs between the databases, chosen in one place (leaseTimeFor).
 */
export interface LeaseTime {
  /** The moment a lease is compared with, the caller's `now` given. */
  now(callerNow: number): Date | SQL;
  /** When a lease of `leaseMs` taken now ends. */
  end(callerNow: number, leaseMs: number): Date | SQL;
  /**
   * `end` in a prepared statement, stored as `column` stores a moment: it
   * reads the placeholders `leaseEnd` (the caller's now plus the lease, a
   * Date) and `leaseMs`; give both (leaseEndPlaceholders).
   */
  preparedEnd(column: AnyColumn): SQL;
  /** `now` in a prepared statement, compared with `column`: it reads the placeholder `leaseNow` (the caller's now, a Date); give it (leasePlaceholders). */
  preparedNow(column: AnyColumn): SQL;
  /** The WHERE of a batch claim: the rows `pick` chooses, `id` naming them. */
  among(id: AnyColumn, pick: RowPick): SQL;
  /** The WHERE of a claim of one row: the row `pick` (limited to one) chooses, `id` naming it. */
  theOne(id: AnyColumn, pick: RowPick): SQL;
  /** Which claims an instance taking over from an earlier one frees; undefined: every one. */
  takenOver(expiresAt: AnyColumn): SQL | undefined;
}

/**
 * One process (SQLite): leases follow the `now` its callers pass, the pick
 * and the claim are one statement that SQLite's single writer makes one
 * step, and an earlier holder is gone, so a takeover frees every claim.
 */
export const processLeaseTime: LeaseTime = {
  now: (callerNow) => new Date(callerNow),
  end: (callerNow, leaseMs) => new Date(callerNow + leaseMs),
  preparedEnd: (column) => sql`${sql.param(sql.placeholder('leaseEnd'), column)}`,
  preparedNow: (column) => sql`${sql.param(sql.placeholder('leaseNow'), column)}`,
  among: (id, pick) => inArray(id, pick),
  // `= (select …)`, not `in (select …)`: SQLite builds the IN list at every run, which made an update queue
  // claim that found nothing cost about 170 µs where this costs 7 (docs/performance.md).
  theOne: (id, pick) => sql`${id} = (${pick})`,
  takenOver: () => undefined,
};

/*
 * Several instances (PostgreSQL), each with its own clock: one whose clock
 * runs ahead would see a live lease as ended and take it. So every lease is
 * set and compared with the one clock they share, the server's.
 * clock_timestamp() rather than now(): inside a transaction that waited for
 * a lock, now() is the time it began, not the time it looks.
 */
const serverNow: SQL = sql`clock_timestamp()`;

/**
 * Several instances sharing one PostgreSQL database: leases follow the
 * server's clock. A batch claim picks its rows FOR UPDATE SKIP LOCKED, so
 * concurrent claimers share the due rows instead of waiting on or doubling
 * each other's; the pick is an ARRAY(...) sub-select, which PostgreSQL runs
 * once: as `IN (...)` it may run again for each row, and each run, seeing
 * the rows just claimed as taken, would pick further rows past the limit.
 * An earlier holder may have lost only its role connection and still be
 * finishing a pass, so a takeover frees only the claims whose lease has
 * ended; live ones end on their own.
 */
export const serverLeaseTime: LeaseTime = {
  now: () => serverNow,
  end: (_callerNow, leaseMs) => sql`(clock_timestamp() + ${leaseMs}::float8 * interval '1 millisecond')`,
  preparedEnd: () => sql`(clock_timestamp() + ${sql.placeholder('leaseMs')}::float8 * interval '1 millisecond')`,
  preparedNow: () => serverNow,
  among: (id, pick) => sql`${id} = any(array(${pick.for('update', { skipLocked: true })}))`,
  theOne: (id, pick) => serverLeaseTime.among(id, pick),
  takenOver: (expiresAt) => or(isNull(expiresAt), lte(expiresAt, serverNow)),
};

/** The values of LeaseTime.preparedEnd's placeholders, whichever clock the lease follows. */
export function leaseEndPlaceholders(callerNow: number, leaseMs: number): { leaseEnd: Date; leaseMs: number } {
  return { leaseEnd: new Date(callerNow + leaseMs), leaseMs };
}

/** The values of LeaseTime.preparedNow's and preparedEnd's placeholders, whichever clock the lease follows. */
export function leasePlaceholders(callerNow: number, leaseMs: number): { leaseNow: Date; leaseEnd: Date; leaseMs: number } {
  return { leaseNow: new Date(callerNow), ...leaseEndPlaceholders(callerNow, leaseMs) };
}

/** The lease time of a database: one process on SQLite, instances sharing PostgreSQL. */
export function leaseTimeFor(database: { kind: Database['kind'] }): LeaseTime {
  return database.kind === 'sqlite' ? processLeaseTime : serverLeaseTime;
}
