import { describe, expect, it } from 'vitest';
import { createSecretFilter, REDACTED } from '../src/secret-filter.js';

const TOKEN = '7012345678:AAH5dF3kq-ZxY_9vL2mN8pQ4rS6tU0wX1yZ';

describe('createSecretFilter', () => {
  it('cuts the bot token out of a request URL quoted in an error', () => {
    const filter = createSecretFilter([TOKEN]);
    const line = `request to http://127.0.0.1:8081/bot${TOKEN}/getUpdates failed, reason: socket hang up`;

    expect(filter(line)).toBe(`request to http://127.0.0.1:8081/bot${REDACTED}/getUpdates failed, reason: socket hang up`);
  });

  it('cuts the API key wherever it stands, URL-encoded too', () => {
    const key = 'sk/live+key=123456';
    const filter = createSecretFilter([key]);

    expect(filter(`{"x-api-key":"${key}","q":"${encodeURIComponent(key)}"}`)).toBe(`{"x-api-key":"${REDACTED}","q":"${REDACTED}"}`);
  });

  it('cuts anything shaped like a bot token even when it is not the configured one', () => {
    const filter = createSecretFilter([]);

    expect(filter(`/bot${TOKEN}/sendMessage`)).not.toContain('AAH5dF3kq');
  });

  it('leaves ordinary text and very short configured values alone', () => {
    const filter = createSecretFilter(['abc', undefined, null]);

    expect(filter('order 9001 placed, abc')).toBe('order 9001 placed, abc');
  });
});
