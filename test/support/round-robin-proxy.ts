import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small load balancer for tests with several bot instances: every POST
 * goes to the next instance in turn, as many at once as arrive. An
 * instance that refuses the connection or answers 503 (it is stopping) is
 * skipped for the next, as a real proxy's health handling would; only when
 * every instance failed does the caller get 502 (or the last 503), so that
 * Telegram keeps the update and posts it again.
 */
export interface RoundRobinProxy {
  /** Where Telegram posts: the path is passed through to the instance. */
  url(path: string): string;
  /** Every answer an instance gave, in the order they came back. */
  forwards: { port: number; status: number | 'refused'; updateId: number | null }[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(ports: readonly number[]): Promise<RoundRobinProxy> {
  let next = 0;
  const forwards: RoundRobinProxy['forwards'] = [];

  const forward = (port: number, req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer } | 'refused'>((resolve) => {
      const out = request(
        { host: '127.0.0.1', port, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${port}`, connection: 'close' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
          // A killed instance may cut the answer half-way: as good as refused.
          res.on('error', () => resolve('refused'));
        },
      );
      out.on('error', () => resolve('refused'));
      out.end(body);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const updateId = updateIdOf(body);
    const start = next;
    next = (next + 1) % ports.length;
    let last: { status: number; headers: IncomingMessage['headers']; body: Buffer } | null = null;
    for (let i = 0; i < ports.length; i++) {
      const port = ports[(start + i) % ports.length]!;
      const answer = await forward(port, req, body);
      forwards.push({ port, status: answer === 'refused' ? 'refused' : answer.status, updateId });
      if (answer === 'refused') continue;
      last = answer;
      if (answer.status === 503) continue;
      break;
    }
    if (!last) {
      res.writeHead(502);
      res.end();
      return;
    }
    res.writeHead(last.status, { 'content-type': last.headers['content-type'] ?? 'text/plain' });
    res.end(last.body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    forwards,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function updateIdOf(body: Buffer): number | null {
  try {
    const id = (JSON.parse(body.toString('utf8')) as { update_id?: unknown }).update_id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}
