/**
 * The runway forecast against what happened: the sandbox's seeded sixty
 * days of spend (src/sandbox/runway-history.ts, rising, with quiet
 * weekends and refunds, the wallet empty at the end of day 60) read back
 * through the provider API as the bot reads it, then, for each day from
 * day 31 on, the forecast made at that day's first moment from the 30
 * days before it, beside the days the balance then actually lasted and a
 * flat 30-day average. Errors are in % of the days actually left.
 *
 *   npm run bench:runway   (BENCH_RUNWAY_HALF_LIFE=7 to try another half-life)
 */
import { createProviderClient } from '../../src/provider/client.js';
import { transactionMoment } from '../../src/provider/transaction-shape.js';
import { dailySpend, flatPerDay, RUNWAY_HALF_LIFE_DAYS, RUNWAY_WINDOW_DAYS, weightedPerDay, windowDays, type SpendEntry } from '../../src/runway/forecast.js';
import { RUNWAY_HISTORY_DAYS } from '../../src/sandbox/runway-history.js';
import { createSandbox } from '../../src/sandbox/server.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';
import { createManualClock } from '../support/manual-clock.js';

const DAY_MS = 86_400_000;
const HALF_LIFE = Number(process.env.BENCH_RUNWAY_HALF_LIFE ?? RUNWAY_HALF_LIFE_DAYS);
/** A Saturday, at UTC midnight: the days of the history are UTC days. */
const START = Date.UTC(2026, 9, 3);

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const clock = createManualClock(START);
  const sandbox = await createSandbox({ clock, initialBalance: 0, rateLimit: false });
  try {
    clock.advance(RUNWAY_HISTORY_DAYS * DAY_MS);
    sandbox.controls.seedRunwayHistory(START);
    const client = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
    const read: (SpendEntry & { balanceAfter: number })[] = [];
    for (let page = 1; ; page++) {
      const { items } = await client.listTransactions({ page, pageSize: 100 });
      for (const t of items) read.push({ type: t.type, amount: t.amount, at: transactionMoment(t), providerOrderId: t.orderId ?? null, balanceAfter: t.balanceAfter ?? 0 });
      if (items.length === 0) break;
    }
    const entries = read.sort((a, b) => a.at! - b.at!);
    const periods = createLocalPeriods('UTC');
    const allDays = windowDays(periods, START + RUNWAY_HISTORY_DAYS * DAY_MS, RUNWAY_HISTORY_DAYS);
    const spend = dailySpend(entries, allDays);
    const balanceAt = (at: number) => entries.filter((e) => e.at! < at).at(-1)?.balanceAfter ?? 0;

    console.log(`runway forecast on the sandbox's seeded ${RUNWAY_HISTORY_DAYS}-day history (${entries.length} transactions; half-life ${HALF_LIFE} days)`);
    console.log('day  balance       left  weighted  err%   flat    err%');
    const weightedErrors: number[] = [];
    const flatErrors: number[] = [];
    for (let day = RUNWAY_WINDOW_DAYS; day < RUNWAY_HISTORY_DAYS; day++) {
      const now = START + day * DAY_MS;
      const balance = balanceAt(now);
      // What the balance really lasted: whole days of later spend, then the share of the day it ran out in.
      let left = 0;
      let still = balance;
      for (let later = day; later < RUNWAY_HISTORY_DAYS && still > 0; later++) {
        const dayNet = spend[later]!;
        if (dayNet >= still) left += still / dayNet;
        else left += 1;
        still -= dayNet;
      }
      const window = spend.slice(day - RUNWAY_WINDOW_DAYS, day);
      const weighted = balance / weightedPerDay(window, HALF_LIFE);
      const flat = balance / flatPerDay(window);
      const errW = (100 * Math.abs(weighted - left)) / left;
      const errF = (100 * Math.abs(flat - left)) / left;
      weightedErrors.push(errW);
      flatErrors.push(errF);
      console.log(
        `${String(day + 1).padStart(3)}  ${balance.toLocaleString('en-US').padStart(12)}  ${left.toFixed(2).padStart(5)}  ${weighted.toFixed(2).padStart(8)}  ${errW.toFixed(1).padStart(5)}  ${flat.toFixed(2).padStart(6)}  ${errF.toFixed(1).padStart(5)}`,
      );
    }
    console.log(`median error, % of the days actually left: weighted (half-life ${HALF_LIFE} d) ${median(weightedErrors).toFixed(1)} %, flat 30-day average ${median(flatErrors).toFixed(1)} %`);
    console.log(`p90 error: weighted ${[...weightedErrors].sort((a, b) => a - b)[Math.floor(0.9 * weightedErrors.length)]!.toFixed(1)} %, flat ${[...flatErrors].sort((a, b) => a - b)[Math.floor(0.9 * flatErrors.length)]!.toFixed(1)} %`);
  } finally {
    await sandbox.close();
  }
}

await main();
