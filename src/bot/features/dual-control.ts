import { Composer } from 'grammy';
import type { AdminChange } from '../../safeguards/dual-control/admin-change.js';
import type { AdminRequestRow } from '../../db/admin-request-store.js';
import { CONFIRM_CHANGE_DATA, REFUSE_CHANGE_DATA, changeWords, untilWords, type DualControlAnnouncer, type DualTextContext } from '../../safeguards/dual-control/dual-control-announcer.js';
import type { DecideOutcome, DualControl } from '../../safeguards/dual-control/dual-control.js';
import type { Logger } from '../../logger.js';
import { plain } from '../../text/formatted.js';
import type { Locale } from '../../text/i18n.js';
import type { BaseContext } from '../context.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { showInPlace } from '../order-views/in-place.js';
import type { StepUpGate } from '../step-up-gate.js';

export interface DualControlFeatureDeps {
  dual: DualControl;
  announcer: DualControlAnnouncer;
  texts: (locale: Locale) => DualTextContext;
  teamDefault: (rule: Extract<AdminChange, { kind: 'rule' }>['rule']) => number | null;
  /** After a confirmed change was written: a new administrator gets their menu and is told. */
  onApplied?: (request: AdminRequestRow) => Promise<void>;
  /** Step-up confirmation before a Confirm; absent, none. */
  stepUp?: Pick<StepUpGate, 'require' | 'requirePrivately' | 'onCode'>;
  logger: Logger;
}

/** Answers the press; after a step-up code (a message, no press), only a word worth reading is sent. */
async function ack(ctx: BaseContext, answer?: { text: string; show_alert?: boolean }): Promise<void> {
  if (ctx.callbackQuery) await ctx.answerCallbackQuery(answer);
  else if (answer) await ctx.reply(answer.text);
}

const textsOf = (ctx: BaseContext, deps: Pick<DualControlFeatureDeps, 'texts'>): DualTextContext => ({ ...deps.texts(ctx.member.locale), t: ctx.t });

/**
 * Runs a privileged change through dual control. True when the caller
 * applies it now (one administrator, or a change that only makes things
 * safer); otherwise the request went to the other administrators, or could
 * not be made, and the person was told which.
 */
export async function throughDualControl(ctx: BaseContext, deps: DualControlFeatureDeps, change: AdminChange): Promise<boolean> {
  const outcome = await deps.dual.submit(change, ctx.member.telegramId);
  if (outcome.kind === 'immediate') return true;
  const c = textsOf(ctx, deps);
  const words = changeWords(c, change, deps.teamDefault);
  if (outcome.kind === 'held') {
    await ctx.reply(ctx.t('dual-held', { change: words, until: untilWords(c, { expiresAt: new Date(outcome.until) }) }));
    return false;
  }
  await ctx.reply(ctx.t('dual-asked', { change: words, until: untilWords(c, outcome.request) }));
  await deps.announcer.cards(outcome.request, outcome.approvers);
  return false;
}

/** A privileged change made at once, told to every other administrator in their language. */
export async function announceImmediate(ctx: BaseContext, deps: Pick<DualControlFeatureDeps, 'announcer'>, what: (c: DualTextContext) => string): Promise<void> {
  const by = ctx.member.telegramId;
  await deps.announcer.news((c) => c.t('dual-news-immediate', { by: c.describePerson(by), what: what(c) }), by);
}

/**
 * Confirm and Refuse on the cards of privileged changes. The press carries
 * only the request's id: whether it is still pending and in time, whether
 * the presser is an administrator now and not the one who asked, are all
 * decided again by the service from the database.
 */
export function dualControlFeature(deps: DualControlFeatureDeps) {
  const composer = new Composer<BaseContext>();

  async function answer(ctx: BaseContext, outcome: DecideOutcome): Promise<void> {
    const by = ctx.member.telegramId;
    const c = textsOf(ctx, deps);
    switch (outcome.kind) {
      case 'own-request':
      case 'not-admin':
        // The card stays for those who may decide it.
        await ack(ctx, { text: ctx.t(`dual-${outcome.kind}`), show_alert: true });
        return;
      case 'not-found':
        await ack(ctx);
        await showInPlace(ctx, { text: plain(ctx.t('dual-not-found')) });
        return;
      case 'not-pending':
      case 'expired': {
        await ack(ctx);
        const state = outcome.kind === 'expired' ? 'expired' : outcome.request.state;
        await showInPlace(ctx, { text: plain(`${changeWords(c, outcome.request.change, deps.teamDefault)}\n${ctx.t(`dual-already-${state === 'pending' ? 'expired' : state}`)}`) });
        return;
      }
      case 'failed':
        await ack(ctx);
        await showInPlace(ctx, { text: plain(ctx.t('dual-failed')) });
        await deps.announcer.settle(outcome.request);
        return;
      default:
        await ack(ctx);
        if (outcome.kind === 'confirmed') await deps.onApplied?.(outcome.request);
        await showInPlace(ctx, { text: plain(deps.announcer.outcomeLine(outcome, by, c) ?? '') });
        await deps.announcer.outcome(outcome, by, by);
    }
  }

  async function confirm(ctx: BaseContext, id: number): Promise<void> {
    const outcome = await deps.dual.confirm(id, ctx.member.telegramId);
    deps.logger.info({ requestId: id, by: ctx.member.telegramId, outcome: outcome.kind }, 'privileged change confirm pressed');
    await answer(ctx, outcome);
  }

  composer.callbackQuery(CONFIRM_CHANGE_DATA, adminsOnly, async (ctx) => {
    const id = Number(ctx.match[1]);
    const request = deps.stepUp ? await deps.dual.get(id) : null;
    // The second administrator's Confirm is what a stolen account needs to pass dual control: a code from their own authenticator first.
    // A request that cannot be confirmed anyway (decided, their own) is answered without one.
    if (deps.stepUp && request?.state === 'pending' && request.requesterId !== ctx.member.telegramId) {
      const what = ctx.t('step-up-what-confirm', { change: changeWords(textsOf(ctx, deps), request.change, deps.teamDefault) });
      if (ctx.chat?.type !== 'private') {
        // In the administrators' group the code is asked, and typed, in the presser's private chat: never where the group reads it.
        const asked = await deps.stepUp.requirePrivately(ctx, { kind: 'dual-confirm', requestId: id }, what);
        if (asked !== 'pass') return void (await ctx.answerCallbackQuery({ text: ctx.t(asked === 'told' ? 'dual-code-asked-privately' : 'dual-open-private-chat'), show_alert: asked !== 'told' }));
      } else if (!(await deps.stepUp.require(ctx, { kind: 'dual-confirm', requestId: id }, what))) return void (await ctx.answerCallbackQuery());
    }
    await confirm(ctx, id);
  });
  // Every check (pending, in time, an administrator now, not their own) is made again by the service.
  deps.stepUp?.onCode('dual-confirm', (ctx, action) => confirm(ctx, action.requestId));

  composer.callbackQuery(REFUSE_CHANGE_DATA, adminsOnly, async (ctx) => {
    const id = Number(ctx.match[1]);
    const outcome = await deps.dual.refuse(id, ctx.member.telegramId);
    deps.logger.info({ requestId: id, by: ctx.member.telegramId, outcome: outcome.kind }, 'privileged change refuse pressed');
    await answer(ctx, outcome);
  });

  return composer;
}
