import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeRateLimits, FakeUser } from '../support/fake-bot-api/index.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy.js';
import { portForServer } from '../support/unused-port.js';
import { addStaff, ADMIN, startWorld, type World } from './harness.js';
import { busiestSecond } from '../support/busiest-second.js';

const SECRET = 'shared-Limits-0123456789abcdefghijkl';
const PATH = '/telegram/updates';
const NAMES = ['one', 'two', 'three'] as const;
/** The provider's limit as the operator set it, low enough that three instances under load would pass it. */
const PER_SECOND = 4;
/** As strict as Telegram's numbers: thirty in any second from the bot, a message a chat within 750 ms refused. */
const TELEGRAM: FakeRateLimits = { chatSpacingMs: 750, globalMax: 30, globalWindowMs: 1_000 };
/** What puts something in a chat or changes it, as the fake counts it. */
const COUNTED = /^(send(?!chataction)|edit|copy|forward|deletemessage|setmycommands|deletemycommands)/i;
/** Forty-five staff members, each in a chat of their own: fifteen updates for each instance at once. */
const CREW: FakeUser[] = Array.from({ length: 45 }, (_, i) => ({ id: 7100 + i, firstName: `Crew${i}`, languageCode: 'en' }));

/** The densest one-second window of `times`, as offsets from its first, for the test's output. */
function densest(times: readonly number[]): number[] {
  const sorted = [...times].sort((a, b) => a - b);
  let best: number[] = [];
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j]! - sorted[i]! >= 1000) i++;
    if (j - i + 1 > best.length) best = sorted.slice(i, j + 1);
  }
  return best.map((at) => at - best[0]!);
}

/** Processes that keep `count` cores busy until stopped: the machine's load average climbs as on a busy host. */
function burnCores(count: number): () => void {
  const burners: ChildProcess[] = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => {
    for (const burner of burners) burner.kill('SIGKILL');
  };
}

const LOADS = [
  { name: 'with no load of its own added', burners: 0 },
  { name: 'with four more processes keeping the cores busy', burners: 4 },
];

/**
 * Three instances of the built program in webhook mode on one PostgreSQL
 * database share the provider's request budget and Telegram's limits:
 * counted where they arrive (the sandbox, the fake Bot API), the three
 * together keep to one budget, also when the machine is loaded and the
 * instances' event loops run late.
 */
describe('three instances keep to one provider budget and one bot\'s Telegram limits', () => {
  let world: World;
  let proxy: RoundRobinProxy;
  const ports = new Map<string, number>();

  beforeAll(async () => {
    for (const name of NAMES) ports.set(name, await portForServer());
    proxy = await startRoundRobinProxy(NAMES.map((name) => ports.get(name)!));
    const envOf = (name: string) => ({ INSTANCE_ID: name, HTTP_PORT: String(ports.get(name)) });
    world = await startWorld({
      process: true,
      database: 'postgresql',
      telegram: { webhookOneUpdatePerChat: true },
      env: { BOT_MODE: 'webhook', WEBHOOK_URL: proxy.url(PATH), WEBHOOK_SECRET: SECRET, PROVIDER_REQUESTS_PER_SECOND: String(PER_SECOND), ...envOf('one') },
    });
    world.sandbox.controls.setBalance(1_000_000_000);
    await Promise.all([world.startAnother(envOf('two')), world.startAnother(envOf('three'))]);
    for (const user of CREW) world.telegram.addChat(user);
    await addStaff(world, CREW);
    world.telegram.sendText(ADMIN, '/velocity reads off');
    await world.telegram.waitForMessage(ADMIN.id, /per person per minute: now off/, { timeoutMs: 10_000 });
  }, 180_000);
  afterAll(async () => {
    await world?.close();
    await proxy?.close();
  });

  it.each(LOADS)('never lets the provider receive more than PROVIDER_REQUESTS_PER_SECOND in any second: $name', async ({ burners }) => {
    const from = world.sandbox.requests.length;
    const stopBurning = burnCores(burners);
    const until = Date.now() + 8_000;
    try {
      // Every staff member asks for the balance again as soon as answered: a person's request on every instance at all times.
      await Promise.all(
        CREW.slice(0, 15).map(async (user) => {
          while (Date.now() < until) {
            const before = world.telegram.messages(user.id).length;
            world.telegram.sendText(user, '/balance');
            await world.telegram.waitFor(() => world.telegram.messages(user.id).length > before || undefined, { timeoutMs: 30_000 });
          }
        }),
      );
    } finally {
      stopBurning();
    }
    const arrivals = world.sandbox.requests.slice(from).filter((r) => r.path !== '/__controls').map((r) => r.at);
    const spanS = (Math.max(...arrivals) - Math.min(...arrivals)) / 1000;
    console.log(
      `provider, ${burners} burners (load ${loadavg()[0]!.toFixed(1)}): ${arrivals.length} requests over ${spanS.toFixed(1)} s, ` +
        `${(arrivals.length / spanS).toFixed(2)}/s, busiest second at the sandbox ${busiestSecond(arrivals)} (limit ${PER_SECOND}), ` +
        `its arrivals at +${densest(arrivals).join(', +')} ms`,
    );
    expect(busiestSecond(arrivals)).toBeLessThanOrEqual(PER_SECOND);
    // The budget was pressed on, not idle (a loaded machine's instances are slow to ask again, and leave grants unused that came too late).
    expect(arrivals.length).toBeGreaterThanOrEqual(PER_SECOND * 3);
  }, 120_000);

  it.each(LOADS)('meets no 429 from a Bot API that enforces the bot\'s limits while people ask at once on every instance: $name', async ({ burners }) => {
    const from = world.telegram.calls.length;
    world.telegram.enforceLimits(TELEGRAM);
    const stopBurning = burnCores(burners);
    try {
      const before = CREW.map((user) => world.telegram.messages(user.id).length);
      for (const user of CREW) world.telegram.sendText(user, '/help');
      await world.telegram.waitFor(() => CREW.every((user, i) => world.telegram.messages(user.id).length > before[i]!) || undefined, { timeoutMs: 100_000 });
    } finally {
      stopBurning();
      world.telegram.enforceLimits(null);
    }
    const sends = world.telegram.calls.slice(from).filter((call) => COUNTED.test(call.method));
    const refused = sends.filter((call) => call.response?.ok !== true);
    const accepted = sends.filter((call) => call.response?.ok === true).map((call) => call.at);
    const spanS = (Math.max(...accepted) - Math.min(...accepted)) / 1000;
    console.log(
      `telegram, ${burners} burners (load ${loadavg()[0]!.toFixed(1)}): ${sends.length} sends over ${spanS.toFixed(1)} s, ${refused.length} refused, ` +
        `busiest second at the fake ${busiestSecond(accepted)} (limit ${TELEGRAM.globalMax}); ` +
        `refused: ${refused.map((call) => `${call.response?.ok === false ? call.response.description : ''} with ${accepted.filter((at) => at > call.at - 1000 && at <= call.at).length} accepted in the second before`).join('; ')}`,
    );
    expect(refused.map((call) => `${call.method} ${String(call.payload['chat_id'])}`)).toEqual([]);
    expect(busiestSecond(accepted)).toBeLessThanOrEqual(TELEGRAM.globalMax);
  }, 120_000);
});
