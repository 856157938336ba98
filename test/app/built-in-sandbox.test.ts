import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startBuiltInSandbox } from '../../src/app/built-in-sandbox.js';
import { StartupError } from '../../src/app/startup-error.js';
import { silentLogger } from '../../src/logger.js';
import { openSandboxStateFile } from '../../src/sandbox/state-file.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the built-in sandbox of sandbox mode', () => {
  it('tells a second instance on the same state file to share one sandbox, never to move the file away', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-held-'));
    dirs.push(dir);
    const statePath = join(dir, 'giftdesk-sandbox.provider.sqlite');
    // The first instance's sandbox holds the file.
    const first = openSandboxStateFile(statePath);
    try {
      const started = startBuiltInSandbox({ sandboxFaults: null, sandboxStatePath: statePath }, { highestProviderOrderId: async () => null }, silentLogger);
      const error = await started.then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(StartupError);
      const reason = (error as StartupError).reason;
      expect((error as StartupError).exitCode).toBe(2);
      expect(reason).toContain('npm run sandbox');
      expect(reason).toContain('PROVIDER_BASE_URL');
      expect(reason).toContain('Do not move the file away');
      expect(reason).not.toMatch(/move the file away and start again/);
    } finally {
      first.close();
    }
  });
});
