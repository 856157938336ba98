import type { ExpiryNewsKind, ExpiryNewsStore } from '../db/expiry-news-store.js';
import type { Logger } from '../logger.js';

/** What one try at an expiry's news got done: every card settled, and the orderer told (or nobody to tell). */
export interface ExpiryNewsProgress {
  cardsSettled: boolean;
  told: boolean;
}

/** How many owed expiries one pass takes on: more wait for the next pass, half a minute later. */
const OWED_PER_PASS = 50;

/**
 * Finishes the news of expiries still owed, of one kind: those this pass
 * just expired, and those a process that stopped (or Telegram out of reach)
 * left. Each is claimed with a lease, so that of two instances' passes one
 * tells the orderer; the orderer's telling is recorded once done, so a
 * later pass only settles cards left; what Telegram did not take now is
 * given back for the next pass. Never throws for one request's trouble.
 */
export async function finishOwedExpiryNews<T>(deps: {
  kind: ExpiryNewsKind;
  news: Pick<ExpiryNewsStore, 'claim' | 'told' | 'done' | 'release'>;
  /** The request as it is now; null when gone (nothing left to say). */
  subject: (id: number) => Promise<T | null>;
  /** Settles what cards are left and, unless `told`, tells the orderer. */
  finish: (subject: T, told: boolean) => Promise<ExpiryNewsProgress>;
  logger: Logger;
}): Promise<void> {
  for (const owed of await deps.news.claim(deps.kind, OWED_PER_PASS)) {
    try {
      const subject = await deps.subject(owed.subjectId);
      if (subject === null) {
        await deps.news.done(owed);
        continue;
      }
      const progress = await deps.finish(subject, owed.told);
      if (progress.told && !owed.told && !(await deps.news.told(owed))) {
        deps.logger.warn({ kind: deps.kind, id: owed.subjectId }, 'expiry news lease ran out while telling');
        continue;
      }
      if (progress.told && progress.cardsSettled) await deps.news.done(owed);
      else await deps.news.release(owed);
    } catch (error) {
      deps.logger.warn({ kind: deps.kind, id: owed.subjectId, err: error instanceof Error ? error.name : String(error) }, 'expiry news not finished: kept for the next pass');
      await deps.news.release(owed).catch(() => undefined);
    }
  }
}
