import { type RateBudgetStore } from './rate-budget-store.js';
import { checkShape, INTERACTIVE_CLAIM_GRACE_MS, refillWaitMs, TOKEN_EPSILON, WINDOW_SPAN_MS, windowLimits, windowWaitMs } from '../domain/request-budget.js';
import type { PgDb } from './postgres/open.js';

/*
 * One row per budget key, changed by a single INSERT ... ON CONFLICT DO
 * UPDATE ... RETURNING: one round trip per take, the row lock serialising
 * instances as the limiter's own loop serialises callers in one process.
 *
 * Time is the server's clock_timestamp(), read once (as the proposed row's
 * refilled_at, `excluded.refilled_at`) before the row lock is taken. A take
 * that waited for the lock may carry a time older than the row's; it then
 * counts from the row's time and gets no refill for its wait. Time on the row
 * only moves forward, so the tokens granted between two moments never
 * exceed the burst plus the rate times the time between, whichever instance
 * took them and whatever their own clocks say.
 *
 * The window's grants are kept on the row too (recent_grants, and
 * background's alone in recent_background_grants; oldest first, at most as
 * many as the window may count, each the server's clock when the grant held
 * the row's lock): a take counts them from T, never later than its own
 * moment, so no more than the window's limit of grants ever fall within
 * WINDOW_SPAN_MS of one another.
 */
const T = 'greatest(b.refilled_at, excluded.refilled_at)';
/** $2 rate per second, $3 burst. */
const REFILLED = `least($3::float8, b.tokens + extract(epoch from (${T} - b.refilled_at))::float8 * $2::float8)`;
const SPAN = `interval '${WINDOW_SPAN_MS} milliseconds'`;
/** The grants of `column` still inside the window, as a set to select from. */
const inWindow = (column: string) => `unnest(b.${column}) g where g > ${T} - ${SPAN}`;
const countInWindow = (column: string) => `(select count(*) from ${inWindow(column)})`;
/**
 * $4 tokens needed, $5 whether a person is waiting ($6: how long past the due
 * time their claim holds, ms), $7 the grants the window may count, $8 how
 * many of them background takes may be.
 */
const GRANTED = `(b.hold_until <= ${T} and ${REFILLED} >= $4::float8 - ${TOKEN_EPSILON}
  and ${countInWindow('recent_grants')} < $7::int
  and ($5::boolean or (b.interactive_until <= ${T} and ${countInWindow('recent_background_grants')} < $8::int)))`;
/** Seconds until a person finds a place in the window: when the grant whose leaving frees one leaves. */
const PLACE_SECONDS = `coalesce(extract(epoch from ((select g from ${inWindow('recent_grants')} order by g
  offset greatest(0, ${countInWindow('recent_grants')} - $7::int) limit 1) + ${SPAN} - ${T}))::float8, 0)`;
/** When a person's token is due: after the hold, the refill of one token and a place in the window. */
const DUE_SECONDS = `greatest(extract(epoch from (b.hold_until - ${T}))::float8, (1 - ${REFILLED}) / $2::float8,
  case when ${countInWindow('recent_grants')} >= $7::int then ${PLACE_SECONDS} else 0 end, 0)`;
/**
 * `column`'s grants with this one at the end, no more than `most` of them,
 * oldest first. This one is recorded at the server's clock once the row is
 * locked, not at T: a take that waited for the lock sends its request later
 * than T, and the window must count from when it really went. (Evaluated on
 * its own, a second reading of the clock cannot make the grant's decision
 * differ between columns; it is only ever later than T, the safe side.)
 */
const withGrant = (column: string, most: string) =>
  `array(select g from (select g from ${inWindow(column)} order by g desc limit ${most}::int - 1) kept order by g) || greatest(${T}, clock_timestamp())`;
/** The window's grants as milliseconds from the take's time (negative), oldest first. */
const agoMs = (column: string) => `array(select extract(epoch from (g - refilled_at))::float8 * 1000 from unnest(${column}) g order by g)`;

const TAKE = `
insert into provider_rate_budget as b (key, tokens, refilled_at, hold_until, interactive_until, last_take_granted, recent_grants, recent_background_grants)
select $1, $3::float8 - 1, c.t, c.t, c.t, true, array[c.t], case when $5::boolean then '{}' else array[c.t] end
from (select clock_timestamp() as t) c
on conflict (key) do update set
  tokens = case when ${GRANTED} then greatest(0, ${REFILLED} - 1) else ${REFILLED} end,
  recent_grants = case when ${GRANTED} then ${withGrant('recent_grants', '$7')} else b.recent_grants end,
  recent_background_grants = case when ${GRANTED} and not $5::boolean
    then ${withGrant('recent_background_grants', '$8')} else b.recent_background_grants end,
  refilled_at = ${T},
  interactive_until = case when $5::boolean and not ${GRANTED}
    then greatest(b.interactive_until, ${T} + make_interval(secs => ${DUE_SECONDS} + $6::float8 / 1000))
    else b.interactive_until end,
  last_take_granted = ${GRANTED}
returning last_take_granted as granted, tokens, extract(epoch from refilled_at)::float8 * 1000 as at_ms,
  extract(epoch from (hold_until - refilled_at))::float8 * 1000 as hold_ms,
  extract(epoch from (interactive_until - refilled_at))::float8 * 1000 as claim_ms,
  ${agoMs('recent_grants')} as all_ms, ${agoMs('recent_background_grants')} as background_ms`;

// A hold on a budget never taken from starts it empty: the safe side.
const HOLD = `
insert into provider_rate_budget as b (key, tokens, refilled_at, hold_until, interactive_until, last_take_granted)
select $1, 0, c.t, c.t + make_interval(secs => $2::float8 / 1000), c.t, false from (select clock_timestamp() as t) c
on conflict (key) do update set hold_until = greatest(b.hold_until, excluded.hold_until)`;

const HOLD_REMAINING = `
select greatest(0, extract(epoch from (hold_until - clock_timestamp()))::float8 * 1000) as ms
from provider_rate_budget where key = $1`;

interface TakeRow {
  granted: boolean;
  tokens: number;
  at_ms: number;
  hold_ms: number;
  claim_ms: number;
  /** The row's grants, ms before the take's time (negative), oldest first. */
  all_ms: number[];
  background_ms: number[];
}

/** The provider's budget shared by every instance on the database. */
export function createSharedRateBudgetStore(deps: { db: PgDb }): RateBudgetStore {
  const pool = deps.db.$client;
  return {
    sharedAcrossInstances: true,
    async take(key, priority, shape) {
      checkShape(shape);
      const needed = priority === 'interactive' ? 1 : 1 + shape.keptForInteractive;
      const limits = windowLimits(shape);
      const claimGraceMs = shape.claimGraceMs ?? INTERACTIVE_CLAIM_GRACE_MS;
      // A named statement: each connection parses and plans TAKE once. Unnamed, its parse and plan were most of the
      // take (3.4 ms at p50 where select 1 took 0.35; named, 1.5 ms), and every provider request waits for a take.
      const { rows } = await pool.query<TakeRow>({ name: 'provider-budget-take', text: TAKE, values: [key, shape.requestsPerSecond, shape.burst, needed, priority === 'interactive', claimGraceMs, limits.all, limits.background] });
      const row = rows[0];
      if (!row) throw new Error('provider_rate_budget: the take returned no row');
      if (row.granted) return { granted: true, grantedAt: row.at_ms };
      const holdMs = Math.max(0, Math.ceil(row.hold_ms));
      const claimMs = priority === 'background' ? Math.max(0, Math.ceil(row.claim_ms)) : 0;
      // The same answer as placeWaitMs gives in memory, from the row's times.
      const windowMs = Math.max(windowWaitMs(row.all_ms, limits.all), priority === 'background' ? windowWaitMs(row.background_ms, limits.background) : 0);
      const waitMs = Math.max(holdMs, claimMs, windowMs, refillWaitMs(needed, row.tokens, shape.requestsPerSecond));
      return { granted: false, waitMs: Math.max(1, waitMs), holdMs };
    },
    async hold(key, ms) {
      if (!Number.isFinite(ms) || ms <= 0) return;
      await pool.query(HOLD, [key, ms]);
    },
    async holdRemaining(key) {
      const { rows } = await pool.query<{ ms: number }>(HOLD_REMAINING, [key]);
      return Math.ceil(rows[0]?.ms ?? 0);
    },
  };
}
