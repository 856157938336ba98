import { Composer, InputFile } from 'grammy';
import { lazyModule } from '../../lazy-module.js';
import type { Logger } from '../../logger.js';
import type { StepUp } from '../../safeguards/step-up/step-up.js';
import { plain } from '../../text/formatted.js';
import type { BaseContext } from '../context.js';
import { readerView } from '../reader-view.js';
import type { DescribePerson } from '../describe-person.js';
import { adminsOnly } from '../middleware/admins-only.js';
import type { StepUpGate } from '../step-up-gate.js';
import type { TellPerson } from '../tell-person.js';
import { throughDualControl, type DualControlFeatureDeps } from './dual-control.js';
import type { OrderStepUp } from '../../safeguards/step-up/order-step-up.js';
import { stepUpOrdersWords } from '../../safeguards/dual-control/dual-control-announcer.js';
import { widens } from '../../safeguards/dual-control/admin-change.js';
import { parseAmountInput } from '../../text/amount-input.js';
import { readerViewOf, showAmount } from '../../text/presentation.js';
import type { NotifyOtherAdmins } from '../notify-other-admins.js';

interface StepUpFeatureDeps {
  stepUp: StepUp;
  /** The order amount above which placing asks for a code. */
  orders?: Pick<OrderStepUp, 'above' | 'setAbove'>;
  gate: Pick<StepUpGate, 'require' | 'onCode'>;
  /** Turning step-up off goes through dual control while there are two administrators. */
  dual?: DualControlFeatureDeps;
  describePerson: DescribePerson;
  tellPerson: TellPerson;
  /** A line to every administrator but `except`, each in their language. */
  notifyOtherAdmins: NotifyOtherAdmins;
  logger: Logger;
}

// The QR code maker and the authenticator codes' module are loaded by the first enrolment, not at start-up.
const qrCodes = lazyModule(async () => (await import('qrcode')).default);
const authenticatorCodes = lazyModule(() => import('../../safeguards/step-up/totp.js'));

const personIdOf = (word: string | undefined): number | null => (word !== undefined && /^\d{1,16}$/.test(word) ? Number(word) : null);

/**
 * /stepup                  what is in force, and one's own authenticator
 * /stepup enrol            a new authenticator: QR code and key, then its first code
 * /stepup on | off         administrators; off needs a code, and a second administrator while there are two
 * /stepup orders <amount|off>  orders above the amount need a code; raising or off as for step-up off
 * /stepup approve <id>     another administrator lets an enrolment take effect
 * /stepup reset <id>       another administrator removes one (a lost phone)
 */
export function stepUpFeature(deps: StepUpFeatureDeps) {
  const composer = new Composer<BaseContext>();
  const { stepUp } = deps;

  async function enrol(ctx: BaseContext): Promise<void> {
    const id = ctx.member.telegramId;
    if (!stepUp.available) return void (await ctx.reply(ctx.t('step-up-needs-key')));
    const earlierQr = await stepUp.qrMessage(id);
    const begun = await stepUp.beginEnrolment(id, String(id));
    if (!begun) return void (await ctx.reply(ctx.t('step-up-already', { id: String(id) })));
    if (earlierQr !== null) await ctx.api.deleteMessage(id, earlierQr).catch(() => undefined);
    const { totpUri } = await authenticatorCodes();
    const png = await (await qrCodes()).toBuffer(totpUri(begun.secret, `${ctx.me.username}:${id}`), { type: 'png', width: 360, margin: 2 });
    // Protected (no forwarding or saving) and deleted once the first right code comes; the key is never logged.
    // The key rides in a copy button, never in the caption: a reply to this photo carries its caption into
    // the update, and an update is stored before it is handled (the queue stores no copy button's text).
    const sent = await ctx.replyWithPhoto(new InputFile(png, 'step-up.png'), {
      caption: ctx.t('step-up-scan'),
      protect_content: true,
      reply_markup: { inline_keyboard: [[{ text: ctx.t('step-up-copy-key'), copy_text: { text: begun.secret } }]] },
    });
    await stepUp.setQrMessage(id, sent.message_id);
    deps.logger.info({ personId: id }, 'step-up enrolment begun');
    await ctx.reply(ctx.t('step-up-enrol-ask'));
  }

  async function turnOn(ctx: BaseContext): Promise<void> {
    const by = ctx.member.telegramId;
    if (!stepUp.available) return void (await ctx.reply(ctx.t('step-up-needs-key')));
    // Whoever turns it on must still be able to act (and turn it off) with it on.
    if ((await stepUp.status(by)) !== 'active') return void (await ctx.reply(ctx.t('step-up-enrol-first')));
    if (await stepUp.setEnabled(true, by)) {
      const who = deps.describePerson(by);
      await deps.notifyOtherAdmins(by, (t) => t('step-up-on-news', { by: who }));
    }
    await ctx.reply(ctx.t('step-up-turned-on'));
  }

  /** After the code: through dual control (a request to the other administrators), or at once with one administrator. */
  async function turnOff(ctx: BaseContext): Promise<void> {
    if (ctx.member.role !== 'admin') return void (await ctx.reply(ctx.t('admin-only')));
    const by = ctx.member.telegramId;
    if (deps.dual && !(await throughDualControl(ctx, deps.dual, { kind: 'step-up', enabled: false }))) return;
    if (await stepUp.setEnabled(false, by)) {
      const who = deps.describePerson(by);
      await deps.notifyOtherAdmins(by, (t) => t('step-up-off-news', { by: who }));
    }
    await ctx.reply(ctx.t('step-up-turned-off'));
  }
  deps.gate.onCode('step-up-off', (ctx) => turnOff(ctx));

  const ordersWords = (ctx: BaseContext, above: number | null) => stepUpOrdersWords(readerView(ctx), above);

  /** After the code where one was needed: through dual control when it lets larger orders go without a code. */
  async function setOrders(ctx: BaseContext, orderStepUp: NonNullable<StepUpFeatureDeps['orders']>, above: number | null): Promise<void> {
    if (ctx.member.role !== 'admin') return void (await ctx.reply(ctx.t('admin-only')));
    const by = ctx.member.telegramId;
    if (deps.dual && !(await throughDualControl(ctx, deps.dual, { kind: 'step-up-orders', above }))) return;
    if (await orderStepUp.setAbove(above, by)) {
      const who = deps.describePerson(by);
      await deps.notifyOtherAdmins(by, (t, locale) => t('step-up-orders-news', { by: who, change: stepUpOrdersWords(readerViewOf(ctx.presentation, locale, t), above) }));
    }
    await ctx.reply(ctx.t(stepUp.enabled() ? 'step-up-orders-set' : 'step-up-orders-set-while-off', { change: ordersWords(ctx, above) }));
  }
  const orderStepUp = deps.orders;
  if (orderStepUp) deps.gate.onCode('step-up-orders', (ctx, action) => setOrders(ctx, orderStepUp, action.above));

  async function orders(ctx: BaseContext, orderStepUp: NonNullable<StepUpFeatureDeps['orders']>, word: string): Promise<void> {
    const above = word.toLowerCase() === 'off' ? null : parseAmountInput(word);
    if (above === null && word.toLowerCase() !== 'off') return void (await ctx.reply(ctx.t('step-up-orders-bad')));
    // Lowering the amount only asks more often: that never waits. Raising it or off is as much as turning step-up off.
    if (widens(orderStepUp.above(), above)) {
      if (!(await deps.gate.require(ctx, { kind: 'step-up-orders', above }, ctx.t('step-up-what-orders', { change: ordersWords(ctx, above) })))) return;
    }
    await setOrders(ctx, orderStepUp, above);
  }

  /**
   * Another person's authenticator is what their large orders are confirmed
   * with: letting it take effect is as much as approving those orders. So it
   * needs the approver's own code (where step-up is on), and the other
   * administrators are told, so that a stolen account approving an
   * accomplice's authenticator is never silent.
   */
  async function approve(ctx: BaseContext, personId: number): Promise<void> {
    if (ctx.member.role !== 'admin') return void (await ctx.reply(ctx.t('admin-only')));
    const by = ctx.member.telegramId;
    const result = await stepUp.approve(personId, by);
    if (result !== 'approved') return void (await ctx.reply(ctx.t(result === 'own' ? 'step-up-own' : 'step-up-not-waiting')));
    const person = deps.describePerson(personId);
    const who = deps.describePerson(by);
    deps.logger.info({ actorId: by, personId }, 'step-up enrolment approved');
    await ctx.reply(ctx.t('step-up-approved', { person }));
    await deps.tellPerson(personId, (t) => plain(t('step-up-approved-you', { by: who })));
    // The person approved has just been told; every other administrator hears of it too.
    await deps.notifyOtherAdmins([by, personId], (t) => t('step-up-approved-news', { by: who, person }));
  }
  deps.gate.onCode('step-up-approve', (ctx, action) => approve(ctx, action.personId));

  async function askToApprove(ctx: BaseContext, personId: number): Promise<void> {
    // Nothing to approve, or their own: answered without asking for a code.
    if (personId === ctx.member.telegramId) return void (await ctx.reply(ctx.t('step-up-own')));
    if ((await stepUp.status(personId)) !== 'waiting') return void (await ctx.reply(ctx.t('step-up-not-waiting')));
    const what = ctx.t('step-up-what-approve', { person: deps.describePerson(personId) });
    if (await deps.gate.require(ctx, { kind: 'step-up-approve', personId }, what)) await approve(ctx, personId);
  }

  async function reset(ctx: BaseContext, personId: number): Promise<void> {
    const by = ctx.member.telegramId;
    const result = await stepUp.reset(personId, by);
    if (result !== 'reset') return void (await ctx.reply(ctx.t(result === 'own' ? 'step-up-own' : 'step-up-reset-none')));
    const person = deps.describePerson(personId);
    const who = deps.describePerson(by);
    await ctx.reply(ctx.t('step-up-reset-done', { person }));
    await deps.tellPerson(personId, (t) => plain(t('step-up-reset-you', { by: who })));
    await deps.notifyOtherAdmins(by, (t) => t('step-up-reset-news', { by: who, person }));
  }

  composer.command('stepup', async (ctx) => {
    const [verb, target, ...rest] = ctx.match.trim().split(/\s+/).filter(Boolean);
    const word = verb?.toLowerCase();
    if (word === undefined) {
      const mine = (await stepUp.status(ctx.member.telegramId)) ?? 'none';
      const state = stepUp.enabled() ? 'on' : stepUp.available ? 'off' : 'no-key';
      const above = deps.orders?.above() ?? null;
      const ordersNow = above === null ? ctx.t('step-up-orders-none') : ctx.t('step-up-orders-above', { amount: showAmount(readerView(ctx), above) });
      return void (await ctx.reply(ctx.t('step-up-status', { state: ctx.t(`step-up-state-${state}`), orders: ordersNow, mine: ctx.t(`step-up-mine-${mine}`) })));
    }
    if ((word === 'enrol' || word === 'enroll') && target === undefined) return enrol(ctx);
    await adminsOnly(ctx, async () => {
      const personId = personIdOf(target);
      if (word === 'on' && target === undefined) return turnOn(ctx);
      if (word === 'off' && target === undefined) {
        if (!stepUp.enabled()) return void (await ctx.reply(ctx.t('step-up-turned-off')));
        if (await deps.gate.require(ctx, { kind: 'step-up-off' }, ctx.t('step-up-what-off'))) await turnOff(ctx);
        return;
      }
      if (word === 'orders' && orderStepUp && target !== undefined && rest.length === 0) return orders(ctx, orderStepUp, target);
      if (word === 'approve' && personId !== null && rest.length === 0) return askToApprove(ctx, personId);
      if (word === 'reset' && personId !== null && rest.length === 0) return reset(ctx, personId);
      await ctx.reply(ctx.t('step-up-usage'));
    });
  });

  return composer;
}
