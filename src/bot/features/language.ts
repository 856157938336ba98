import { Composer, InlineKeyboard } from 'grammy';
import type { StaffStore } from '../../db/staff-store.js';
import type { CommandMenus } from '../commands.js';
import type { BaseContext } from '../context.js';
import { isLocale } from '../../text/i18n.js';

const PREFIX = 'lang:';

export function languageFeature(deps: { staff: Pick<StaffStore, 'setLocale'>; menus?: Pick<CommandMenus, 'show'> }) {
  const composer = new Composer<BaseContext>();
  composer.command('language', (ctx) =>
    ctx.reply(ctx.t('language-choose'), {
      reply_markup: new InlineKeyboard().text('English', `${PREFIX}en`).text('فارسی', `${PREFIX}fa`),
    }),
  );
  composer.callbackQuery(/^lang:(en|fa)$/, async (ctx) => {
    const locale = ctx.match[1];
    await ctx.answerCallbackQuery();
    if (!isLocale(locale)) return;
    await deps.staff.setLocale(ctx.member.telegramId, locale);
    ctx.member.locale = locale;
    // The choice lives in the staff table, not in a session: switch this update's translations directly.
    ctx.i18n.useLocale(locale);
    await ctx.editMessageText(ctx.t('language-set')).catch(() => ctx.reply(ctx.t('language-set')));
    // The menu of one's role follows the chosen language.
    await deps.menus?.show({ telegramId: ctx.member.telegramId, role: ctx.member.role, locale });
  });
  return composer;
}
