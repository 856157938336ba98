/** The thread of step-bot-thread.ts: builds the bot it is told to and runs it until told to stop. */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { systemClock } from '../../src/clock.js';
import { closeDb, openDb } from '../../src/db/open.js';
import { closePostgres, openPostgres } from '../../src/db/postgres/open.js';
import { postgresStores } from '../../src/db/postgres-stores.js';
import { createProviderClient } from '../../src/provider/client.js';
import { benchLogger, runBareBot, runRealBot } from './step-bots.js';
import type { BotThreadSpec } from './step-bot-thread.js';

const spec = workerData as BotThreadSpec & { telegram: { token: string; apiRoot: string } };
const port = parentPort!;
const closers: (() => Promise<unknown> | unknown)[] = [];
if (spec.kind === 'bare') {
  const runner = runBareBot(spec.telegram);
  closers.push(() => runner.stop());
} else {
  const db = openDb(spec.sqlitePath!);
  const provider = createProviderClient({ baseUrl: spec.provider!.baseUrl, apiKey: spec.provider!.apiKey, requestsPerSecond: 10_000, logger: benchLogger });
  const postgres = spec.postgresUrl ? await openPostgres(spec.postgresUrl) : null;
  const stores = postgres ? postgresStores({ db: postgres, clock: systemClock }) : undefined;
  const { runner } = await runRealBot(spec.telegram, db, provider, stores ? { stores } : {});
  closers.push(() => runner.stop(), () => closeDb(db), () => (postgres ? closePostgres(postgres) : undefined));
}
port.on('message', async (message) => {
  // The CPU time this thread has used so far (Linux keeps it per thread, in ns): the bot's own work, and only its own.
  if (message === 'busy') return port.postMessage({ busyMs: Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6 });
  if (message === 'profile-start' || message === 'profile-stop') return port.postMessage(await profile(message));
  if (message !== 'stop') return;
  for (const close of closers) await close();
  // Ends this thread only; kept-alive sockets would otherwise hold it open.
  process.exit(0);
});
port.postMessage('ready');

/** A CPU profile of this thread alone, for finding where a step's time goes (written to the path in BENCH_PROFILE_TO). */
const session = new Session();
async function profile(message: string): Promise<string> {
  if (message === 'profile-start') {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    return 'started';
  }
  const { profile: taken } = await session.post('Profiler.stop');
  writeFileSync(process.env.BENCH_PROFILE_TO ?? 'bot-thread.cpuprofile', JSON.stringify(taken));
  return 'stopped';
}
