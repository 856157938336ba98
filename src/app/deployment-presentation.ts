import type { Config } from '../config.js';
import type { Presentation } from '../text/presentation.js';

/**
 * How this deployment shows things to every reader, read from its settings
 * once: the bot hands it to every update, and every sender without an
 * update (notifications, alerts, digests, reminders) is given it at wiring.
 */
export function deploymentPresentation(config: Pick<Config, 'amountUnit' | 'timeZone' | 'monthCalendar' | 'sandboxMode'>): Presentation {
  return { amountUnit: config.amountUnit, timeZone: config.timeZone, monthCalendar: config.monthCalendar, sandbox: config.sandboxMode };
}
