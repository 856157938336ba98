import type { StepUpAction } from '../../safeguards/step-up/step-up.js';
import type { BaseContext } from '../context.js';
import type { GroupCard } from '../order-views/in-place.js';
import type { StepUpGate } from '../step-up-gate.js';

/**
 * What an order's approval card and a batch's share when Approve is
 * pressed on them, privately or in the administrators' group: which card
 * was pressed, and the approver's own step-up code asked before deciding.
 */

/** The card whose button was pressed, answered in place: settling the other copies leaves it as that answer left it. */
export const pressedCard = (ctx: BaseContext): GroupCard | undefined => {
  const messageId = ctx.callbackQuery?.message?.message_id;
  return ctx.chat && messageId !== undefined ? { chatId: ctx.chat.id, messageId } : undefined;
};

/** The step-up action that carries the decision on once the code is typed; `card`: the group's card pressed, which shows the outcome then. */
export type ApproveAction = (card?: GroupCard) => Extract<StepUpAction, { kind: 'approve' | 'approve-batch' }>;

/**
 * Asks the approver's own code, where step-up is on, before an Approve
 * pressed on a card goes ahead: call it only for a request that still
 * waits and that this administrator may decide (every check is made again
 * after the code). True: decide now (step-up is off, or passes). False:
 * the press is answered: a code was asked, or why none can be was said.
 * A press in the group asks the code, and has it typed, in the presser's
 * private chat, never where the group reads it. `what(inGroup)`: the
 * request in the words the prompt restates it with.
 */
export async function stepUpBeforeApproving(
  ctx: BaseContext,
  gate: Pick<StepUpGate, 'require' | 'requirePrivately'>,
  action: ApproveAction,
  what: (inGroup: boolean) => string,
): Promise<boolean> {
  // Not a private chat: the administrators' group, the only other chat a card is pressed in.
  if (ctx.chat?.type !== 'private') {
    const asked = await gate.requirePrivately(ctx, action(pressedCard(ctx)), what(true));
    if (asked === 'pass') return true;
    await ctx.answerCallbackQuery({ text: ctx.t(asked === 'told' ? 'approval-code-asked-privately' : 'approval-open-private-chat'), show_alert: asked !== 'told' });
    return false;
  }
  if (await gate.require(ctx, action(), what(false))) return true;
  await ctx.answerCallbackQuery();
  return false;
}
