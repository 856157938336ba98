import { beforeAll, describe, expect, it } from 'vitest';
import { portForServer } from '../support/unused-port.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld } from './harness.js';

const WEBHOOK_SECRET_NEVER_LOGGED = 'health_test_secret_0123456789abcdef';

describe('health, readiness and metrics over HTTP in polling mode', () => {
  let port = 0;
  beforeAll(async () => {
    port = await portForServer();
  });
  const world = sharedWorld({ process: true,
    env: {
      get HTTP_PORT() {
        return String(port);
      },
      // Set but unused in polling mode: it must not be printed either.
      WEBHOOK_SECRET: WEBHOOK_SECRET_NEVER_LOGGED,
    },
  });
  const admin = () => chatDriver(world.telegram, ADMIN);
  const get = async (path: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    return { status: response.status, text: await response.text() };
  };

  it('answers /healthz while the process and its database answer', async () => {
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.text)).toEqual({ status: 'ok', ok: true, checks: { database: { ok: true } } });
  });

  it('is ready once Telegram answered, the sweep ran and nothing is paused', async () => {
    // The first delivery sweep may still be on its way just after start: ask again for a few seconds.
    let ready = await get('/readyz');
    for (const deadline = Date.now() + 5_000; ready.status !== 200 && Date.now() < deadline; ready = await get('/readyz')) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toMatchObject({
      ok: true,
      checks: { telegram: { ok: true }, provider: { ok: true, orderingPaused: false }, poller: { ok: true }, outbox: { ok: true, overdue: 0 } },
    });
  });

  it('answers /readyz with 503 naming the provider check while ordering is paused', async () => {
    await admin().say('/pause wallet audit', /paused/i);

    const paused = await get('/readyz');
    expect(paused.status).toBe(503);
    expect(JSON.parse(paused.text)).toMatchObject({
      status: 'failing',
      ok: false,
      checks: { provider: { ok: false, orderingPaused: { source: 'admin' } }, telegram: { ok: true } },
    });

    await admin().say('/resume', /resum|open/i);
    expect((await get('/readyz')).status).toBe(200);
  });

  it('counts provider requests by endpoint and status, and handled updates, in /metrics', async () => {
    await admin().say('/balance', /Wallet balance/);

    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    // Every series names its instance (INSTANCE_ID, here the default host:pid).
    const balanceReads = /^giftdesk_provider_requests_total\{endpoint="\/wallet\/balance",method="GET",status="200",instance="[^"]+:\d+"\} (\d+)$/m.exec(metrics.text);
    expect(Number(balanceReads?.[1])).toBeGreaterThanOrEqual(1);
    expect(metrics.text).toMatch(/^giftdesk_updates_handled_total\{instance="[^"]+"\} [1-9]\d*$/m);
    expect(metrics.text).toMatch(/^giftdesk_orders\{state="completed",instance="[^"]+"\} \d+$/m);
    expect(metrics.text).toMatch(/^giftdesk_outbox_backlog\{instance="[^"]+"\} \d+$/m);
    expect(metrics.text).toContain('giftdesk_delivery_lag_seconds_bucket');
  });

  it('shows no secret on any endpoint', async () => {
    for (const path of ['/healthz', '/readyz', '/metrics', '/nowhere']) {
      const { text } = await get(path);
      for (const secret of [world.telegram.token, world.sandbox.apiKey, WEBHOOK_SECRET_NEVER_LOGGED]) expect(text).not.toContain(secret);
    }
  });

  it('logs the effective configuration once at start, naming the secrets set and printing none of them', () => {
    const lines = world.bot.logs().filter((line) => line.msg === 'effective configuration');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ botMode: 'polling', httpPort: port, secretsSet: ['BOT_TOKEN', 'PROVIDER_API_KEY', 'WEBHOOK_SECRET'] });
    const output = world.bot.output();
    for (const secret of [world.telegram.token, world.sandbox.apiKey, WEBHOOK_SECRET_NEVER_LOGGED]) expect(output).not.toContain(secret);
  });

  it('logs the start-up catalog sync once', async () => {
    await world.bot.waitForLog('catalog synced');
    expect(world.bot.logs().filter((line) => line.msg === 'catalog synced')).toHaveLength(1);
  });
});
