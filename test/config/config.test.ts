import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.js';

const valid = {
  BOT_TOKEN: '123456:TEST-token-value',
  PROVIDER_BASE_URL: 'https://provider.example/api/v1',
  PROVIDER_API_KEY: 'sk_test_abcdefgh',
  ADMIN_IDS: '1001, 1002',
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    const config = parseConfig(valid);
    expect(config).toMatchObject({
      databasePath: './data/giftdesk.sqlite',
      adminIds: [1001, 1002],
      defaultLocale: 'en',
      amountUnit: '',
      logLevel: 'info',
      catalogRefreshMinutes: 30,
      orderIdleMinutes: 15,
      orderQuoteMaxAgeSeconds: 120,
      pollStaleMinutes: 30,
      lowBalanceCheckSeconds: 300,
      approvalExpiryMinutes: 1440,
      sandboxMode: false,
    });
  });

  it('gives sandbox mode a database file of its own unless DATABASE_PATH is set', () => {
    const sandbox = { ...valid, PROVIDER_BASE_URL: 'sandbox', PROVIDER_API_KEY: undefined };
    expect(parseConfig(sandbox).databasePath).toBe('./data/giftdesk-sandbox.sqlite');
    expect(parseConfig({ ...sandbox, DATABASE_PATH: '' }).databasePath).toBe('./data/giftdesk-sandbox.sqlite');
    expect(parseConfig({ ...sandbox, DATABASE_PATH: '/srv/x.sqlite' }).databasePath).toBe('/srv/x.sqlite');
  });

  it('leaves the pause probe at its own default unless PAUSE_PROBE_SECONDS is set', () => {
    expect(parseConfig(valid).pauseProbeSeconds).toBeUndefined();
    expect(parseConfig({ ...valid, PAUSE_PROBE_SECONDS: '30' }).pauseProbeSeconds).toBe(30);
    expect(problemsOf({ ...valid, PAUSE_PROBE_SECONDS: '0' })).toEqual(['PAUSE_PROBE_SECONDS must be at least 1']);
  });

  it('counts time in UTC and months by the Gregorian calendar unless TIME_ZONE and MONTH_CALENDAR say otherwise', () => {
    expect(parseConfig(valid)).toMatchObject({ timeZone: 'UTC', monthCalendar: 'gregorian' });
    expect(parseConfig({ ...valid, TIME_ZONE: 'Asia/Tehran', MONTH_CALENDAR: 'persian' })).toMatchObject({
      timeZone: 'Asia/Tehran',
      monthCalendar: 'persian',
    });
  });

  it('refuses a time zone name that is not an IANA zone', () => {
    expect(problemsOf({ ...valid, TIME_ZONE: 'Tehran' })).toEqual([
      'TIME_ZONE must be an IANA time zone name such as Asia/Tehran, Europe/Berlin or UTC',
    ]);
  });

  it('treats an empty value as not set', () => {
    const config = parseConfig({ ...valid, CATALOG_REFRESH_MINUTES: '', DEFAULT_LOCALE: '  ' });
    expect(config.catalogRefreshMinutes).toBe(30);
    expect(config.defaultLocale).toBe('en');
  });

  it('accepts sandbox mode without an API key', () => {
    const config = parseConfig({ ...valid, PROVIDER_BASE_URL: 'sandbox', PROVIDER_API_KEY: undefined });
    expect(config.sandboxMode).toBe(true);
  });

  it('requires an API key for a live provider', () => {
    expect(problemsOf({ ...valid, PROVIDER_API_KEY: '' })).toEqual([
      'PROVIDER_API_KEY is required unless PROVIDER_BASE_URL is "sandbox"',
    ]);
  });

  it('accepts plain http only on a loopback host', () => {
    expect(parseConfig({ ...valid, PROVIDER_BASE_URL: 'http://127.0.0.1:8787/api/v1/' }).providerBaseUrl).toBe(
      'http://127.0.0.1:8787/api/v1',
    );
    expect(problemsOf({ ...valid, PROVIDER_BASE_URL: 'http://provider.example/api/v1' })[0]).toMatch(
      /^PROVIDER_BASE_URL must be/,
    );
  });

  it('requires the base URL to end in /api/v1', () => {
    expect(problemsOf({ ...valid, PROVIDER_BASE_URL: 'https://provider.example/api' })[0]).toMatch(/\/api\/v1/);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({ BOT_TOKEN: 'nope', ADMIN_IDS: '12,abc', LOG_LEVEL: 'loud', ORDER_IDLE_MINUTES: '0' });
    expect(problems.map((p) => p.split(' ')[0]).sort()).toEqual([
      'ADMIN_IDS',
      'BOT_TOKEN',
      'LOG_LEVEL',
      'ORDER_IDLE_MINUTES',
      'PROVIDER_API_KEY',
      'PROVIDER_BASE_URL',
    ]);
  });

  it('never echoes a secret value in its message', () => {
    const secretToken = '987654:SECRET-TOKEN-VALUE with spaces';
    const secretKey = 'k';
    try {
      parseConfig({ ...valid, BOT_TOKEN: secretToken, PROVIDER_API_KEY: secretKey });
      expect.unreachable();
    } catch (error) {
      const text = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`;
      expect(text).not.toContain('SECRET-TOKEN-VALUE');
      expect(text).toContain('BOT_TOKEN');
      expect(text).toContain('PROVIDER_API_KEY');
    }
  });

  it('rejects an administrator ID that is not a number', () => {
    expect(problemsOf({ ...valid, ADMIN_IDS: '@alice' })).toEqual([
      'ADMIN_IDS must contain only numeric Telegram user IDs separated by commas',
    ]);
  });

  it('removes duplicate administrator IDs', () => {
    expect(parseConfig({ ...valid, ADMIN_IDS: '5,5,6' }).adminIds).toEqual([5, 6]);
  });

  it('offers at most the contract’s 10 units of a product unless the operator sets the provider’s own limit', () => {
    expect(parseConfig(valid).providerMaxQuantityPerItem).toBe(10);
    expect(parseConfig({ ...valid, PROVIDER_MAX_QUANTITY_PER_ITEM: '30' }).providerMaxQuantityPerItem).toBe(30);
    expect(problemsOf({ ...valid, PROVIDER_MAX_QUANTITY_PER_ITEM: '0' })).toEqual(['PROVIDER_MAX_QUANTITY_PER_ITEM must be at least 1']);
  });

  it('refuses SANDBOX_FAULTS with the live provider', () => {
    expect(problemsOf({ ...valid, SANDBOX_FAULTS: 'error_rate=0.1' })).toEqual([
      'SANDBOX_FAULTS works only with PROVIDER_BASE_URL=sandbox; remove it to use the live provider',
    ]);
  });

  it('reads SANDBOX_FAULTS in sandbox mode and words a bad one with the other problems', () => {
    const sandbox = { ...valid, PROVIDER_BASE_URL: 'sandbox', PROVIDER_API_KEY: undefined };
    expect(parseConfig({ ...sandbox, SANDBOX_FAULTS: 'latency=250' }).sandboxFaults).toMatchObject({ latencyMs: 250, errorRate: 0 });
    expect(parseConfig(sandbox).sandboxFaults).toBeNull();
    expect(problemsOf({ ...sandbox, SANDBOX_FAULTS: 'error_rate=2', LOG_LEVEL: 'loud' })).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      'SANDBOX_FAULTS: error_rate must be a share from 0 to 1, such as 0.05',
    ]);
  });
});
