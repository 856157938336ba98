/**
 * A reason giftdesk cannot start, said to the operator once: the process
 * shell logs it, writes it to stderr and exits with `exitCode` (2: a
 * setting or a file to fix; 1: something else, such as Telegram being
 * unreachable or another instance holding the database).
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
  constructor(
    readonly reason: string,
    readonly exitCode: 1 | 2,
    /** How stderr words it: a refusal to start, or a failure while starting. */
    readonly stage: 'did not start' | 'failed to start' = 'did not start',
    /** The log line's message. */
    readonly logMessage = 'not starting',
    /** A last line for stderr, such as where the settings are explained. */
    readonly hint: string | null = null,
  ) {
    super(reason);
  }
}
