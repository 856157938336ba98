import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The real entry point, from the sources, in an empty folder (no .env), with only the given environment. */
async function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const cwd = mkdtempSync(join(tmpdir(), 'giftdesk-start-'));
  dirs.push(cwd);
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(root, 'src/main.ts')], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

const dirs: string[] = [];

describe('starting with a guessable webhook secret', () => {
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('stops with exit code 2, says how to make a good one, and does not echo it', async () => {
    const { code, output } = await start({
      BOT_TOKEN: '123456:TEST-token-value',
      PROVIDER_BASE_URL: 'sandbox',
      ADMIN_IDS: '1001',
      BOT_MODE: 'webhook',
      WEBHOOK_URL: 'https://bot.example.com/telegram',
      WEBHOOK_SECRET: 'Q',
    });
    expect(code).toBe(2);
    expect(output).toContain('WEBHOOK_SECRET is too short: at least 32 characters');
    expect(output).toContain('openssl rand -hex 32');
    expect(output).not.toMatch(/\bQ\b/);
  });
});
