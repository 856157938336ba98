import { describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import { ConfigError, effectiveConfig, parseConfig } from '../src/config.js';

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
      amountUnit: { en: '', fa: '' },
      logLevel: 'info',
      catalogRefreshMinutes: 30,
      orderIdleMinutes: 15,
      pollStaleMinutes: 30,
      lowBalanceCheckSeconds: 300,
      tokenWatchSeconds: 180,
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

  it('keeps the sandbox provider’s state beside the database, named after it, and nowhere with a live provider', () => {
    const sandbox = { ...valid, PROVIDER_BASE_URL: 'sandbox', PROVIDER_API_KEY: undefined };
    expect(parseConfig(sandbox).sandboxStatePath).toBe('./data/giftdesk-sandbox.provider.sqlite');
    expect(parseConfig({ ...sandbox, DATABASE_PATH: '/srv/rehearsal.sqlite' }).sandboxStatePath).toBe('/srv/rehearsal.provider.sqlite');
    // Distinct databases, distinct sandboxes: neither of these may share the file above.
    expect(parseConfig({ ...sandbox, DATABASE_PATH: '/srv/rehearsal' }).sandboxStatePath).toBe('/srv/rehearsal-provider.sqlite');
    expect(parseConfig({ ...sandbox, DATABASE_PATH: '/srv/rehearsal.sqlite-second' }).sandboxStatePath).toBe('/srv/rehearsal.sqlite-second-provider.sqlite');
    expect(parseConfig({ ...sandbox, DATABASE_PATH: ':memory:' }).sandboxStatePath).toBeNull();
    expect(parseConfig(valid).sandboxStatePath).toBeNull();
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

  it('shows AMOUNT_UNIT to readers of both languages unless a language has a label of its own', () => {
    expect(parseConfig({ ...valid, AMOUNT_UNIT: 'IRR' }).amountUnit).toEqual({ en: 'IRR', fa: 'IRR' });
    expect(parseConfig({ ...valid, AMOUNT_UNIT: 'IRR', AMOUNT_UNIT_FA: 'ریال' }).amountUnit).toEqual({ en: 'IRR', fa: 'ریال' });
    expect(parseConfig({ ...valid, AMOUNT_UNIT_EN: 'IRR', AMOUNT_UNIT_FA: 'ریال', AMOUNT_UNIT: '' }).amountUnit).toEqual({ en: 'IRR', fa: 'ریال' });
    expect(problemsOf({ ...valid, AMOUNT_UNIT_FA: 'x'.repeat(17) })).toEqual(['AMOUNT_UNIT_FA must be at most 16 characters']);
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

  it('takes STEP_UP_KEY as 64 hexadecimal characters, refuses anything else without echoing it, and names it only as set', () => {
    const key = 'ab'.repeat(32);
    expect(parseConfig({ ...valid, STEP_UP_KEY: key }).stepUpKey).toBe(key);
    expect(parseConfig(valid).stepUpKey).toBeUndefined();
    const problems = problemsOf({ ...valid, STEP_UP_KEY: 'not-a-key-0123456789' });
    expect(problems).toEqual(['STEP_UP_KEY must be 32 bytes written as 64 hexadecimal characters; make one with: openssl rand -hex 32']);
    const described = JSON.stringify(effectiveConfig(parseConfig({ ...valid, STEP_UP_KEY: key })));
    expect(described).toContain('"STEP_UP_KEY"');
    expect(described).not.toContain(key.slice(0, 8));
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

describe('webhook and HTTP settings', () => {
  const webhook = { ...valid, BOT_MODE: 'webhook', WEBHOOK_URL: 'https://bot.example.com/telegram', WEBHOOK_SECRET: 'a-Secret_0123456789abcdefghijklmnop' };

  it('defaults to polling without an HTTP server', () => {
    expect(parseConfig(valid)).toMatchObject({ botMode: 'polling', httpHost: '127.0.0.1', httpPort: undefined, logPretty: false });
  });

  it('listens on port 8080 in webhook mode unless HTTP_PORT says otherwise', () => {
    expect(parseConfig(webhook)).toMatchObject({ botMode: 'webhook', httpPort: 8080, webhookUrl: 'https://bot.example.com/telegram' });
    expect(parseConfig({ ...webhook, HTTP_PORT: '9000' }).httpPort).toBe(9000);
  });

  it('requires the webhook URL and secret in webhook mode', () => {
    const problems = problemsOf({ ...valid, BOT_MODE: 'webhook' });
    expect(problems.some((p) => p.startsWith('WEBHOOK_URL is required'))).toBe(true);
    expect(problems.some((p) => p.startsWith('WEBHOOK_SECRET is required'))).toBe(true);
  });

  it('refuses a webhook secret Telegram would refuse, without echoing it', () => {
    const problems = problemsOf({ ...webhook, WEBHOOK_SECRET: 'has spaces and ünïcode' });
    expect(problems).toEqual([expect.stringMatching(/^WEBHOOK_SECRET must be at most 256 characters, each a letter/)]);
    expect(problems.join('\n')).not.toContain('ünïcode');
    expect(problemsOf({ ...webhook, WEBHOOK_SECRET: 'x'.repeat(257) })).toHaveLength(1);
  });

  it('refuses a webhook secret shorter than 32 characters, saying how to make one and without echoing it', () => {
    for (const short of ['x', 'guessable_secret', 'a'.repeat(31)]) {
      const problems = problemsOf({ ...webhook, WEBHOOK_SECRET: short });
      expect(problems).toEqual([expect.stringMatching(/^WEBHOOK_SECRET is too short: at least 32 characters.*openssl rand -hex 32/)]);
      if (short.length > 1) expect(problems.join('\n')).not.toContain(short);
    }
    expect(parseConfig({ ...webhook, WEBHOOK_SECRET: 'a'.repeat(32) }).webhookSecret).toBe('a'.repeat(32));
  });

  it('refuses a user name or password inside the provider, webhook or Bot API URL, without echoing it', () => {
    const cases = [
      { PROVIDER_BASE_URL: 'https://user:hunter2pass@provider.example/api/v1' },
      { WEBHOOK_URL: 'https://admin:hunter2pass@bot.example.com/telegram' },
      { TELEGRAM_API_ROOT: 'http://onlyuser@127.0.0.1:8081' },
    ];
    for (const change of cases) {
      const key = Object.keys(change)[0]!;
      const problems = problemsOf({ ...webhook, ...change });
      expect(problems).toContain(`${key} must not carry a user name or password (user:password@host): remove them from the URL`);
      expect(problems.join('\n')).not.toMatch(/hunter2pass|onlyuser/);
    }
    // DATABASE_URL carries its password by design; it is masked where it is shown.
    const config = parseConfig({ ...valid, DATABASE_URL: 'postgres://giftdesk:hunter2pass@db.example/giftdesk' });
    expect(JSON.stringify(effectiveConfig(config))).not.toContain('hunter2pass');
  });

  it('refuses a plain http webhook URL outside loopback', () => {
    expect(problemsOf({ ...webhook, WEBHOOK_URL: 'http://bot.example.com/telegram' })).toEqual([expect.stringMatching(/^WEBHOOK_URL must be the public https URL/)]);
    expect(parseConfig({ ...webhook, WEBHOOK_URL: 'http://127.0.0.1:8443/hook' }).webhookUrl).toBe('http://127.0.0.1:8443/hook');
  });

  it('refuses an HTTP port out of range', () => {
    expect(problemsOf({ ...valid, HTTP_PORT: '70000' })).toEqual(['HTTP_PORT must be a port number from 1 to 65535']);
  });

  it('reports the effective configuration with secrets named as set, never their values', () => {
    const described = JSON.stringify(effectiveConfig(parseConfig(webhook)));
    expect(described).toContain('"secretsSet":["BOT_TOKEN","PROVIDER_API_KEY","WEBHOOK_SECRET"]');
    for (const secret of [webhook.BOT_TOKEN, webhook.PROVIDER_API_KEY, webhook.WEBHOOK_SECRET]) {
      expect(described).not.toContain(secret);
      expect(described).not.toContain(secret.slice(0, 6));
    }
    expect(described).toContain('"webhookUrl":"https://bot.example.com/telegram"');
  });
  describe('DATABASE_URL', () => {
    const url = 'postgresql://giftdesk:s3cret-pass@db.internal:5433/giftdesk?sslmode=require';

    it('selects PostgreSQL and keeps the URL as given', () => {
      expect(parseConfig({ ...valid, DATABASE_URL: url }).databaseUrl).toBe(url);
      expect(parseConfig({ ...valid, DATABASE_URL: 'postgres://localhost/giftdesk' }).databaseUrl).toBe('postgres://localhost/giftdesk');
      expect(parseConfig(valid).databaseUrl).toBeNull();
    });

    it('refuses DATABASE_URL beside DATABASE_PATH, naming both', () => {
      expect(problemsOf({ ...valid, DATABASE_URL: url, DATABASE_PATH: './data/giftdesk.sqlite' })).toEqual([
        'DATABASE_URL and DATABASE_PATH are both set: DATABASE_URL selects PostgreSQL, DATABASE_PATH a SQLite file; keep the one you mean',
      ]);
    });

    it('refuses a URL of another scheme without echoing it', () => {
      const problems = problemsOf({ ...valid, DATABASE_URL: 'mysql://root:hunter22@db/giftdesk' });
      expect(problems).toEqual(['DATABASE_URL must be a postgres:// or postgresql:// URL (libpq style)']);
      expect(problems.join(' ')).not.toContain('hunter22');
    });

    it('shows the database in use in the effective configuration, with the password masked', () => {
      const described = JSON.stringify(effectiveConfig(parseConfig({ ...valid, DATABASE_URL: url })));
      expect(described).not.toContain('s3cret-pass');
      expect(described).toContain('"database":"postgresql"');
      expect(described).toContain('"databaseUrl":"postgresql://giftdesk:***@db.internal:5433/giftdesk?sslmode=require"');
      expect(described).not.toContain('databasePath');
      expect(JSON.stringify(effectiveConfig(parseConfig(valid)))).toContain('"database":"sqlite","databasePath":"./data/giftdesk.sqlite"');
    });

    it('gives sandbox mode on PostgreSQL a sandbox state file named after the database', () => {
      const sandbox = { ...valid, PROVIDER_BASE_URL: 'sandbox', PROVIDER_API_KEY: undefined, DATABASE_URL: 'postgresql://localhost/giftdesk_trial' };
      expect(parseConfig(sandbox).sandboxStatePath).toBe('./data/giftdesk_trial.provider.sqlite');
    });
  });

  it('names the instance by INSTANCE_ID, or by host and pid, and shows it in the effective configuration', () => {
    expect(parseConfig(valid).instanceId).toBe(`${hostname()}:${process.pid}`);
    const named = parseConfig({ ...valid, INSTANCE_ID: ' pod-a ' });
    expect(named.instanceId).toBe('pod-a');
    expect(effectiveConfig(named)).toMatchObject({ instanceId: 'pod-a' });
    // Blank, like any other setting, means unset.
    expect(parseConfig({ ...valid, INSTANCE_ID: ' ' }).instanceId).toBe(`${hostname()}:${process.pid}`);
  });
});
