import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startWorld, STAFF, type World } from './harness.js';
import { orderThroughChat, posts, referenceIn, waitForDelivery } from './order-steps.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };
/** From a session's end to its work going on: a role is tried again every few seconds, the database every second. */
const BACK_WITHIN_MS = 15_000;

/**
 * One of giftdesk's PostgreSQL sessions ended by the server
 * (pg_terminate_backend, as an administrator or a failover does), one at a
 * time: the polling role's, the background role's, the presence's, and the
 * pooled ones. Each session says what it holds in pg_stat_activity's
 * application_name. The process stays up, the role is taken again, no 409
 * of its own is taken for someone else's, and an order afterwards is placed
 * once and its codes delivered once.
 */
describe("giftdesk's PostgreSQL sessions ended one at a time, polling", () => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld({ process: true, database: 'postgresql', staff: [STAFF] });
  });
  afterAll(async () => {
    await world?.close();
  });

  const running = () => world.bot.child?.exitCode === null && world.bot.child?.signalCode === null;
  /** Ends the sessions of this world's database whose application_name matches the pattern, as the superuser; returns their names. */
  const terminate = async (pattern: string) => {
    const client = new pg.Client({ connectionString: world.database.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ application_name: string }>(
        `select application_name, pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and application_name ~ $1`,
        [pattern],
      );
      return rows.map((row) => row.application_name);
    } finally {
      await client.end();
    }
  };
  const sessionNames = async () => {
    const client = new pg.Client({ connectionString: world.database.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ application_name: string }>('select application_name from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      return rows.map((row) => row.application_name);
    } finally {
      await client.end();
    }
  };
  const roleLog = (message: string, role: string, since: number) => (line: Record<string, unknown>) => line.msg === message && line['role'] === role && (line.time as number) >= since;
  /** Orders through the chat, the codes delivered once, and one POST for it. */
  const orderOnce = async () => {
    const sent = posts(world);
    const placed = await orderThroughChat(world, STAFF, { ...GOOGLE_PLAY, quantity: 1 }, undefined);
    await waitForDelivery(world, STAFF.id, referenceIn(placed));
    expect(posts(world)).toBe(sent + 1);
  };
  const noTokenAlarm = () => expect(world.telegram.messages(ADMIN.id).filter((m) => /Someone else is using this bot's token/.test(m.text))).toEqual([]);

  it('names each session by what it holds', async () => {
    await world.bot.waitForLog((line) => line.msg === 'took the role' && line['role'] === 'background');
    const names = await sessionNames();
    expect(names.filter((name) => name.endsWith(' role polling'))).toHaveLength(1);
    expect(names.filter((name) => name.endsWith(' role background'))).toHaveLength(1);
    expect(names.filter((name) => name.endsWith(' presence'))).toHaveLength(1);
    expect(names.every((name) => name.startsWith('giftdesk '))).toBe(true);
  });

  it("the polling role's session: polling is taken again, and its own hand-over is no stolen token", async () => {
    const since = Date.now();
    expect(await terminate(' role polling$')).toHaveLength(1);
    await world.bot.waitForLog(roleLog('lost a role: its connection to the database failed; stopping its work', 'polling', since), BACK_WITHIN_MS);
    await world.bot.waitForLog(roleLog('took the role', 'polling', since), BACK_WITHIN_MS);
    await orderOnce();
    expect(running()).toBe(true);
    noTokenAlarm();
  });

  it("the background role's session: the background work is taken again and delivers", async () => {
    const since = Date.now();
    expect(await terminate(' role background$')).toHaveLength(1);
    await world.bot.waitForLog(roleLog('lost a role: its connection to the database failed; stopping its work', 'background', since), BACK_WITHIN_MS);
    await world.bot.waitForLog(roleLog('took the role', 'background', since), BACK_WITHIN_MS);
    await orderOnce();
    expect(running()).toBe(true);
  });

  it("the presence's session: the instance stands down, comes back without a restart, and answers", async () => {
    const since = Date.now();
    expect(await terminate(' presence$')).toHaveLength(1);
    await world.bot.waitForLog((line) => (line.msg as string).startsWith('lost the database') && (line.time as number) >= since, BACK_WITHIN_MS);
    await world.bot.waitForLog((line) => line.msg === 'the database answers again; giftdesk is running again' && (line.time as number) >= since, BACK_WITHIN_MS);
    await orderOnce();
    expect(running()).toBe(true);
    noTokenAlarm();
  });

  it('the pooled sessions: the next statements open new ones, nothing is lost', async () => {
    const since = Date.now();
    // The pool's sessions are named after the instance alone.
    const ended = await terminate('^giftdesk [^ ]+$');
    expect(ended.length).toBeGreaterThan(0);
    await orderOnce();
    expect(running()).toBe(true);
    // No role and no presence went with them.
    expect(world.bot.logs().filter((line) => (line.time as number) >= since && (line.msg === 'took the role' || (line.msg as string).startsWith('lost the database')))).toEqual([]);
  });
});
