/**
 * The built program, or a bare grammY script, in a process of its own for
 * the benchmarks that measure it from outside (start-up, the steps through
 * production's intake): spawned with only the environment given, its log
 * lines kept, its first getUpdates timed as the fake Bot API receives it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { FakeBotApi } from '../support/fake-bot-api/index.js';

export interface Running {
  child: ChildProcess;
  lines: string[];
}

export function launch(script: string, env: Record<string, string>, cwd: string, nodeArgs: string[] = []): Running {
  const child = spawn(process.execPath, [...nodeArgs, script], { cwd, env: { PATH: process.env.PATH ?? '', HOME: cwd, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let partial = '';
  const collect = (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, lines };
}

/**
 * Milliseconds from spawn to the first getUpdates that arrives after it.
 * Told by the fake as the call arrives: filtering its whole call list every
 * few milliseconds (thousands of calls after a few runs) would hold the
 * event loop that answers the starting process's own calls.
 */
export async function timeToPolling(telegram: FakeBotApi, start: () => Running): Promise<{ ms: number; running: Running }> {
  let polledAt: number | null = null;
  const off = telegram.onCall((call) => {
    if (polledAt === null && call.method.toLowerCase() === 'getupdates') polledAt = call.at;
  });
  const spawnedAt = Date.now();
  const running = start();
  const deadline = spawnedAt + 120_000;
  try {
    while (polledAt === null) {
      if (running.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`no getUpdates from ${running.child.spawnfile}:\n${running.lines.slice(-20).join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    off();
  }
  return { ms: polledAt - spawnedAt, running };
}

export async function stop(running: Running, signal: NodeJS.Signals): Promise<void> {
  if (running.child.exitCode !== null) return;
  const exited = once(running.child, 'exit');
  running.child.kill(signal);
  await exited;
}

export async function waitForLine(running: Running, match: RegExp, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = running.lines.find((line) => match.test(line));
    if (found) return found;
    if (running.child.exitCode !== null || Date.now() > deadline) throw new Error(`not seen: ${match}\n${running.lines.slice(-20).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
