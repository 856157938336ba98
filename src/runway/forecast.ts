import { transactionDirection } from '../provider/transaction-shape.js';
import type { LocalPeriods } from '../text/local-periods.js';

/**
 * How long the wallet lasts at the pace it is spent: pure, so the unit tests
 * and the benchmark (test/bench/runway.bench.ts) run the very code the bot
 * runs. docs/runway.md says how it is worked out and how far off it was on
 * the sandbox's seeded history.
 */

/** The spend looked at: the last 30 whole local days before today. */
export const RUNWAY_WINDOW_DAYS = 30;
/**
 * A day's weight halves every this many days back: last week counts about
 * twice the week before, so a pace that rises or falls shows within days,
 * while one busy day moves the forecast little. Chosen on the seeded
 * history (docs/performance.md, "Runway").
 */
export const RUNWAY_HALF_LIFE_DAYS = 7;

const DAY_MS = 86_400_000;

/** A wallet transaction as the forecast reads it (a LedgerEntry will do). */
export interface SpendEntry {
  type: string;
  amount: number;
  /** ms since the epoch; entries without a readable time are left out. */
  at: number | null;
  /** A credit naming an order is that order's refund: it takes back spend. A credit naming none is a top-up. */
  providerOrderId: number | null;
}

export type Runway =
  /** Nothing was spent in the window (or refunds took back all of it): no pace to go by. */
  | { kind: 'no-spend' }
  | {
      kind: 'lasts';
      /** The weighted spend of one day. */
      perDay: number;
      /** Days the balance lasts at that pace; 0 when the wallet is empty. */
      days: number;
      /** The moment it runs out at that pace. */
      runsOutAt: number;
    };

/** The local days of the window, oldest first: [from, to) each. */
export function windowDays(periods: Pick<LocalPeriods, 'startOfDayAfter'>, now: number, days = RUNWAY_WINDOW_DAYS): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  for (let back = days; back >= 1; back--) out.push({ from: periods.startOfDayAfter(now, -back), to: periods.startOfDayAfter(now, -back + 1) });
  return out;
}

/** Net spend of each day: debits less refunds; top-ups and types the contract does not name are not spend. */
export function dailySpend(entries: readonly SpendEntry[], days: readonly { from: number; to: number }[]): number[] {
  const spend = days.map(() => 0);
  for (const entry of entries) {
    if (entry.at === null) continue;
    const direction = transactionDirection(entry);
    const change = direction === 'debit' ? Math.abs(entry.amount) : direction === 'credit' && entry.providerOrderId !== null ? -Math.abs(entry.amount) : 0;
    if (change === 0) continue;
    // Few days, many entries: a binary search would save nothing worth its lines.
    const day = days.findIndex((d) => entry.at! >= d.from && entry.at! < d.to);
    if (day >= 0) spend[day]! += change;
  }
  return spend;
}

/** Exponentially weighted mean of daily spend, the newest day weighing most. */
export function weightedPerDay(spend: readonly number[], halfLifeDays = RUNWAY_HALF_LIFE_DAYS): number {
  let sum = 0;
  let weights = 0;
  spend.forEach((value, i) => {
    const weight = Math.pow(0.5, (spend.length - 1 - i) / halfLifeDays);
    sum += weight * value;
    weights += weight;
  });
  return weights === 0 ? 0 : sum / weights;
}

/** The flat 30-day average the benchmark compares against. */
export function flatPerDay(spend: readonly number[]): number {
  return spend.length === 0 ? 0 : spend.reduce((a, b) => a + b, 0) / spend.length;
}

/** How long `balance` lasts at `perDay`, from `now`. */
export function runwayAt(balance: number, weighted: number, now: number): Runway {
  // Whole units: the weighted mean of equal days is that day's spend, not a hair off it.
  const perDay = Math.round(weighted);
  // Less than a unit a day is no pace: refunds took back what was spent.
  if (!(perDay >= 1)) return { kind: 'no-spend' };
  const days = Math.max(0, balance) / perDay;
  return { kind: 'lasts', perDay, days, runsOutAt: now + Math.round(days * DAY_MS) };
}

/** The whole forecast: the window's entries in, the runway of `balance` out. */
export function forecastRunway(input: {
  entries: readonly SpendEntry[];
  balance: number;
  now: number;
  periods: Pick<LocalPeriods, 'startOfDayAfter'>;
  /** Where the known history starts: days before it are unknown, not days without spend. */
  knownFrom?: number;
}): Runway {
  const days = windowDays(input.periods, input.now).filter((day) => input.knownFrom === undefined || day.from >= input.knownFrom);
  return runwayAt(input.balance, weightedPerDay(dailySpend(input.entries, days)), input.now);
}
