import { parseConfig, type Config } from '../../src/config.js';

/**
 * The configuration every in-process test world starts from: its own fake
 * Bot API and sandbox, amounts in IRR, times in UTC, the provider's budget
 * lifted (the sandbox runs in the test without a rate limit), and sandbox
 * mode, so that orders and alerts read as sandbox mode's. `env` adds or
 * replaces settings, as the environment would; ADMIN_IDS always comes from
 * the world.
 */
export function worldConfig(
  parts: { telegram: { token: string; apiRoot: string }; sandbox: { baseUrl: string; apiKey: string } },
  adminIds: readonly number[],
  env: Record<string, string> = {},
): Config {
  return {
    ...parseConfig({
      BOT_TOKEN: parts.telegram.token,
      TELEGRAM_API_ROOT: parts.telegram.apiRoot,
      PROVIDER_BASE_URL: parts.sandbox.baseUrl,
      PROVIDER_API_KEY: parts.sandbox.apiKey,
      ADMIN_IDS: adminIds.join(','),
      AMOUNT_UNIT: 'IRR',
      TIME_ZONE: 'UTC',
      PROVIDER_REQUESTS_PER_SECOND: '1000',
      ...env,
    }),
    sandboxMode: true,
  };
}
