import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// The built program, as `npm start` runs it (built once per run by the tests' global set-up): from the
// sources, tsx would compile the whole program again at every start, several seconds each.
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** The real entry point, built, in a folder of its own (with the .env given, if any), with only the given environment. */
async function start(env: Record<string, string>, dotEnv?: { text: string; mode: number }): Promise<{ code: number | null; output: string }> {
  const cwd = mkdtempSync(join(tmpdir(), 'giftdesk-start-'));
  dirs.push(cwd);
  if (dotEnv) {
    writeFileSync(join(cwd, '.env'), dotEnv.text);
    chmodSync(join(cwd, '.env'), dotEnv.mode);
  }
  const child = spawn(process.execPath, [MAIN], {
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

describe('starting with a .env others may read', () => {
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  // A database folder that cannot be made stops the start right after the settings are read and checked.
  const dotEnv = ['BOT_TOKEN=123456:TEST-token-value', 'PROVIDER_BASE_URL=sandbox', 'ADMIN_IDS=1001', 'DATABASE_PATH=/proc/giftdesk/giftdesk.sqlite'].join('\n');
  const warning = '.env is readable by other users of this machine';

  it('warns, saying how to fix it, and names no secret', async () => {
    const { code, output } = await start({}, { text: dotEnv, mode: 0o644 });
    expect(code).toBe(2);
    expect(output).toContain(warning);
    expect(output).toContain('chmod 600 .env');
    expect(output).not.toContain('TEST-token-value');
  });

  it('says nothing of a .env only its owner may read', async () => {
    const { code, output } = await start({}, { text: dotEnv, mode: 0o600 });
    expect(code).toBe(2);
    expect(output).not.toContain(warning);
  });
});
