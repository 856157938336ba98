import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pausePostgresServer, postgresUrlAt, resumePostgresServer, startPostgresCluster, stopPostgresCluster, type PostgresCluster, asSuperuserAt } from '../support/postgres-cluster.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, startWorld, STAFF, type World } from './harness.js';
import { orderThroughChat, posts, referenceIn, waitForDelivery } from './order-steps.js';

const GOOGLE_PLAY = { search: 'Google Play 10', product: /^Google Play 10 USD/ };

/**
 * PostgreSQL lost and back under a running instance: the server stopped
 * (as a restart or a failover does) and started again. The instance stays
 * up, tells who writes meanwhile that nothing was ordered, and answers
 * again once the database does, without a restart of its own.
 */
describe('the database lost and back, on PostgreSQL', () => {
  let server: PostgresCluster;
  let world: World;

  beforeAll(async () => {
    server = startPostgresCluster();
    await asSuperuserAt(server.root, (client) => client.query('create database outage'));
    world = await startWorld({ process: true, database: 'postgresql', postgresUrl: postgresUrlAt(server.root, 'outage'), staff: [STAFF] });
  });
  afterAll(async () => {
    await world?.close();
    if (server) stopPostgresCluster(server);
  });

  it('stays up through a 5-second stop and orders again once the server is back', async () => {
    const chat = chatDriver(world.telegram, STAFF);
    await chat.say('/balance', /balance/i);
    pausePostgresServer(server);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(world.bot.child?.exitCode ?? null).toBeNull();
    resumePostgresServer(server);
    const sent = posts(world);
    const placed = await orderThroughChat(world, STAFF, { ...GOOGLE_PLAY, quantity: 1 });
    await waitForDelivery(world, STAFF.id, referenceIn(placed));
    expect(posts(world)).toBe(sent + 1);
  });
});
