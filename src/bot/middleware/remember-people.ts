import type { Context, NextFunction } from 'grammy';
import type { PeopleStore } from '../../db/people-store.js';
import type { Logger } from '../../logger.js';

/**
 * Keeps every sender's name and @username, staff or not, so that lists show
 * names and an administrator who adds someone sees who it is. A failure to
 * write never stops the update.
 */
export function rememberPeople(deps: { people: Pick<PeopleStore, 'remember'>; logger: Logger }) {
  return async (ctx: Context, next: NextFunction): Promise<void> => {
    const from = ctx.from;
    if (from && !from.is_bot) {
      try {
        await deps.people.remember(from);
      } catch (error) {
        deps.logger.warn({ userId: from.id, err: error instanceof Error ? error.message : String(error) }, 'could not remember a name');
      }
    }
    await next();
  };
}
