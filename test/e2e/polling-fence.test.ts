import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotProcess, LogLine } from '../support/bot-process.js';
import { freshDatabase } from '../support/postgres-database.js';
import { startSocketProxy, type SocketProxy } from '../support/socket-proxy.js';
import { chatDriver } from './chat-driver.js';
import { BACKGROUND_WAIT, STAFF, startWorld, type World } from './harness.js';

const tookRole = (role: string) => (line: LogLine) => line.msg === 'took the role' && line['role'] === role;
const lostRole = (role: string) => (line: LogLine) => line.msg === 'lost a role: its connection to the database failed; stopping its work' && line['role'] === role;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The poller's fence, with the network between the polling instance and
 * PostgreSQL cut while the server itself runs on: the poller's statements
 * hang, nothing tells it its connection is gone. It must stop asking
 * Telegram for updates before the server gives its session (and the
 * polling role) up and the standby takes the role, so that two instances
 * never poll at once and Telegram answers no getUpdates with 409.
 */
describe('a poller cut off from PostgreSQL', () => {
  let world: World;
  let proxy: SocketProxy;
  let standby: BotProcess;

  beforeAll(async () => {
    const url = await freshDatabase('polling_fence');
    proxy = await startSocketProxy(decodeURIComponent(/[?&]host=([^&]+)/.exec(url)![1]!));
    const throughProxy = url.replace(/host=[^&]+/, `host=${encodeURIComponent(proxy.dir)}`);
    world = await startWorld({ process: true, database: 'postgresql', postgresUrl: url, staff: [STAFF], env: { LOG_LEVEL: 'debug', INSTANCE_ID: 'cut', DATABASE_URL: throughProxy } });
    standby = await world.startAnother({ INSTANCE_ID: 'standby', DATABASE_URL: url });
  });
  afterAll(async () => {
    if (process.env.DUMP_BOT) console.log(`${world?.bot.output()}\n----- standby -----\n${standby?.output()}`);
    await world?.close();
    await proxy?.close();
  });

  const balanceAnswered = () => chatDriver(world.telegram, STAFF).answerTo(() => world.telegram.sendText(STAFF, '/balance'), /balance/i, BACKGROUND_WAIT.timeoutMs);

  it('stops polling before the standby can take the role, and no getUpdates is answered 409', async () => {
    expect(world.bot.logs().some(tookRole('polling'))).toBe(true);
    await chatDriver(world.telegram, STAFF).say('/balance', /balance/i);

    const cutAt = Date.now();
    proxy.blackhole();
    const fenced = await world.bot.waitForLog((line) => lostRole('polling')(line) && (line.time as number) >= cutAt, 15_000);
    const pollsAtFence = world.telegram.callsTo('getUpdates').length;
    // PostgreSQL's keepalive gives the silent sessions up after about 10 s: the role is free from then on.
    await sleep(Math.max(0, cutAt + 10_000 - Date.now()));
    expect(world.telegram.callsTo('getUpdates').length).toBe(pollsAtFence);
    proxy.cutServerSide();
    const taken = await standby.waitForLog(tookRole('polling'), 20_000);
    expect(taken.time as number).toBeGreaterThan(fenced.time as number);
    // The standby's first long poll after taking the role, not an answer of a running poller: a background turn's deadline.
    await balanceAnswered();

    // The network back: the cut instance finds its sessions gone, starts again, and stands by.
    proxy.heal();
    await world.bot.waitForLog('the database answers again; giftdesk is running again', 30_000);
    await balanceAnswered();
    const conflicts = world.telegram.callsTo('getUpdates').filter((call) => call.response && !call.response.ok && call.response.error_code === 409);
    expect(conflicts).toEqual([]);
    expect(world.bot.child?.exitCode ?? null).toBeNull();
    expect(world.bot.logs().filter((line) => /stolen|another client|conflict/i.test(String(line.msg)))).toEqual([]);
  });
});
