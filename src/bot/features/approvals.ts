import type { CostCentreName } from '../../domain/cost-centre.js';
import { Composer } from 'grammy';
import type { ApprovalAnnouncer } from '../../orders/approval-announcer.js';
import type { ApprovalRow, ApprovalService, ApproveOutcome, Blocked } from '../../orders/approval-service.js';
import { totalOf } from '../../db/approval-store.js';
import { adminSummary, APPROVE_DATA, approvalLine, notPendingText, REJECT_DATA, withdrawData, type ApprovalTextContext, type OverBudget } from '../../orders/approval-texts.js';
import { isSettledApproval } from '../../domain/approvals.js';
import type { Logger } from '../../logger.js';
import type { SpendingRuleBook } from '../../orders/spending-rules.js';
import { formatAmount, formatId } from '../../text/format.js';
import { bold, joinLines, plain } from '../../text/formatted.js';
import type { Locale, Translate } from '../../text/i18n.js';
import type { BaseContext } from '../context.js';
import { describePlaceResult, placeResultText } from '../conversations/order/place.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { parseApprovalsCommand } from './approvals-command.js';
import type { Trouble } from '../provider-trouble.js';
import { sendFormatted, type Outgoing } from '../send.js';
import { keyboardOf } from '../send-port.js';
import { chosenKeyboard, GOES_AHEAD, STOPS } from '../keyboard-style.js';
import { showDecided, showInPlace, showOnCard, type GroupCard } from '../order-views/in-place.js';
import { changeWords } from '../../safeguards/dual-control/dual-control-announcer.js';
import type { AdminChange } from '../../safeguards/dual-control/admin-change.js';
import { announceImmediate, throughDualControl, type DualControlFeatureDeps } from './dual-control.js';
import type { StepUpGate } from '../step-up-gate.js';
import { pressedCard, stepUpBeforeApproving } from './approval-card-press.js';
import { showAmount, showDateTime, showZone } from '../../text/presentation.js';

interface ApprovalsFeatureDeps {
  approvals: ApprovalService;
  announcer: ApprovalAnnouncer;
  rules: Pick<SpendingRuleBook, 'setDefault' | 'defaults'>;
  texts: (locale: Locale) => ApprovalTextContext;
  /** The cost centre a request names, by id, for its card shown again; absent, none is shown. */
  costCentreOf?: (id: number) => Promise<CostCentreName | null>;
  /** Whether the request would take its cost centre over the month's budget, as its first card said; absent, not shown. */
  overBudget?: (approval: ApprovalRow) => Promise<({ ok: false } & OverBudget) | { ok: true }>;
  onProviderTrouble: (error: unknown, context: string) => Promise<Trouble>;
  troubleText: (t: Translate, trouble: Trouble) => string;
  /** Raising or turning off the threshold waits for a second administrator; every change is told to the others. */
  dual?: DualControlFeatureDeps;
  /** Where step-up is on, Approve asks the approver's own code first: a stolen account alone cannot let money go. */
  stepUp?: Pick<StepUpGate, 'require' | 'requirePrivately' | 'onCode'>;
  logger: Logger;
}

/** Waiting requests listed by /approvals; the rest are counted, so the list fits one message. */
const LISTED = 25;

/**
 * Approve and Reject on the summaries administrators receive, and
 * /approvals to list the waiting requests, reject one with a reason, or set
 * the team's approval threshold. Presses are answered at once; what became
 * of the request then replaces the summary the administrator pressed.
 */
export function approvalsFeature(deps: ApprovalsFeatureDeps) {
  const composer = new Composer<BaseContext>();
  const textsOf = (ctx: BaseContext) => ({ ...deps.texts(ctx.member.locale), t: ctx.t });
  const money = (c: ApprovalTextContext, value: number) => showAmount(c, value);

  const overBudgetOf = async (approval: ApprovalRow) =>
    deps.overBudget ? await deps.overBudget(approval).then((verdict) => (verdict.ok ? null : verdict)).catch(() => null) : null;

  /** The summary again, with why it was not placed and buttons for the numbers it holds now. */
  async function showAgain(ctx: BaseContext, approval: ApprovalRow, notice: string, balance: number | null) {
    const c = textsOf(ctx);
    const summary = adminSummary(c, approval, {
      balance,
      threshold: deps.approvals.thresholdFor(approval.requesterId),
      selfApproval: approval.requesterId === ctx.member.telegramId,
      notice,
      costCentre: approval.costCentreId === null ? null : ((await deps.costCentreOf?.(approval.costCentreId)) ?? null),
      overBudget: await overBudgetOf(approval),
    });
    await showInPlace(ctx, { text: summary.text, keyboard: keyboardOf(summary.buttons) });
  }

  async function blockedNotice(ctx: BaseContext, approval: ApprovalRow, blocked: Blocked): Promise<string> {
    const c = textsOf(ctx);
    switch (blocked.kind) {
      case 'paused':
        return ctx.t('approval-blocked-paused');
      case 'hidden':
        return ctx.t('approval-blocked-hidden', { product: blocked.product });
      case 'funds':
        return ctx.t('approval-blocked-funds', { balance: money(c, blocked.balance), total: money(c, totalOf(approval)) });
      case 'limit':
        return ctx.t('approval-blocked-limit', {
          person: c.describePerson(approval.requesterId),
          reason: ctx.t('approval-blocked-limit-reason', {
            kind: ctx.t(`limits-kind-${blocked.verdict.limit}`),
            cap: money(c, blocked.verdict.cap),
            left: money(c, blocked.verdict.left),
          }),
        });
      case 'unchecked':
        return ctx.t('approval-blocked-unchecked', { reason: deps.troubleText(ctx.t, await deps.onProviderTrouble(blocked.error, 'approval check')) });
    }
  }

  /** `groupCard`: the group's card whose Approve asked for the code now typed privately; it shows the approval too. */
  async function answerApprove(ctx: BaseContext, outcome: ApproveOutcome, id: number, groupCard?: GroupCard): Promise<void> {
    await answerApproveInPlace(ctx, outcome, id, groupCard);
    if ('approval' in outcome) await settleIfDecided(outcome.approval, groupCard && outcome.kind === 'placed' ? groupCard : pressedCard(ctx));
  }

  /** The approval in place, and on the group's card where the code for it was asked by a press there. */
  async function showApproved(ctx: BaseContext, groupCard: GroupCard | undefined, message: (done: 'approval-done' | 'approval-done-by') => Outgoing): Promise<void> {
    // In the administrators' group the card is everyone's: it names who approved it, not "you".
    await showDecided(ctx, message(ctx.chat?.type === 'private' ? 'approval-done' : 'approval-done-by'), deps.logger);
    if (groupCard) await showOnCard(ctx.api, groupCard, message('approval-done-by'), deps.logger);
  }

  /**
   * Once a request is decided or expired, every administrator's copy loses
   * its buttons. One being approved right now may still come back to
   * waiting (a price changed, a limit blocks it): its buttons stay.
   */
  async function settleIfDecided(approval: ApprovalRow, answered?: { chatId: number; messageId: number }): Promise<void> {
    if (isSettledApproval(approval.state)) await deps.announcer.settle(approval, answered);
  }

  async function answerApproveInPlace(ctx: BaseContext, outcome: ApproveOutcome, id: number, groupCard?: GroupCard): Promise<void> {
    const c = textsOf(ctx);
    switch (outcome.kind) {
      case 'not-found':
        await showInPlace(ctx, { text: plain(ctx.t('approval-not-found', { id: formatId(id, ctx.member.locale) })) });
        return;
      case 'not-pending':
      case 'stale':
        await showInPlace(ctx, { text: joinLines(approvalLine(c, outcome.approval), notPendingText(c, outcome.approval)) });
        return;
      case 'expired':
        await showInPlace(ctx, { text: joinLines(approvalLine(c, outcome.approval), ctx.t('approval-already-expired')) });
        return;
      case 'requester-cannot-order':
        await showInPlace(ctx, {
          text: joinLines(approvalLine(c, outcome.approval), ctx.t('approval-requester-cannot-order', { person: c.describePerson(outcome.approval.requesterId) })),
        });
        return;
      case 'own-order':
        await ctx.reply(ctx.t('approval-own-order'));
        return;
      case 'blocked':
        await showAgain(ctx, outcome.approval, await blockedNotice(ctx, outcome.approval, outcome.blocked), outcome.blocked.kind === 'funds' ? outcome.blocked.balance : null);
        return;
      case 'changed': {
        const { approval, change } = outcome;
        if (change.kind === 'price') {
          const several = change.across !== undefined;
          const notice = (t: Translate, locale: Locale) =>
            t(several ? 'approval-changed-prices' : 'approval-changed-price', {
              product: change.product,
              count: change.across ?? 1,
              from: formatAmount(change.from, locale, c.amountUnit),
              to: formatAmount(change.to, locale, c.amountUnit),
            });
          await showAgain(ctx, approval, notice(ctx.t, c.locale), outcome.balance);
          // Their summaries carry the old revision now: each gets the new one.
          const others = deps.approvals.approversFor(approval).filter((adminId) => adminId !== ctx.member.telegramId);
          if (others.length > 0) await announceTo(others, approval, (o) => notice(o.t, o.locale));
          // Asked to pay more than they confirmed, the orderer may withdraw while no administrator has approved it yet.
          await deps.announcer.tellRequester(
            approval,
            (o) =>
              o.t(several ? 'approval-staff-prices-changed' : 'approval-staff-price-changed', {
                order: approvalLine(o, approval),
                product: change.product,
                count: change.across ?? 1,
                from: showAmount(o, change.from),
                to: showAmount(o, change.to),
              }),
            (o) => [[{ text: o.t('btn-withdraw'), callbackData: withdrawData(approval) }]],
          );
          return;
        }
        const notice =
          change.kind === 'stock'
            ? ctx.t('approval-changed-stock', { stock: change.stock, product: change.product })
            : ctx.t('approval-changed-region', { product: change.product });
        await showAgain(ctx, approval, notice, outcome.balance);
        return;
      }
      case 'failed':
        await showInPlace(ctx, { text: joinLines(approvalLine(c, outcome.approval), ctx.t('approval-failed')) });
        await deps.announcer.tellRequester(outcome.approval, (o) => `${o.t('approval-staff-approved', { order: approvalLine(o, outcome.approval), person: o.describePerson(ctx.member.telegramId) })}\n${o.t('order-failed-internal')}`);
        return;
      case 'placed': {
        const described = describePlaceResult(outcome.result);
        const recap = described.recap;
        // The provider's price moved between the check at Approve and the POST: said plainly to both.
        const charged = (o: Pick<ApprovalTextContext, 't' | 'locale' | 'amountUnit'>) =>
          recap && recap.amount !== recap.confirmed
            ? `\n${o.t('approval-charged-other-amount', { charged: showAmount(o, recap.amount), confirmed: showAmount(o, recap.confirmed) })}`
            : '';
        const result = (o: Pick<ApprovalTextContext, 't' | 'locale' | 'amountUnit'>) =>
          placeResultText(o.t, described) + charged(o);
        await showApproved(ctx, groupCard, (done) => ({
          text: joinLines(bold(ctx.t(outcome.selfApproved ? 'approval-done-self' : done, { order: approvalLine(c, outcome.approval), by: c.describePerson(ctx.member.telegramId) })), result(c)),
          // Approve stays, disabled: the card still shows what was pressed, and nothing on it can be pressed again.
          keyboard: chosenKeyboard(ctx.t('btn-approve'), GOES_AHEAD),
        }));
        if (!outcome.selfApproved) {
          await deps.announcer.tellRequester(outcome.approval, (o) =>
            `${o.t('approval-staff-approved', { order: approvalLine(o, outcome.approval), person: o.describePerson(ctx.member.telegramId) })}\n${result(o)}`,
          );
        }
        return;
      }
    }
  }

  /** Sends the request's summary with a notice to these administrators only. */
  async function announceTo(ids: number[], approval: ApprovalRow, notice: (c: ApprovalTextContext) => string) {
    await deps.announcer.announce(approval, notice, ids);
  }

  async function approve(ctx: BaseContext, id: number, revision: number, groupCard?: GroupCard): Promise<void> {
    // Read fresh after a code too: someone demoted while the code was asked approves nothing.
    if (ctx.member.role !== 'admin') return void (await ctx.reply(ctx.t('admin-only')));
    const outcome = await deps.approvals.approve(id, ctx.member.telegramId, revision);
    deps.logger.info({ approvalId: id, approverId: ctx.member.telegramId, outcome: outcome.kind }, 'approve pressed');
    await answerApprove(ctx, outcome, id, groupCard);
  }

  composer.callbackQuery(APPROVE_DATA, adminsOnly, async (ctx) => {
    const [id, revision] = [Number(ctx.match[1]), Number(ctx.match[2])];
    // In the administrators' group whoever asked for the order never approves it, alone or not.
    if (ctx.chat?.type !== 'private' && (await deps.approvals.get(id))?.requesterId === ctx.member.telegramId) return void (await ctx.answerCallbackQuery({ text: ctx.t('approval-own-order'), show_alert: true }));
    // The approver's own code first, where step-up is on (not for a request that no longer waits); every check is made again after it.
    // Their own order too, where they may approve it (the only administrator): a stolen account alone must not let it go.
    const request = deps.stepUp ? await deps.approvals.get(id) : null;
    const decidable = request?.state === 'pending' && (await deps.approvals.mayDecide(request, ctx.member.telegramId));
    if (deps.stepUp && decidable) {
      const action = (card?: GroupCard) => ({ kind: 'approve' as const, approvalId: id, revision, ...(card ? { card } : {}) });
      const what = (inGroup: boolean) => ctx.t(inGroup ? 'step-up-what-approval-group' : 'step-up-what-approval', { id: formatId(id, ctx.member.locale) });
      if (!(await stepUpBeforeApproving(ctx, deps.stepUp, action, what))) return;
    }
    // Answered before the provider is asked: the check may take seconds.
    await ctx.answerCallbackQuery({ text: ctx.t('approval-checking') });
    await approve(ctx, id, revision);
  });
  deps.stepUp?.onCode('approve', (ctx, action) => approve(ctx, action.approvalId, action.revision, action.card));

  /** What to say to the administrator, and whether this call rejected it (not found or decided before: nothing was). */
  async function reject(ctx: BaseContext, id: number, reason: string | null): Promise<{ text: string; rejected: boolean }> {
    const c = textsOf(ctx);
    const outcome = await deps.approvals.reject(id, ctx.member.telegramId, reason);
    if (outcome.kind === 'not-found') return { text: ctx.t('approval-not-found', { id: formatId(id, ctx.member.locale) }), rejected: false };
    // A pressed Reject is answered in place below, with Reject kept: only the other copies are settled here.
    await settleIfDecided(outcome.approval, outcome.kind === 'not-pending' ? undefined : pressedCard(ctx));
    if (outcome.kind === 'not-pending') return { text: `${approvalLine(c, outcome.approval)}\n${notPendingText(c, outcome.approval)}`, rejected: false };
    const approval = outcome.approval;
    deps.logger.info({ approvalId: id, by: ctx.member.telegramId }, 'approval rejected');
    if (approval.requesterId !== ctx.member.telegramId) {
      await deps.announcer.tellRequester(approval, (o) =>
        [
          o.t('approval-staff-rejected', { order: approvalLine(o, approval), person: o.describePerson(ctx.member.telegramId) }),
          reason === null ? null : o.t('approval-staff-rejected-reason', { reason }),
        ]
          .filter((line) => line !== null)
          .join('\n'),
      );
    }
    return { text: `${approvalLine(c, approval)}\n${ctx.t(ctx.chat?.type !== 'private' ? 'approval-rejected-done-by' : 'approval-rejected-done', { person: c.describePerson(approval.requesterId), by: c.describePerson(ctx.member.telegramId) })}`, rejected: true };
  }

  composer.callbackQuery(REJECT_DATA, adminsOnly, async (ctx) => {
    await ctx.answerCallbackQuery();
    const answer = await reject(ctx, Number(ctx.match[1]), null);
    // Reject stays, disabled: the card still shows what was pressed, and nothing on it can be pressed again.
    await showInPlace(ctx, { text: plain(answer.text), ...(answer.rejected ? { keyboard: chosenKeyboard(ctx.t('btn-reject'), STOPS) } : {}) });
  });

  composer.command('approvals', adminsOnly, async (ctx) => {
    const command = parseApprovalsCommand(ctx.match);
    const c = textsOf(ctx);
    switch (command.kind) {
      case 'usage':
        await ctx.reply(ctx.t('approvals-usage'));
        return;
      case 'threshold': {
        const change: AdminChange = { kind: 'rule', personId: null, rule: 'approval', value: command.value, reset: false };
        if (deps.dual && !(await throughDualControl(ctx, deps.dual, change))) return;
        const before = deps.rules.defaults().approval;
        await deps.rules.setDefault('approval', command.value, ctx.member.telegramId);
        const dual = deps.dual;
        if (dual && before !== command.value) await announceImmediate(ctx, dual, (o) => changeWords(o, change, dual.teamDefault));
        await ctx.reply(
          command.value === null ? ctx.t('approvals-threshold-off') : ctx.t('approvals-threshold-set', { amount: money(c, command.value) }),
        );
        return;
      }
      case 'reject':
        await ctx.reply((await reject(ctx, command.id, command.reason)).text);
        return;
      case 'list': {
        const pending = await deps.approvals.listPending();
        const threshold = deps.rules.defaults().approval;
        const lines = pending.slice(0, LISTED).map((approval) =>
          ctx.t('approvals-list-item', {
            order: approvalLine(c, approval),
            person: c.describePerson(approval.requesterId),
            until: showDateTime(c, approval.expiresAt.getTime()),
          }),
        );
        await sendFormatted(ctx.api, ctx.chat.id, {
          text: joinLines(
            threshold === null ? ctx.t('approvals-threshold-none') : ctx.t('approvals-threshold-now', { amount: money(c, threshold) }),
            '',
            pending.length === 0 ? ctx.t('approvals-none') : bold(ctx.t('approvals-list-title', { count: pending.length })),
            // One line names the zone for every deadline below, as the order lists do.
            pending.length === 0 ? null : ctx.t('times-in-zone', { zone: showZone(c) }),
            ...lines,
            pending.length > LISTED ? ctx.t('approvals-list-more', { count: pending.length - LISTED }) : null,
          ),
        });
        return;
      }
    }
  });

  return composer;
}
