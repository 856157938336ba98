import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/server.js';
import { startBotProcess, type BotProcess } from '../support/bot-process.js';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';
import { portForServer } from '../support/unused-port.js';
import { waitUntil } from '../support/wait-until.js';
import { ADMIN } from './harness.js';

const RECORDER = fileURLToPath(new URL('../support/record-modules.mjs', import.meta.url));

/**
 * What a feature alone needs, loaded when the feature is first used: at
 * start-up each would only cost time before the first getUpdates and memory
 * for as long as the process runs (docs/performance.md, "Start-up").
 */
const HEAVY: Record<string, RegExp> = {
  'the PostgreSQL driver (on SQLite)': /\/node_modules\/(pg|pg-pool|drizzle-orm\/node-postgres)\//,
  'the chart renderer': /\/node_modules\/(echarts|zrender|@resvg\/resvg-js)\//,
  // The bundled program's chunks are named after the module a feature loads (src/ops/bundle.ts).
  "the chart's code and fonts": /\/dist\/(chart\/|chunks\/spend-chart-)/,
  'the QR code maker': /\/node_modules\/qrcode\//,
  'the authenticator codes of step-up': /\/node_modules\/otpauth\//,
  'the batch file CSV parser': /\/node_modules\/csv-parse\//,
  "the RE2 engine of the provider's field patterns": /\/node_modules\/re2js\//,
  // giftdesk's own language middleware does its work (src/bot/middleware/reader-language.ts).
  "grammY's i18n plugin": /\/node_modules\/@grammyjs\/i18n\//,
  'the built-in sandbox (with a real provider)': /\/dist\/(sandbox\/server\.js|chunks\/server-)/,
  'the PostgreSQL storage (on SQLite)': /\/dist\/(db\/postgres\/|chunks\/(postgres-|open-))/,
};

/**
 * Left out of the bundle itself (src/ops/bundle.ts): giftdesk never uses
 * them, and a start would compile them and keep their source. The bundle
 * is built readable, with a comment naming each file it holds.
 */
const NOT_IN_THE_BUNDLE: Record<string, RegExp> = {
  "zod's error messages in languages other than English": /^\/\/ .*\/node_modules\/zod\/v4\/locales\/(?!en\.js)[\w-]+\.js$/m,
  "ofetch's copy of node-fetch (Node has fetch)": /^\/\/ .*\/node_modules\/node-fetch-native\/dist\/(?!native\.mjs$)\S+$/m,
  // prom-client's metric classes and default metrics only (src/ops/bundle.ts, promClientCore).
  "prom-client's Pushgateway and cluster aggregator": /^\/\/ .*\/node_modules\/prom-client\/(index\.js|lib\/(pushgateway|cluster)\.js)$/m,
  'the OpenTelemetry API (only for exemplars, never on)': /^\/\/ .*\/node_modules\/@opentelemetry\//m,
};

/**
 * In the bundle, in chunks only PostgreSQL's storage loads: a start on
 * SQLite does not compile them (src/db/seam/postgres-tables.ts).
 */
const NOT_AT_START_ON_SQLITE: Record<string, RegExp> = {
  "PostgreSQL's tables and its seam": /^\/\/ src\/db\/(postgres\/(schema|[\w-]+-tables?|[\w-]+-schema)\.ts|seam\/postgres-[\w-]+\.ts)$/m,
};

describe('start-up with a stored catalog, on SQLite, against a provider', () => {
  let telegram: FakeBotApi;
  let sandbox: Sandbox;
  let dir: string;
  let bot: BotProcess | undefined;
  let port = 0;
  beforeAll(async () => {
    port = await portForServer();
    telegram = await createFakeBotApi();
    sandbox = await createSandbox({ catalogSize: 200 });
    dir = mkdtempSync(join(tmpdir(), 'giftdesk-start-modules-'));
  });
  afterAll(async () => {
    await bot?.kill9();
    await telegram?.close();
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Starts the built program recording the modules it loads; the list as it stood when its first getUpdates arrived. */
  async function modulesAtFirstPoll(list: string): Promise<string[]> {
    const polls = telegram.callsTo('getUpdates').length;
    bot = startBotProcess({
      BOT_TOKEN: telegram.token,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      PROVIDER_BASE_URL: sandbox.baseUrl,
      PROVIDER_API_KEY: sandbox.apiKey,
      DATABASE_PATH: join(dir, 'giftdesk.sqlite'),
      ADMIN_IDS: String(ADMIN.id),
      NODE_OPTIONS: `--import ${RECORDER}`,
      RECORD_MODULES_TO: list,
      HTTP_PORT: String(port),
    });
    await waitUntil(() => telegram.callsTo('getUpdates').length > polls || bot!.child?.exitCode !== null, 'the first getUpdates', { timeoutMs: 30_000 });
    expect(bot.child?.exitCode, bot.output().slice(-2000)).toBeNull();
    return readFileSync(list, 'utf8').split('\n').filter(Boolean);
  }

  it('has loaded none of the modules only a feature needs by its first getUpdates', async () => {
    // The first start stores the catalog; the start measured is the restart over it, as after a deploy.
    await modulesAtFirstPoll(join(dir, 'first-start.txt'));
    await bot!.waitForLog((line) => line['component'] === 'catalog' && line.msg === 'catalog synced');
    await bot!.stop();

    const loaded = await modulesAtFirstPoll(join(dir, 'restart.txt'));
    // The recorder works: what start-up does need is in the list.
    expect(loaded.some((url) => url.includes('/node_modules/better-sqlite3/'))).toBe(true);
    expect(loaded.some((url) => url.endsWith('/dist/main.js'))).toBe(true);
    // The program is loaded as one bundle with a few shared chunks, not as hundreds of module files (src/ops/bundle.ts).
    const files = loaded.filter((url) => url.startsWith('file:'));
    expect(files.length, files.join('\n')).toBeLessThan(40);
    const found = Object.entries(HEAVY).flatMap(([what, pattern]) => {
      const urls = loaded.filter((url) => pattern.test(url));
      return urls.length > 0 ? [`${what}: ${urls.slice(0, 3).join(', ')}`] : [];
    });
    expect(found).toEqual([]);
    const bundled = files.filter((url) => /\/dist\/(main|chunks\/[\w-]+)\.js$/.test(url)).map((url) => readFileSync(fileURLToPath(url), 'utf8'));
    expect(bundled.length).toBeGreaterThan(1);
    const inside = Object.entries({ ...NOT_IN_THE_BUNDLE, ...NOT_AT_START_ON_SQLITE }).flatMap(([what, pattern]) => (bundled.some((code) => pattern.test(code)) ? [what] : []));
    expect(inside).toEqual([]);
    // What is at start still works as the bundle has it: prom-client's default metrics beside giftdesk's own.
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`).then((response) => response.text());
    expect(metrics).toMatch(/^process_cpu_user_seconds_total\{[^}]*\} \d/m);
    expect(metrics).toMatch(/^giftdesk_updates_handled_total\{[^}]*\} \d/m);
    // V8 holds a file's source at two bytes a character, for as long as the process runs, once one character is past Latin-1 (latin1Only).
    const wide = bundled.flatMap((code) => [...code.matchAll(/.{0,40}[^\0-\xff].{0,20}/g)].map(([context]) => context));
    expect(wide).toEqual([]);
  });
});
