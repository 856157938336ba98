import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What `npm start` runs; test/support/build-once.ts builds it before the tests. */
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface BotProcess {
  /** Every stdout and stderr line so far, raw. */
  output(): string;
  /** Parsed JSON log lines so far. */
  logs(): LogLine[];
  waitForLog(match: string | ((line: LogLine) => boolean), timeoutMs?: number): Promise<LogLine>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
  kill9(): Promise<void>;
  /** Absent for a bot run in the test's own process (in-process-bot.ts). */
  child?: ChildProcess;
  /** The process's working directory; removed when it exits. */
  cwd: string;
}

/** Every bot process this test process started and that has not ended yet. */
const running = new Set<ChildProcess>();
// A test that fails before stopping its bot must not leave it running once the test process ends.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts the built program (dist/main.js, as `npm start` does) in its own
 * process, from an empty working directory so that no developer .env leaks in.
 */
export function startBotProcess(env: Record<string, string>): BotProcess {
  const cwd = mkdtempSync(join(tmpdir(), 'giftdesk-run-'));
  const child = spawn(process.execPath, [MAIN], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, LOG_LEVEL: 'debug', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let raw = '';
  const parsed: LogLine[] = [];
  let partial = '';
  const onData = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    raw += text;
    partial += text;
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const value = JSON.parse(line) as LogLine;
        if (value && typeof value === 'object' && typeof value.msg === 'string') parsed.push(value);
      } catch {
        // Not a log line (stderr text); kept in the raw output.
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  running.add(child);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      running.delete(child);
      rmSync(cwd, { recursive: true, force: true });
      resolve(code);
    });
  });

  return {
    child,
    cwd,
    exited,
    output: () => raw,
    logs: () => parsed,
    waitForLog: (match, timeoutMs) => waitForLogLine({ lines: parsed, ended: () => child.exitCode !== null, output: () => raw }, match, timeoutMs),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill9() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Waits for a log line of a running bot (30 s: a process started on a loaded 2-core machine may take 20), giving up early once it has ended; the error carries the end of its output. */
export async function waitForLogLine(
  bot: { lines: readonly LogLine[]; ended: () => boolean; output: () => string },
  match: string | ((line: LogLine) => boolean),
  timeoutMs = 30_000,
): Promise<LogLine> {
  const test = typeof match === 'string' ? (line: LogLine) => line.msg === match : match;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = bot.lines.find(test);
    if (found) return found;
    if (bot.ended()) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`log line not seen: ${String(match)}\n--- bot output ---\n${bot.output().slice(-4000)}`);
}

/** The process's exit code; a process still running after a few seconds is killed and reported. */
export async function exitCode(bot: BotProcess, timeoutMs = 20_000): Promise<number | null | 'still running'> {
  const timer = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), timeoutMs));
  const result = await Promise.race([bot.exited, timer]);
  if (result === 'still running') await bot.kill9();
  return result;
}
