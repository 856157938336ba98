import { checkShape, INTERACTIVE_CLAIM_GRACE_MS, refillWaitMs, TOKEN_EPSILON, type RateBudgetStore } from '../../provider/rate-budget-store.js';
import type { PgDb } from './open.js';

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
 */
const T = 'greatest(b.refilled_at, excluded.refilled_at)';
/** $2 rate per second, $3 burst. */
const REFILLED = `least($3::float8, b.tokens + extract(epoch from (${T} - b.refilled_at))::float8 * $2::float8)`;
/** $4 tokens needed, $5 whether a person is waiting ($6: how long past the due time their claim holds, ms). */
const GRANTED = `(b.hold_until <= ${T} and ${REFILLED} >= $4::float8 - ${TOKEN_EPSILON} and ($5::boolean or b.interactive_until <= ${T}))`;
/** When a person's token is due: after the hold and after the refill of one token. */
const DUE_SECONDS = `greatest(extract(epoch from (b.hold_until - ${T}))::float8, (1 - ${REFILLED}) / $2::float8, 0)`;

const TAKE = `
insert into provider_rate_budget as b (key, tokens, refilled_at, hold_until, interactive_until, last_take_granted)
select $1, $3::float8 - 1, c.t, c.t, c.t, true from (select clock_timestamp() as t) c
on conflict (key) do update set
  tokens = case when ${GRANTED} then greatest(0, ${REFILLED} - 1) else ${REFILLED} end,
  refilled_at = ${T},
  interactive_until = case when $5::boolean and not ${GRANTED}
    then greatest(b.interactive_until, ${T} + make_interval(secs => ${DUE_SECONDS} + $6::float8 / 1000))
    else b.interactive_until end,
  last_take_granted = ${GRANTED}
returning last_take_granted as granted, tokens, extract(epoch from refilled_at)::float8 * 1000 as at_ms,
  extract(epoch from (hold_until - refilled_at))::float8 * 1000 as hold_ms,
  extract(epoch from (interactive_until - refilled_at))::float8 * 1000 as claim_ms`;

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
}

/** The provider's budget shared by every instance on the database. */
export function createPostgresRateBudgetStore(deps: { db: PgDb }): RateBudgetStore {
  const pool = deps.db.$client;
  return {
    sharedAcrossInstances: true,
    async take(key, priority, shape) {
      checkShape(shape);
      const needed = priority === 'interactive' ? 1 : 1 + shape.keptForInteractive;
      const { rows } = await pool.query<TakeRow>(TAKE, [key, shape.requestsPerSecond, shape.burst, needed, priority === 'interactive', shape.claimGraceMs ?? INTERACTIVE_CLAIM_GRACE_MS]);
      const row = rows[0];
      if (!row) throw new Error('provider_rate_budget: the take returned no row');
      if (row.granted) return { granted: true, grantedAt: row.at_ms };
      const holdMs = Math.max(0, Math.ceil(row.hold_ms));
      const claimMs = priority === 'background' ? Math.max(0, Math.ceil(row.claim_ms)) : 0;
      const waitMs = Math.max(holdMs, claimMs, refillWaitMs(needed, row.tokens, shape.requestsPerSecond));
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
