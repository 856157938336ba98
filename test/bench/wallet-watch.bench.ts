/**
 * Wallet watch benchmark: the watch as giftdesk runs it (every
 * BENCH_WATCH_SECONDS, 60 by default, as WALLET_WATCH_SECONDS), against the
 * sandbox at the contract's 10 requests a second, over a wallet holding a
 * month of BENCH_TRANSACTIONS transactions (10,000 by default). Measured:
 * the first fill (pages and time), the requests per minute while the wallet
 * is quiet for BENCH_QUIET_MINUTES (3 by default), and how long after an
 * order placed from the provider's panel every administrator is told.
 * Baseline in the same run: a naive watch that reads the month again on
 * every pass (its pages counted from the fill). Targets: at most one
 * request a minute while quiet, the foreign debit told within two minutes.
 *
 *   npm run bench:watch
 *   BENCH_WATCH_SECONDS=10 BENCH_QUIET_MINUTES=1 npm run bench:watch
 */
import { performance } from 'node:perf_hooks';
import { createAdminAlerts } from '../../src/alerts/admin-alerts.js';
import { createLedgerServices } from '../../src/app/ledger-wiring.js';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb } from '../../src/db/open.js';
import { sqliteStores } from '../../src/db/stores.js';
import { silentLogger } from '../../src/logger.js';
import { createProviderClient } from '../../src/provider/client.js';
import { startRepeating } from '../../src/repeat.js';
import { createSandbox, SANDBOX_PRODUCTS } from '../../src/sandbox/server.js';
import { createSettingsView } from '../../src/settings/settings-view.js';
import { translatorFor } from '../../src/text/i18n.js';
import { createLocalPeriods } from '../../src/text/local-periods.js';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 10_000);
const WATCH_SECONDS = Number(process.env.BENCH_WATCH_SECONDS ?? 60);
const QUIET_MINUTES = Number(process.env.BENCH_QUIET_MINUTES ?? 3);
const ALERT_TARGET_MS = 120_000;
const DAY = 86_400_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const sandbox = await createSandbox({ rateLimit: { perSecond: 10, burst: 10 }, initialBalance: 0 });
  const now = Date.now();
  sandbox.controls.seedTransactions({ count: TRANSACTIONS, from: now - 27 * DAY, to: now });
  const provider = createProviderClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, requestsPerSecond: 8 });
  const db = openDb(':memory:');
  const stores = sqliteStores({ db, clock: systemClock });
  const told: number[] = [];
  const alerts = createAdminAlerts({ recipients: () => [{ telegramId: 1, locale: 'en' }], sendText: async () => void told.push(performance.now()), clock: systemClock, logger: silentLogger });
  const ledger = createLedgerServices({
    presentation: { amountUnit: { en: 'IRR', fa: 'ریال' }, timeZone: 'UTC', monthCalendar: 'gregorian', sandbox: false },
    stores,
    provider,
    settings: await createSettingsView(stores.settings),
    alerts,
    pauses: stores.orderingPause,
    // The month of history is this month and the last: the fill reads all of it.
    periods: createLocalPeriods('UTC', 'gregorian'),
    translate: translatorFor,
    clock: systemClock,
    logger: silentLogger,
  });
  const reads = () => sandbox.requests.filter((request) => request.path.startsWith('/wallet/transactions')).length;
  console.log(`wallet watch every ${WATCH_SECONDS} s over ${TRANSACTIONS} transactions, sandbox at 10 requests a second, node ${process.version}`);

  const fillStarted = performance.now();
  const loop = startRepeating({ name: 'wallet watch', everyMs: WATCH_SECONDS * 1_000, task: () => ledger.watch.tick(), clock: systemClock, logger: silentLogger, immediately: true });
  while ((await ledger.sync.filled()) === null) await sleep(100);
  const fillPages = reads();
  console.log(`first fill  ${fillPages} pages in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s (at start only)`);

  const quietFrom = reads();
  await sleep(QUIET_MINUTES * 60_000);
  const quiet = (reads() - quietFrom) / QUIET_MINUTES;
  console.log(`quiet       ${quiet.toFixed(2)} requests a minute over ${QUIET_MINUTES} min (target ≤ 1) ${quiet <= 1 ? 'MET' : 'MISSED'}`);
  console.log(`baseline    a watch that reads the month again each pass: ${fillPages} requests a pass, ${((fillPages * 60) / WATCH_SECONDS).toFixed(0)} a minute`);

  // The worst case: the order lands just after a look, and waits a whole interval for the next.
  const looks = reads();
  while (reads() === looks) await sleep(20);
  await sleep(1_000);
  const placedAt = performance.now();
  sandbox.controls.placePanelOrder({ productId: SANDBOX_PRODUCTS.noFields, quantity: 1 });
  while (told.length === 0 && performance.now() - placedAt < 3 * ALERT_TARGET_MS) await sleep(50);
  const alertMs = (told[0] ?? Number.NaN) - placedAt;
  console.log(`foreign     debit told ${(alertMs / 1000).toFixed(1)} s after the panel order (placed just after a look: the worst case, one interval of ${WATCH_SECONDS} s; target ≤ ${ALERT_TARGET_MS / 1000} s) ${alertMs <= ALERT_TARGET_MS ? 'MET' : 'MISSED'}`);

  await loop.stop();
  closeDb(db);
  await sandbox.close();
}

await main();
