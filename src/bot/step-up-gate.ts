import type { MiddlewareFn } from 'grammy';
import type { Logger } from '../logger.js';
import { STEP_UP_CODE_VALID_MS, type StepUp, type StepUpAction } from '../safeguards/step-up/step-up.js';
import { formatNumber } from '../text/format.js';
import { plain } from '../text/formatted.js';
import type { BaseContext } from './context.js';
import type { DescribePerson } from './describe-person.js';
import type { TellPerson } from './tell-person.js';
import { normaliseDigits } from '../text/digits.js';
import { showDateTimeWithZone } from '../text/presentation.js';
import { readerView } from './reader-view.js';

type Kind = StepUpAction['kind'];
type Resume<K extends Kind> = (ctx: BaseContext, action: Extract<StepUpAction, { kind: K }>) => Promise<void>;

/**
 * Where the guarded actions ask for a step-up code, and where the code the
 * person sends next runs the one action it was asked for. Each guarded
 * feature registers how to carry its action on (`onCode`); the code never
 * reaches any other handler.
 */
export interface StepUpGate {
  /**
   * True: go ahead now (step-up off). False: the person was asked for a
   * code for this action, restated as `what`, or told why it cannot be.
   */
  require(ctx: BaseContext, action: StepUpAction, what: string): Promise<boolean>;
  /**
   * `passOn`: after `resume`, the message goes on down the chain, for an
   * action that lives in a conversation (an order's Confirm): the
   * conversation takes it from there.
   */
  onCode<K extends Kind>(kind: K, resume: Resume<K>, options?: { passOn?: boolean }): void;
  /**
   * Takes six-digit messages that answer a prompt or finish an enrolment;
   * everything else goes on. A command or a button press withdraws a
   * waiting prompt first: a code answers only the prompt asked last.
   */
  answers: MiddlewareFn<BaseContext>;
}

interface StepUpGateDeps {
  stepUp: StepUp;
  describePerson: DescribePerson;
  tellPerson: TellPerson;
  logger: Logger;
}

const when = (ctx: BaseContext, ms: number) => showDateTimeWithZone(readerView(ctx), ms);

export function createStepUpGate(deps: StepUpGateDeps): StepUpGate {
  const { stepUp } = deps;
  const resumes = new Map<Kind, { resume: Resume<Kind>; passOn: boolean }>();

  /** The first right code after /stepup enrol: the QR message goes, and the enrolment is in force or waits for another administrator. */
  async function finishEnrolment(ctx: BaseContext, code: string): Promise<boolean> {
    const id = ctx.member.telegramId;
    const qr = await stepUp.qrMessage(id);
    const answer = await stepUp.finishEnrolment(id, code);
    switch (answer.kind) {
      case 'not-enrolling':
        return false;
      case 'wrong':
        await ctx.reply(ctx.t('step-up-wrong', { left: formatNumber(answer.left, ctx.member.locale) }));
        return true;
      case 'locked':
        await ctx.reply(ctx.t('step-up-locked', { when: when(ctx, answer.until) }));
        return true;
    }
    // The secret was shown in that message: once the app has it, the chat need not keep it.
    if (qr !== null) {
      await ctx.api.deleteMessage(id, qr).catch((error: unknown) => deps.logger.warn({ personId: id, err: error instanceof Error ? error.message : String(error) }, 'could not delete the step-up QR message'));
      await stepUp.setQrMessage(id, null);
    }
    if (answer.kind === 'held') {
      await ctx.reply(ctx.t('step-up-enrol-held', { until: when(ctx, answer.until) }));
      return true;
    }
    if (answer.kind === 'active') {
      await ctx.reply(ctx.t('step-up-enrolled'));
      return true;
    }
    await ctx.reply(ctx.t('step-up-enrolled-waiting'));
    const person = deps.describePerson(id);
    for (const adminId of answer.approvers) await deps.tellPerson(adminId, (t) => plain(t('step-up-approve-ask', { person, id: String(id) })));
    return true;
  }

  return {
    async require(ctx, action, what) {
      const asked = await stepUp.ask(ctx.member.telegramId, action);
      // A card pressed in the administrators' group: the code is asked, and typed, in the presser's private chat, never where the group reads it.
      const say = (text: string) => (ctx.chat?.type === 'private' ? ctx.reply(text) : ctx.api.sendMessage(ctx.member.telegramId, text));
      switch (asked.kind) {
        case 'pass':
          return true;
        case 'asked':
          await say(ctx.t('step-up-ask', { what, minutes: formatNumber(STEP_UP_CODE_VALID_MS / 60_000, ctx.member.locale) }));
          return false;
        case 'locked':
          await say(ctx.t('step-up-locked', { when: when(ctx, asked.until) }));
          return false;
        default:
          await say(ctx.t(asked.kind === 'no-key' ? 'step-up-no-key' : asked.kind === 'waiting-approval' ? 'step-up-waiting' : 'step-up-not-enrolled'));
          return false;
      }
    },

    onCode(kind, resume, options) {
      resumes.set(kind, { resume: resume as unknown as Resume<Kind>, passOn: options?.passOn ?? false });
    },

    async answers(ctx, next) {
      if (!ctx.member) return next();
      const text = ctx.message?.text;
      // A command or a button press starts something else: the prompt is no longer the last thing asked.
      if (ctx.callbackQuery !== undefined || text?.startsWith('/')) {
        await stepUp.withdraw(ctx.member.telegramId);
        return next();
      }
      if (text === undefined) return next();
      // "123 456" as some apps show it, and typed on a Persian or Arabic keyboard.
      const code = normaliseDigits(text).replace(/\s+/g, '');
      if (!/^\d{6}$/.test(code)) return next();
      const id = ctx.member.telegramId;
      const outcome = await stepUp.answer(id, code);
      switch (outcome.kind) {
        case 'no-prompt':
          if (!(await finishEnrolment(ctx, code))) await next();
          return;
        case 'wrong':
          await ctx.reply(ctx.t('step-up-wrong', { left: formatNumber(outcome.left, ctx.member.locale) }));
          return;
        case 'locked':
          await ctx.reply(ctx.t('step-up-locked', { when: when(ctx, outcome.until) }));
          return;
        case 'expired':
        case 'replayed':
          await ctx.reply(ctx.t(`step-up-${outcome.kind}`));
          return;
        case 'accepted': {
          const carry = resumes.get(outcome.action.kind);
          if (!carry) {
            deps.logger.error({ personId: id, action: outcome.action.kind }, 'a step-up code was accepted for an action nothing carries on');
            return;
          }
          await carry.resume(ctx, outcome.action);
          if (carry.passOn) await next();
        }
      }
    },
  };
}
