import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('standalone sandbox', () => {
  it('starts from its entry point, prints its base URL, answers, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/main.ts'], {
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
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/main.ts'], {
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
});

