import { pino, type Logger, type LoggerOptions } from 'pino';
import type { SecretFilter } from './secret-filter.js';

export type { Logger };

/**
 * Paths pino censors wherever they appear in a log object. Secrets must never
 * reach a log line, and neither may gift-card material (codes, PINs, the
 * provider's whole `delivery` section). Code that logs should not pass these
 * in the first place; this is the second line of defence.
 */
const REDACTED_PATHS = [
  'apiKey',
  'token',
  'botToken',
  'headers["x-api-key"]',
  'headers["X-API-KEY"]',
  '*.apiKey',
  '*.token',
  '*.botToken',
  '*.headers["x-api-key"]',
  '*.headers["X-API-KEY"]',
  'delivery',
  '*.delivery',
  'codes',
  '*.codes',
  'pin',
  '*.pin',
];

/**
 * `filter` runs over every finished line before it is written: redaction by
 * path cannot see a secret inside a string (an error message quoting a URL).
 */
export function createLogger(options: { level: string; destination?: pino.DestinationStream; filter?: SecretFilter; instance?: string }): Logger {
  const config: LoggerOptions = {
    level: options.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // The instance on every line: with several on one database, an operator reads whose line it is.
    base: { app: 'giftdesk', ...(options.instance !== undefined ? { instance: options.instance } : {}) },
  };
  const destination = options.destination ?? pino.destination({ dest: 1, sync: true });
  const filter = options.filter;
  return pino(config, filter ? { write: (line: string) => destination.write(filter(line)) } : destination);
}

/** A logger that drops everything; the default where none is injected. */
export const silentLogger: Logger = pino({ level: 'silent' });

/**
 * Readable, coloured lines for a person at a terminal (LOG_PRETTY=true, as
 * `npm run dev` sets). pino-pretty is a development dependency, loaded only
 * here: a production install without it runs with JSON lines. It formats
 * in-process, after the secret filter has seen the JSON line.
 */
export async function createPrettyDestination(): Promise<pino.DestinationStream> {
  let build: (typeof import('pino-pretty'))['build'];
  try {
    ({ build } = await import('pino-pretty'));
  } catch {
    throw new Error('LOG_PRETTY=true needs pino-pretty, a development dependency: install with dev dependencies, or leave LOG_PRETTY unset for JSON logs');
  }
  return build({ destination: 1, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,app' });
}
