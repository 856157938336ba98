import { Composer } from 'grammy';
import type { OrderingPauseStore } from '../../db/ordering-pause-store.js';
import type { Logger } from '../../logger.js';
import type { BaseContext } from '../context.js';
import type { DescribePerson } from '../describe-person.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { pauseStatusText } from '../ordering-pause-text.js';
import type { TellPerson } from '../tell-person.js';
import { plain } from '../../text/formatted.js';
import { readerView } from '../reader-view.js';
import type { NotifyOtherAdmins } from '../notify-other-admins.js';

/**
 * /pause [reason]   stop every order until /resume
 * /resume           open ordering again
 *
 * The switch for administrators: the provider pauses ordering on its own
 * when it refuses our key, but only a person can tell that it is safe to
 * spend again. The other administrators hear who did it; at /resume, so
 * does everyone whose order waits half-way.
 */
export function orderingPauseFeature(deps: {
  pauses: OrderingPauseStore;
  notifyOtherAdmins: NotifyOtherAdmins;
  /** Names the administrator as every other notice does: "Name (@user)", their ID only when never seen. */
  describePerson: DescribePerson;
  /** The private chats whose order, left half-way, can still be taken up (kept-orders.ts). */
  keptOrders: () => Promise<number[]>;
  /** Whether the person may order now: a viewer, or someone removed meanwhile, is not sent back to an order. */
  mayOrder: (telegramId: number) => boolean;
  tellPerson: TellPerson;
  logger: Logger;
}) {
  const composer = new Composer<BaseContext>();
  const nameOf = (ctx: BaseContext) => deps.describePerson(ctx.member.telegramId);

  /** Whoever met the pause half-way through an order hears that they can go on, instead of finding out by chance. */
  async function tellKeptOrders(resumedBy: number): Promise<void> {
    let told = 0;
    for (const chatId of await deps.keptOrders()) {
      // The administrator who resumed has just read that ordering is open.
      if (chatId === resumedBy || !deps.mayOrder(chatId)) continue;
      if (await deps.tellPerson(chatId, (t) => plain(t('resume-order-kept')))) told += 1;
    }
    deps.logger.info({ told }, 'people with a kept order were told that ordering is open again');
  }

  composer.command('pause', adminsOnly, async (ctx) => {
    const reason = ctx.match.trim() || null;
    const { started, pause } = await deps.pauses.pause({ source: 'admin', reason, by: ctx.member.telegramId });
    const status = pauseStatusText(readerView(ctx), pause);
    if (!started) {
      await ctx.reply(`${status}\n${ctx.t('pause-already')}`);
      return;
    }
    deps.logger.warn({ actorId: ctx.member.telegramId }, 'ordering paused by an administrator');
    await ctx.reply(ctx.t('pause-done'));
    await deps.notifyOtherAdmins(ctx.member.telegramId, (t) =>
      t('pause-by-other-admin', { name: nameOf(ctx), reason: pause.reason ?? t('ordering-pause-no-reason') }),
    );
  });

  composer.command('resume', adminsOnly, async (ctx) => {
    const ended = await deps.pauses.resume(ctx.member.telegramId);
    if (!ended) {
      await ctx.reply(ctx.t('resume-not-paused'));
      return;
    }
    deps.logger.warn({ actorId: ctx.member.telegramId, wasPausedBy: ended.source }, 'ordering resumed by an administrator');
    await ctx.reply(ctx.t(ended.source === 'provider' ? 'resume-done-provider' : 'resume-done'));
    await deps.notifyOtherAdmins(ctx.member.telegramId, (t) => t('resume-by-other-admin', { name: nameOf(ctx) }));
    await tellKeptOrders(ctx.member.telegramId);
  });
  return composer;
}
