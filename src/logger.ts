import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/**
 * Paths pino censors wherever they appear in a log object. Secrets must never
 * reach a log line, and neither may gift-card material (codes, PINs, the
 * provider's whole `delivery` section). Code that logs should not pass these
 * in the first place; this is the second line of defence.
 */
export const REDACTED_PATHS = [
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

export function createLogger(options: { level: string; destination?: pino.DestinationStream }): Logger {
  const config: LoggerOptions = {
    level: options.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { app: 'giftdesk' },
  };
  return options.destination ? pino(config, options.destination) : pino(config);
}

/** A logger that drops everything; the default where none is injected. */
export const silentLogger: Logger = pino({ level: 'silent' });
