import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import { startBotProcess, type BotProcess, type LogLine } from '../support/bot-process.js';
import { createFakeBotApi, type FakeBotApi, type FakeUser } from '../support/fake-bot-api/index.js';
import { startPostgresCluster, stopPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { portForServer } from '../support/unused-port.js';

/**
 * Several instances of the built program (dist/main.js) on one throwaway
 * PostgreSQL server, with the sandbox provider and the fake Bot API in the
 * benchmark's process. In webhook mode the fake Bot API posts to a tiny
 * round-robin forwarder here, which hands each update to the next live
 * instance's webhook port, as a load balancer would.
 */
export const ADMIN_ID = 1001;
export const SECRET = 'bench-instances-secret-0123456789abcdef';

export interface Instance {
  id: string;
  port: number;
  bot: BotProcess;
}

export interface Fleet {
  /** The fleet's PostgreSQL server: its folder, for the server's own processes. */
  cluster: PostgresCluster;
  telegram: FakeBotApi;
  sandbox: Sandbox;
  /** Reads the bot's tables behind its back. */
  db: pg.Pool;
  instances: Instance[];
  /** Every instance started in the run, stopped and killed ones included: for their logs. */
  everStarted: Instance[];
  /** Starts an instance (webhook mode: registered with the forwarder) and waits until it runs. */
  start(id: string, extraEnv?: Record<string, string>): Promise<Instance>;
  kill9(instance: Instance): Promise<void>;
  stop(instance: Instance): Promise<void>;
  addStaff(users: readonly FakeUser[]): Promise<void>;
  close(): Promise<void>;
}

export async function startFleet(options: { mode: 'polling' | 'webhook'; sandbox?: SandboxOptions; env?: Record<string, string>; postgresSettings?: string[] }): Promise<Fleet> {
  const cluster = startPostgresCluster(options.postgresSettings);
  const url = (database: string) => `postgresql://postgres@/${database}?host=${encodeURIComponent(cluster.root)}`;
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  await admin.query('create database giftdesk_bench');
  await admin.end();
  const db = new pg.Pool({ connectionString: url('giftdesk_bench'), max: 3 });
  const telegram = await createFakeBotApi();
  const sandbox = await createSandbox({ timing: { preparingMs: 300, processingMs: 300 }, ...options.sandbox });
  const instances: Instance[] = [];
  const everStarted: Instance[] = [];
  const forwarder = options.mode === 'webhook' ? await startForwarder(() => instances.filter((i) => i.bot.child?.exitCode === null)) : null;

  const start = async (id: string, extraEnv: Record<string, string> = {}): Promise<Instance> => {
    const port = await portForServer();
    const bot = startBotProcess({
      BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      PROVIDER_BASE_URL: sandbox.baseUrl,
      PROVIDER_API_KEY: sandbox.apiKey,
      DATABASE_URL: url('giftdesk_bench'),
      ADMIN_IDS: String(ADMIN_ID),
      AMOUNT_UNIT: 'IRR',
      INSTANCE_ID: id,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      ...(forwarder ? { BOT_MODE: 'webhook', HTTP_PORT: String(port), WEBHOOK_URL: forwarder.url, WEBHOOK_SECRET: SECRET } : {}),
      ...options.env,
      ...extraEnv,
    });
    await bot.waitForLog('giftdesk is running', 60_000);
    const instance = { id, port, bot };
    instances.push(instance);
    everStarted.push(instance);
    return instance;
  };
  const forget = (instance: Instance) => {
    const at = instances.indexOf(instance);
    if (at >= 0) instances.splice(at, 1);
  };

  return {
    cluster,
    telegram,
    sandbox,
    db,
    instances,
    everStarted,
    start,
    async kill9(instance) {
      forget(instance);
      await instance.bot.kill9();
    },
    async stop(instance) {
      // A stopping instance answers 503 and the fake Bot API posts again: the forwarder may keep sending to it until it is gone.
      await instance.bot.stop();
      forget(instance);
    },
    async addStaff(users) {
      for (const user of users) {
        await db.query(`insert into staff (telegram_id, role, source, added_by, created_at) values ($1, 'staff', 'chat', $2, now()) on conflict do nothing`, [user.id, ADMIN_ID]);
      }
    },
    async close() {
      await Promise.all(instances.splice(0).map((i) => i.bot.kill9()));
      forwarder?.server.close();
      await telegram.close();
      await sandbox.close();
      await db.end().catch(() => undefined);
      stopPostgresCluster(cluster);
    },
  };
}

/** Round-robin over the live instances' webhook ports; a refused connection is answered 502, so the fake Bot API posts the update again. */
async function startForwarder(targets: () => Instance[]): Promise<{ url: string; server: Server }> {
  let next = 0;
  const server = createServer((req, res) => {
    const live = targets();
    if (live.length === 0) {
      res.writeHead(502).end();
      return;
    }
    const target = live[next++ % live.length]!;
    const out = request({ host: '127.0.0.1', port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/telegram/updates`, server };
}

export const tookRole = (role: string) => (line: LogLine) => line.msg === 'took the role' && line['role'] === role;
export const sweepDone = (line: LogLine) => line.msg === 'delivery sweep done';

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const staffMembers = (count: number, from = 50_000): FakeUser[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, firstName: `Staff${i}`, languageCode: 'en' }));
