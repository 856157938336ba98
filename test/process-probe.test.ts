import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createProcessProbe } from '../src/process-probe.js';

describe('proving a process gone', () => {
  const children: ReturnType<typeof spawn>[] = [];
  afterEach(() => children.splice(0).forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

  function startChild(): ReturnType<typeof spawn> {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    children.push(child);
    return child;
  }

  it('proves a process of this host that has exited gone', async () => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await once(child, 'exit');
    expect(createProcessProbe().goneReason({ host: hostname(), pid: child.pid!, started: null })).toBe('its process has ended');
  });

  it('does not call a running process gone', () => {
    const child = startChild();
    const probe = createProcessProbe();
    // The parent's mark, as the child would record it, is this process's.
    expect(probe.goneReason({ host: hostname(), pid: child.pid!, started: null })).toBeNull();
  });

  it.runIf(existsSync('/proc/self/stat'))('proves gone a process whose pid now belongs to a process started at another time', () => {
    const child = startChild();
    expect(createProcessProbe().goneReason({ host: hostname(), pid: child.pid!, started: '1' })).toBe(
      'its process id now belongs to another process',
    );
  });

  it.runIf(existsSync('/proc/self/stat'))('records when this process started, so that a reused pid can be told apart', () => {
    expect(createProcessProbe().self.started).toMatch(/^\d+$/);
  });

  it('cannot prove anything about a process of another host', async () => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await once(child, 'exit');
    expect(createProcessProbe().goneReason({ host: `${hostname()}-other`, pid: child.pid!, started: null })).toBeNull();
  });
});
