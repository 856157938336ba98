import { Composer } from 'grammy';
import type { Logger } from '../../logger.js';
import type { ApprovalAnnouncer } from '../../orders/approval-announcer.js';
import type { ApprovalService } from '../../orders/approval-service.js';
import { approvalLine, WITHDRAW_DATA, withdrawTooLateText, type ApprovalTextContext } from '../../orders/approval-texts.js';
import { formatId } from '../../text/format.js';
import type { Locale } from '../../text/i18n.js';
import type { BaseContext } from '../context.js';
import { removeKeyboard } from '../send.js';

/**
 * Withdraw, under the news that a waiting order's price changed: the orderer
 * takes their request back before an administrator approves the new total.
 * The store moves it from waiting to withdrawn by compare-and-swap, so an
 * Approve at the same moment either claimed it first (and the orderer is
 * told it is too late) or finds it withdrawn (and places nothing). Every
 * administrator's copy then says it was withdrawn instead of offering Approve.
 */
export function approvalWithdrawFeature(deps: {
  approvals: Pick<ApprovalService, 'withdraw'>;
  announcer: Pick<ApprovalAnnouncer, 'settle'>;
  texts: (locale: Locale) => ApprovalTextContext;
  logger: Logger;
}) {
  const composer = new Composer<BaseContext>();

  async function answer(ctx: BaseContext, id: number): Promise<string> {
    const c = { ...deps.texts(ctx.member.locale), t: ctx.t };
    const outcome = await deps.approvals.withdraw(id, ctx.member.telegramId);
    switch (outcome.kind) {
      case 'withdrawn':
        deps.logger.info({ approvalId: id, requesterId: ctx.member.telegramId }, 'approval withdrawn by its orderer');
        await deps.announcer.settle(outcome.approval);
        return ctx.t('approval-withdrawn-done', { order: approvalLine(c, outcome.approval) });
      case 'not-pending':
        return `${approvalLine(c, outcome.approval)}\n${withdrawTooLateText(c, outcome.approval)}`;
      case 'expired':
        // Past its deadline, before the sweep: the sweep tells everyone it expired.
        return `${approvalLine(c, outcome.approval)}\n${ctx.t('approval-withdraw-expired')}`;
      case 'not-found':
        return ctx.t('approval-not-found', { id: formatId(id, ctx.member.locale) });
    }
  }

  composer.callbackQuery(WITHDRAW_DATA, async (ctx) => {
    await ctx.answerCallbackQuery();
    const text = await answer(ctx, Number(ctx.match[1]));
    // The button has done its work whatever came of it; the news it sat under stays readable.
    const messageId = ctx.callbackQuery.message?.message_id;
    if (messageId !== undefined) await removeKeyboard(ctx.api, ctx.chat?.id ?? ctx.from.id, messageId);
    await ctx.reply(text);
  });

  return composer;
}
