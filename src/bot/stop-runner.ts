import type { RunnerHandle } from '@grammyjs/runner';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';

const POLL_MS = 20;

/**
 * Stops fetching updates and waits for the updates already being handled.
 * The runner's own `stop()` resolves once polling has ended, not when its
 * concurrent handlers are done; closing the database then would lose a
 * conversation's last step (its update is already confirmed to Telegram, so
 * it never comes again) or cut an order placement short. Handlers that are
 * still running after `timeoutMs` are given up on, with a warning.
 */
export async function stopRunner(
  runner: Pick<RunnerHandle, 'stop' | 'size' | 'isRunning'>,
  deps: { clock: Clock; logger: Logger; timeoutMs: number },
): Promise<void> {
  if (runner.isRunning()) await runner.stop();
  const deadline = deps.clock.now() + deps.timeoutMs;
  while (runner.size() > 0) {
    if (deps.clock.now() >= deadline) {
      deps.logger.warn({ pending: runner.size() }, 'stopped before every update was handled');
      return;
    }
    await deps.clock.sleep(POLL_MS);
  }
}
