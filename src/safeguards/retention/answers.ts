import type { Clock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import type { Settings } from '../../settings/settings-view.js';
import type { RetentionStore } from '../../db/retention-store.js';
import { answersKeptDays } from './retention-settings.js';

const DAY_MS = 86_400_000;
/**
 * Strangers (people who wrote to the bot and were never added) are kept
 * this long after they were last seen: an administrator adding someone
 * they were just told about still finds the name, and nobody's name
 * lingers for good.
 */
export const STRANGER_KEEP_DAYS = 30;

interface RetentionPassRun {
  /** Orders whose answers were erased. */
  erased: number;
  /** Settled approval requests whose answers were erased. */
  approvals: number;
  strangerReplies: number;
  strangers: number;
}

/**
 * Erases end customers' answers of orders settled longer ago than the
 * administrators' setting, a small batch a pass so that no pass holds the
 * database for long (a backlog drains over a few passes), and forgets
 * strangers after STRANGER_KEEP_DAYS. Orders, amounts and the audit stay.
 */
export function createRetentionPass(deps: {
  store: RetentionStore;
  settings: Pick<Settings, 'read'>;
  clock: Clock;
  logger: Logger;
  /** Told when strangers' names were forgotten, so that the in-memory copy of names reads the table again. */
  onPeopleForgotten?: () => Promise<void>;
  batchSize?: number;
}): () => Promise<RetentionPassRun> {
  const { store, clock, logger } = deps;
  return async () => {
    const now = clock.now();
    const days = answersKeptDays(deps.settings);
    const due = days === null ? null : { settledBefore: now - days * DAY_MS, days, now, limit: deps.batchSize ?? 50 };
    const erased = due === null ? [] : await store.eraseAnswers(due);
    const requests = due === null ? [] : await store.eraseApprovalAnswers(due);
    const strangers = await store.expireStrangers(now - STRANGER_KEEP_DAYS * DAY_MS);
    if (strangers.people > 0) await deps.onPeopleForgotten?.();
    if (erased.length > 0 || requests.length > 0 || strangers.people > 0 || strangers.replies > 0) {
      logger.info({ answersErased: erased.length, orderIds: erased.slice(0, 20), approvalAnswersErased: requests.length, strangerReplies: strangers.replies, strangers: strangers.people, keptDays: days }, 'retention pass');
    }
    return { erased: erased.length, approvals: requests.length, strangerReplies: strangers.replies, strangers: strangers.people };
  };
}
