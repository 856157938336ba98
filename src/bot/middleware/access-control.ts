import type { Context, NextFunction } from 'grammy';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import type { StaffSnapshot } from '../../db/staff-view.js';
import { STRANGER_REPLY_INTERVAL_MS, type StrangerRepliesStore } from '../../db/stranger-replies-store.js';
import { localeFromLanguageCode, type Locale, type Translate } from '../../text/i18n.js';
import type { BaseContext } from '../context.js';
import { formatId } from '../../text/format.js';

interface AccessControlDeps {
  /**
   * The staff as this process holds them: fresh at this point of every
   * update, since the view freshness check that runs before it reads again
   * a staff table another instance changed (and on SQLite every change
   * goes through this process's own view). No round trip per update.
   */
  staff: Pick<StaffSnapshot, 'find'>;
  strangers: Pick<StrangerRepliesStore, 'claimReply'>;
  /** Whether a stranger is told their ID at all (the /strangers setting); absent: they are. */
  replyToStrangers?: () => boolean;
  defaultLocale: Locale;
  translate: (locale: Locale) => Translate;
  clock: Clock;
  logger: Logger;
}

/**
 * Default deny. Only people in the staff table get past this point. Anyone
 * else hears from us at most once an hour, and only their numeric ID (to
 * pass to an administrator), or nothing at all where administrators made
 * the bot silent to them; nothing else they send is looked at.
 */
export function accessControl(deps: AccessControlDeps) {
  return async (ctx: Context, next: NextFunction): Promise<void> => {
    const from = ctx.from;
    if (!from || from.is_bot) return;
    const row = deps.staff.find(from.id);
    const locale = row?.locale ?? localeFromLanguageCode(from.language_code) ?? deps.defaultLocale;
    if (!row) {
      await answerStranger(ctx, from.id, locale, deps);
      return;
    }
    (ctx as BaseContext).member = { telegramId: row.telegramId, role: row.role, locale };
    await next();
  };
}

async function answerStranger(ctx: Context, userId: number, locale: Locale, deps: AccessControlDeps): Promise<void> {
  // Before the claim: turning replies back on must not find the hour already taken by a reply never sent.
  if (deps.replyToStrangers && !deps.replyToStrangers()) return;
  if (!(await deps.strangers.claimReply(userId, deps.clock.now(), STRANGER_REPLY_INTERVAL_MS))) return;
  deps.logger.info({ userId }, 'refused an unauthorised user');
  const t = deps.translate(locale);
  try {
    await ctx.api.sendMessage(userId, t('access-denied', { id: formatId(userId, locale) }));
  } catch (error) {
    deps.logger.warn({ userId, err: error instanceof Error ? error.message : String(error) }, 'could not answer an unauthorised user');
  }
}
