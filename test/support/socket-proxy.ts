import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A Unix-socket proxy in front of the run's PostgreSQL server, for a network
 * that fails between one instance and its database: `dir` stands for the
 * server's socket folder in a DATABASE_URL (`?host=<dir>`). Faults, in the
 * order a partition goes:
 * - blackhole(): nothing passes either way and nothing is closed: the
 *   instance's statements hang, as over a cable pulled out;
 * - cutServerSide(): the server's ends close, as when PostgreSQL's own
 *   keepalive gives the silent sessions up (their locks freed);
 * - heal(): the instance's ends close too, and new connections pass again.
 */
export interface SocketProxy {
  dir: string;
  blackhole(): void;
  cutServerSide(): void;
  heal(): void;
  close(): Promise<void>;
}

export async function startSocketProxy(serverSocketDir: string): Promise<SocketProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'giftdesk-pg-proxy-'));
  const target = join(serverSocketDir, '.s.PGSQL.5432');
  const pairs = new Set<{ client: Socket; server: Socket | null }>();
  let holding = false;

  const server = createServer((client) => {
    const pair: { client: Socket; server: Socket | null } = { client, server: null };
    pairs.add(pair);
    client.on('close', () => {
      pairs.delete(pair);
      pair.server?.destroy();
    });
    client.on('error', () => undefined);
    // A connection made while the network is away hangs, as its SYN would.
    if (holding) return;
    const upstream = createConnection(target);
    pair.server = upstream;
    upstream.on('error', () => undefined);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(join(dir, '.s.PGSQL.5432'), resolve));

  return {
    dir,
    blackhole() {
      holding = true;
      for (const pair of pairs) {
        if (!pair.server) continue;
        pair.client.unpipe(pair.server);
        pair.server.unpipe(pair.client);
        pair.client.pause();
        pair.server.pause();
      }
    },
    cutServerSide() {
      for (const pair of pairs) pair.server?.destroy();
    },
    heal() {
      for (const pair of [...pairs]) pair.client.destroy();
      holding = false;
    },
    async close() {
      for (const pair of [...pairs]) pair.client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
