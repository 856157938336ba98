import { join } from 'node:path';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createSandbox } from '../src/sandbox/server.js';
import { startBotProcess } from './support/bot-process.js';
import { createFakeBotApi } from './support/fake-bot-api/index.js';
import { waitUntil } from './support/wait-until.js';
const telegram = await createFakeBotApi();
const sandbox = await createSandbox({ catalogSize: 200 });
const dir = mkdtempSync(join(tmpdir(), 'mods-'));
for (const name of ['a', 'b']) {
  const polls = telegram.callsTo('getUpdates').length;
  const bot = startBotProcess({ BOT_TOKEN: telegram.token, TELEGRAM_API_ROOT: telegram.apiRoot, PROVIDER_BASE_URL: sandbox.baseUrl, PROVIDER_API_KEY: sandbox.apiKey, DATABASE_PATH: join(dir, 'g.sqlite'), ADMIN_IDS: '1001', NODE_OPTIONS: `--import ${process.cwd()}/test/support/record-modules.mjs`, RECORD_MODULES_TO: join(dir, name) });
  await waitUntil(() => telegram.callsTo('getUpdates').length > polls, 'poll', { timeoutMs: 30000 });
  if (name === 'a') await bot.waitForLog((l: any) => l.component === 'catalog' && l.msg === 'catalog synced');
  await bot.stop();
}
const list = readFileSync(join(dir, 'b'), 'utf8').split('\n').filter(Boolean);
console.log(list.length, 'dist', list.filter(u => u.includes('/dist/')).length, 'nm', list.filter(u => u.includes('node_modules')).length);
const pk = new Map<string, number>(); for (const u of list) { const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(u); const k = m ? m[1]! : u.includes('/dist/') ? 'dist/' + u.split('/dist/')[1]!.split('/')[0] : u; pk.set(k, (pk.get(k) ?? 0) + 1); }
console.log([...pk].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${v} ${k}`).join('\n'));
await telegram.close(); await sandbox.close(); process.exit(0);
