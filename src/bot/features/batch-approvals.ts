import { Composer } from 'grammy';
import type { BatchApprovalCards } from '../../batches/batch-approval-cards.js';
import type { BatchNotices } from '../../batches/batch-notices.js';
import type { BatchService } from '../../batches/batch-service.js';
import { BATCH_APPROVE_DATA, BATCH_REFUSE_DATA, batchDecidedView, type BatchViewContext } from '../../batches/batch-views.js';
import type { BatchRecord } from '../../db/batch-store.js';
import type { Logger } from '../../logger.js';
import { formatId } from '../../text/format.js';
import type { BaseContext } from '../context.js';
import { chosenKeyboard, GOES_AHEAD, STOPS } from '../keyboard-style.js';
import { showDecided, showOnCard, type GroupCard } from '../order-views/in-place.js';
import { removeKeyboard } from '../send.js';
import type { StepUpGate } from '../step-up-gate.js';
import { pressedCard, stepUpBeforeApproving } from './approval-card-press.js';

export interface BatchApprovalDeps {
  batches: Pick<BatchService, 'get' | 'approve' | 'refuse' | 'mayDecide' | 'waitsForApproval'>;
  /** Where the batch's approval cards went, and how they end. */
  approvalCards: BatchApprovalCards;
  notices: Pick<BatchNotices, 'progress'>;
  /** How the requester (not the reader of this update) is written to. */
  viewFor: (personId: number) => BatchViewContext;
  describePerson: (telegramId: number) => string;
  /** Where step-up is on, approving a batch asks the approver's own code first: in the group, privately. */
  approverStepUp?: Pick<StepUpGate, 'require' | 'requirePrivately' | 'onCode'>;
  logger: Logger;
}

/** Answers the press; after a step-up code (a message, no press), only a word worth reading is sent. */
async function ack(ctx: BaseContext, answer?: { text: string; show_alert?: boolean }): Promise<void> {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery(answer);
  else if (answer) await ctx.reply(answer.text);
}

const inGroup = (ctx: BaseContext) => ctx.chat !== undefined && ctx.chat.type !== 'private';

/**
 * Approve and Refuse on a batch's approval card, privately or in the
 * administrators' group. The press carries only the batch's id: whether it
 * still waits, and whether the presser is an administrator now who may
 * decide it, are read again at the press (and again after a step-up code).
 * In the group whoever asked for the batch never decides it, and the
 * step-up code is asked and typed in the presser's private chat. Once
 * decided, every copy of the card says who approved or refused it.
 */
export function batchApprovalsFeature(deps: BatchApprovalDeps) {
  const composer = new Composer<BaseContext>();

  composer.callbackQuery([BATCH_APPROVE_DATA, BATCH_REFUSE_DATA], async (ctx) => {
    const verb = BATCH_APPROVE_DATA.test(ctx.callbackQuery.data) ? 'ap' : 'rf';
    const id = Number((ctx.match as RegExpMatchArray)[1]);
    const by = ctx.member.telegramId;
    if (ctx.member.role !== 'admin') return void (await ctx.answerCallbackQuery({ text: ctx.t('admin-only') }));
    const batch = await deps.batches.get(id);
    // In the administrators' group whoever asked for the batch never decides it, alone or not.
    if (inGroup(ctx) && batch?.requesterId === by) return void (await ctx.answerCallbackQuery({ text: ctx.t('batch-decide-own'), show_alert: true }));
    // The approver's own code first, where step-up is on (not for a batch that no longer waits); every check is made again after it.
    // Their own batch too: the only administrator may approve it, and a stolen account alone must not let it go.
    const stepUp = deps.approverStepUp;
    // Not for a batch past its deadline either: nobody gives a code for a press that can change nothing.
    const decidable = batch !== null && deps.batches.waitsForApproval(batch) && (await deps.batches.mayDecide(batch, by));
    if (verb === 'ap' && stepUp && decidable) {
      const action = (card?: GroupCard) => ({ kind: 'approve-batch' as const, batchId: id, ...(card ? { card } : {}) });
      const what = (group: boolean) => ctx.t(group ? 'step-up-what-batch-group' : 'step-up-what-batch', { id: formatId(id, ctx.member.locale) });
      if (!(await stepUpBeforeApproving(ctx, stepUp, action, what))) return;
    }
    await decide(ctx, verb, id);
  });
  // After the approver's code (a message in their private chat, no press): `card` is the group's card whose Approve asked for it.
  deps.approverStepUp?.onCode('approve-batch', (ctx, action) => decide(ctx, 'ap', action.batchId, action.card));

  async function decide(ctx: BaseContext, verb: 'ap' | 'rf', id: number, groupCard?: GroupCard): Promise<void> {
    // Read fresh after a code too: someone demoted while the code was asked decides nothing.
    if (ctx.member.role !== 'admin') return ack(ctx, { text: ctx.t('admin-only') });
    const by = ctx.member.telegramId;
    const outcome = verb === 'ap' ? await deps.batches.approve(id, by) : await deps.batches.refuse(id, by);
    if (outcome.kind === 'own') return ack(ctx, { text: ctx.t('batch-approve-own'), show_alert: inGroup(ctx) });
    const pressed = pressedCard(ctx);
    // Past its deadline nothing changes: the expiry sweep says so on every copy (or already did) and tells the orderer.
    if (outcome.kind === 'expired' || outcome.kind === 'not-waiting' || !outcome.batch) {
      await ack(ctx, { text: ctx.t(outcome.kind === 'expired' ? 'batch-approval-expired-press' : 'batch-approval-settled') });
      if (pressed) await removeKeyboard(ctx.api, pressed.chatId, pressed.messageId);
      return;
    }
    await ack(ctx);
    const batch = outcome.batch;
    const decision = { kind: outcome.kind, by: deps.describePerson(by) };
    // A card in the group is everyone's: it says who decided, not "you", with the pressed button kept, disabled.
    const decidedCard = (chatId: number) => {
      const c = deps.approvalCards.viewOf(chatId);
      const chosen = outcome.kind === 'approved' ? chosenKeyboard(c.t('batch-button-approve'), GOES_AHEAD) : chosenKeyboard(c.t('batch-button-refuse'), STOPS);
      return { text: batchDecidedView(c, batch, deps.describePerson(batch.requesterId), decision), keyboard: chosen };
    };
    const key = outcome.kind === 'approved' ? 'batch-approved' : 'batch-refused';
    if (pressed && inGroup(ctx)) await showDecided(ctx, decidedCard(pressed.chatId), deps.logger);
    else {
      if (pressed) await removeKeyboard(ctx.api, pressed.chatId, pressed.messageId);
      await ctx.reply(ctx.t(`${key}-admin`, { id: formatId(batch.id, ctx.member.locale) }));
    }
    if (groupCard) await showOnCard(ctx.api, groupCard, decidedCard(groupCard.chatId), deps.logger);
    await deps.approvalCards.settle(batch, decision, groupCard ?? pressed);
    await tellRequester(ctx, batch, key);
    if (outcome.kind === 'approved') await deps.notices.progress(batch, { force: true });
  }

  async function tellRequester(ctx: BaseContext, batch: BatchRecord, key: 'batch-approved' | 'batch-refused'): Promise<void> {
    const requester = deps.viewFor(batch.requesterId);
    await ctx.api.sendMessage(batch.chatId, requester.t(key, { id: formatId(batch.id, requester.locale) })).catch(() => undefined);
  }

  return composer;
}
