import type { Sandbox } from '../../src/sandbox/server.js';
import type { FakeBotApi } from '../support/fake-bot-api/index.js';

/**
 * What the start-up benchmarks give the built program besides its database:
 * the fake Bot API, the sandbox provider, one administrator (the memory
 * runs' /staff add comes from them), and info logs, whose lines the
 * benchmarks wait for.
 */
export function benchProgramEnv(telegram: Pick<FakeBotApi, 'token' | 'apiRoot'>, sandbox: Pick<Sandbox, 'baseUrl' | 'apiKey'>): Record<string, string> {
  return {
    BOT_TOKEN: telegram.token,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    PROVIDER_BASE_URL: sandbox.baseUrl,
    PROVIDER_API_KEY: sandbox.apiKey,
    ADMIN_IDS: '1001',
    LOG_LEVEL: 'info',
  };
}
