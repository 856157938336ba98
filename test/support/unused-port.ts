import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A loopback port nobody listens on (it was free a moment ago): connections to it are refused. */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A free loopback port for a server a test starts in another process.
 * Chosen below Linux's ephemeral range (32768 and up), where every server
 * listening on port 0 and every outgoing connection takes its port, so
 * that nothing else in the run can take it between this check and the
 * server's own listen.
 */
export async function portForServer(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port found between 20000 and 32000');
}
