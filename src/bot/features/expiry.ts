import { Composer } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import type { Clock } from '../../clock.js';
import { handedOverData, HANDED_OVER_PATTERN, parseHandedOver } from '../../delivery/handed-over-button.js';
import { hasEmptiedCopyTexts } from '../../db/storable-update.js';
import type { PressedKeyboards } from '../pressed-keyboards.js';
import type { CodeExpiryStore } from '../../db/code-expiry-store.js';
import { EXPIRY_REMIND_DAYS, MAX_REMIND_DAYS } from '../../expiry/expiry-settings.js';
import type { Logger } from '../../logger.js';
import type { OrderQueries } from '../../db/order-queries.js';
import type { Settings } from '../../settings/settings-view.js';
import { normaliseDigits } from '../../text/digits.js';
import { formatNumber } from '../../text/format.js';
import type { BaseContext } from '../context.js';
import { readerView } from '../reader-view.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { showZone } from '../../text/presentation.js';

interface ExpiryFeatureDeps {
  settings: Settings;
  codeExpiries: Pick<CodeExpiryStore, 'markHandedOver'>;
  orders: Pick<OrderQueries, 'byId'>;
  /** The whole keyboard of a press, where this process still has it (the queue stores copy buttons emptied). */
  pressedKeyboards?: Pick<PressedKeyboards, 'take'>;
  clock: Clock;
  logger: Logger;
}

/**
 * /expiry                     the reminder setting now, and how to change it
 * /expiry remind <days>|off   remind the orderer this many days before codes expire (administrators; audited)
 *
 * And "Mark handed over" on a delivery whose codes expire, or on its
 * reminder: only the orderer's press counts; a second press changes
 * nothing; the button becomes a note, the message is otherwise left as it
 * is (its codes and copy buttons stay).
 */
export function expiryFeature(deps: ExpiryFeatureDeps) {
  const composer = new Composer<BaseContext>();

  composer.command('expiry', adminsOnly, async (ctx) => {
    const locale = ctx.member.locale;
    const max = formatNumber(MAX_REMIND_DAYS, locale);
    const state = () => {
      const days = deps.settings.read(EXPIRY_REMIND_DAYS);
      return days === null ? ctx.t('expiry-state-off') : ctx.t('expiry-state-on', { days: formatNumber(days, locale), zone: showZone(readerView(ctx)) });
    };
    const [what, value] = normaliseDigits(ctx.match.trim().toLowerCase()).split(/\s+/);
    if (what !== 'remind' || value === undefined) return void (await ctx.reply(`${state()}\n\n${ctx.t('expiry-usage', { max })}`));
    const days = value === 'off' ? null : /^\d{1,3}$/.test(value) ? Number(value) : NaN;
    if (days !== null && !(days >= 1 && days <= MAX_REMIND_DAYS)) {
      return void (await ctx.reply(`${ctx.t('expiry-bad-days', { value: value.slice(0, 16), max })}\n${ctx.t('expiry-usage', { max })}`));
    }
    const change = await deps.settings.write(EXPIRY_REMIND_DAYS, days, ctx.member.telegramId);
    deps.logger.info({ actorId: ctx.member.telegramId, days }, 'expiry reminder setting changed');
    await ctx.reply(change.changed ? state() : `${ctx.t('limits-unchanged')}\n${state()}`);
  });

  composer.callbackQuery(HANDED_OVER_PATTERN, async (ctx) => {
    const orderId = parseHandedOver(ctx.callbackQuery.data);
    const order = orderId === null ? null : await deps.orders.byId(orderId);
    // A forged or forwarded press is refused the same way whether the order exists or not.
    if (!order || order.userId !== ctx.member.telegramId) {
      await ctx.answerCallbackQuery({ text: ctx.t('expiry-mark-not-yours'), show_alert: true });
      return;
    }
    const { marked, cards } = await deps.codeExpiries.markHandedOver(order.id, ctx.member.telegramId, deps.clock.now());
    const answer = cards === 0 ? 'expiry-mark-nothing' : marked > 0 ? 'expiry-mark-done' : 'expiry-mark-already';
    await ctx.answerCallbackQuery({ text: ctx.t(answer) });
    if (marked > 0) deps.logger.info({ orderId: order.id, cards: marked }, 'codes marked handed over');
    if (cards > 0) await noteInPlaceOfButton(ctx, handedOverData(order.id));
  });

  /** The button's text becomes the note; its press still answers (harmlessly), every other button stays as it was. */
  async function noteInPlaceOfButton(ctx: BaseContext, data: string): Promise<void> {
    const press = ctx.callbackQuery;
    const rows = (press && deps.pressedKeyboards?.take(press.id)) ?? press?.message?.reply_markup?.inline_keyboard;
    // Redrawn from a stored keyboard, the copy buttons would lose their codes: the press is recorded, the keyboard stays.
    if (!rows || hasEmptiedCopyTexts(rows)) return;
    const note = ctx.t('expiry-marked-note');
    let changed = false;
    const keyboard = rows.map((row) =>
      row.map((button): InlineKeyboardButton => {
        if (!('callback_data' in button) || button.callback_data !== data || button.text === note) return button;
        changed = true;
        return { text: note, callback_data: data };
      }),
    );
    if (!changed) return;
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: keyboard } }).catch((error: unknown) => {
      // Too old to edit, or gone: the press was recorded all the same.
      deps.logger.warn({ err: error instanceof Error ? error.name : String(error) }, 'the handed-over button could not be replaced by its note');
    });
  }

  return composer;
}
