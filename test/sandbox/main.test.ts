import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The built entry point, as `npm run sandbox` runs it (built once per run by the tests' global set-up).
const SANDBOX_MAIN = join(root, 'dist/sandbox/main.js');

describe('standalone sandbox', () => {
  it('starts from its entry point, prints its base URL, answers, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [SANDBOX_MAIN], {
      cwd: root,
      env: { ...process.env, PORT: '0', SANDBOX_API_KEY: 'sbx_fixed_for_test', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      const baseUrl = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /base URL: (\S+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${output}`)));
      });
      expect(output).toContain('sbx_fixed_for_test');
      const response = await fetch(`${baseUrl}/wallet/balance`, { headers: { 'X-API-KEY': 'sbx_fixed_for_test' } });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'success', data: { balance: 50_000_000 } });
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = await exited;
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('exits 2 and says which fault is wrong when SANDBOX_FAULTS cannot be read', async () => {
    const child = spawn(process.execPath, [SANDBOX_MAIN], {
      cwd: root,
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'silent', SANDBOX_FAULTS: 'error_rate=lots' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(output).toBe('SANDBOX_FAULTS: error_rate must be a share from 0 to 1, such as 0.05\n');
  });

  it('keeps its wallet across a restart in the file SANDBOX_STATE_PATH names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-standalone-'));
    const env = { ...process.env, PORT: '0', SANDBOX_API_KEY: 'sbx_fixed_for_test', LOG_LEVEL: 'silent', SANDBOX_STATE_PATH: join(dir, 'sandbox.sqlite') };
    /** Starts the standalone sandbox, hands its base URL to `use`, then stops it with SIGTERM. */
    const run = async (use: (baseUrl: string) => Promise<void>) => {
      const child = spawn(process.execPath, [SANDBOX_MAIN], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      try {
        let output = '';
        const baseUrl = await new Promise<string>((resolve, reject) => {
          child.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            const match = /base URL: (\S+)[\s\S]*state: +(\S+)/.exec(output);
            if (match?.[1]) resolve(match[1]);
          });
          child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${output}`)));
        });
        expect(output).toContain(join(dir, 'sandbox.sqlite'));
        await use(baseUrl);
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        expect((await exited)[0]).toBe(0);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    };
    const headers = { 'X-API-KEY': 'sbx_fixed_for_test', 'Content-Type': 'application/json' };
    const balance = async (baseUrl: string) => ((await (await fetch(`${baseUrl}/wallet/balance`, { headers })).json()) as { data: { balance: number } }).data.balance;
    try {
      await run(async (baseUrl) => {
        const body = JSON.stringify({ products: [{ productId: 101, regionPropertyId: 5001, quantity: 2 }] });
        expect((await fetch(`${baseUrl}/orders`, { method: 'POST', headers, body })).status).toBe(200);
        expect(await balance(baseUrl)).toBe(47_500_000);
      });
      await run(async (baseUrl) => {
        expect(await balance(baseUrl)).toBe(47_500_000);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
