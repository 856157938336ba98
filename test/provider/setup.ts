import { afterThisTest } from '../support/after-this-test.js';
import { createLogger, type Logger } from '../../src/logger.js';
import { createProviderClient, type ProviderClient, type ProviderClientOptions } from '../../src/provider/client.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import { createScriptedServer, type Script, type ScriptedServer } from '../support/scripted-server.js';

/** Distinctive enough that finding it anywhere in an error or a log line is proof of a leak. */
export const SECRET_KEY = 'sk_live_SECRET_MARKER_123';


/** A sandbox provider closed after the current test; its own rate limit is off unless asked for. */
export async function sandboxed(options: SandboxOptions = {}): Promise<Sandbox> {
  const sandbox = await createSandbox({ rateLimit: false, ...options });
  afterThisTest(() => sandbox.close());
  return sandbox;
}

/** A scripted provider that is closed after the current test. */
export async function scripted(script: Script): Promise<ScriptedServer> {
  const server = await createScriptedServer(script);
  afterThisTest(() => server.close());
  return server;
}

/** A client with short delays and a limiter that does not get in the way, unless overridden. */
export function clientFor(baseUrl: string, overrides: Partial<ProviderClientOptions> = {}): ProviderClient {
  return createProviderClient({
    baseUrl,
    apiKey: SECRET_KEY,
    retryBaseDelayMs: 5,
    retryMaxDelayMs: 50,
    requestsPerSecond: 1_000,
    ...overrides,
  });
}

/** A debug-level logger whose lines land in an array. */
export function capturedLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', destination: { write: (line: string) => void lines.push(line) } });
  return { logger, lines };
}

/** The rejection of `promise`, failing the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection, got a value');
}

/** Collects an async iterable. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}
