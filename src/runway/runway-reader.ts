import type { Clock } from '../clock.js';
import type { LedgerStore } from '../db/ledger-store.js';
import type { LocalPeriods } from '../text/local-periods.js';
import { dailySpend, runwayAt, weightedPerDay, windowDays, type Runway } from './forecast.js';

export interface RunwayReader {
  /** How long `balance` lasts at the recent pace, from the wallet's local copy (no request); null before the copy was first filled. */
  of(balance: number): Promise<Runway | null>;
}

/** The weighted pace is worked out again at most this often: every balance read asks, the window's days change slowly. */
const PACE_FRESH_MS = 60_000;

/**
 * The runway from the local copy of the wallet (src/ledger/): the last 30
 * whole local days before today, from the copy's start when it starts later
 * (days before it are unknown, not days without spend).
 */
export function createRunwayReader(deps: {
  store: Pick<LedgerStore, 'between'>;
  /** Where the local copy starts, once it was first filled. */
  filled: () => Promise<{ from: number } | null>;
  periods: LocalPeriods;
  clock: Clock;
}): RunwayReader {
  let remembered: { at: number; perDay: number } | null = null;

  async function pace(now: number): Promise<number | null> {
    if (remembered && now - remembered.at < PACE_FRESH_MS) return remembered.perDay;
    const filled = await deps.filled();
    if (filled === null) return null;
    const days = windowDays(deps.periods, now).filter((day) => day.from >= filled.from);
    const entries = days.length === 0 ? [] : await deps.store.between(days[0]!.from, days.at(-1)!.to);
    const perDay = weightedPerDay(dailySpend(entries, days));
    remembered = { at: now, perDay };
    return perDay;
  }

  return {
    async of(balance) {
      const now = deps.clock.now();
      const perDay = await pace(now);
      return perDay === null ? null : runwayAt(balance, perDay, now);
    },
  };
}

