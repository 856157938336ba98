import { Composer } from 'grammy';
import type { DailyDigest } from '../../reports/daily-digest.js';
import { orderFeedSetting } from '../../reports/order-feed.js';
import type { Settings } from '../../settings/settings-view.js';
import { normaliseDigits } from '../../text/digits.js';
import { localDigits } from '../../text/format.js';
import type { BaseContext } from '../context.js';
import { adminsOnly } from '../middleware/admins-only.js';

/**
 * /feed on|off          a line to every administrator for every order placed, and one if it then fails
 * /digest <hour>|off    yesterday's digest every day at that local hour
 *
 * Both are settings: stored, audited, the same for every administrator.
 */
export function feedAndDigestFeature(deps: {
  settings: Settings;
  digest: Pick<DailyDigest, 'hour' | 'setHour'>;
}) {
  const composer = new Composer<BaseContext>();

  composer.command('feed', adminsOnly, async (ctx) => {
    const word = ctx.match.trim().toLowerCase();
    if (word !== 'on' && word !== 'off') {
      const state = ctx.t(deps.settings.read(orderFeedSetting) ? 'feed-state-on' : 'feed-state-off');
      return void (await ctx.reply(ctx.t('feed-usage', { state })));
    }
    await deps.settings.write(orderFeedSetting, word === 'on', ctx.member.telegramId);
    await ctx.reply(ctx.t(word === 'on' ? 'feed-on' : 'feed-off'));
  });

  composer.command('digest', adminsOnly, async (ctx) => {
    const word = normaliseDigits(ctx.match.trim().toLowerCase());
    const hourText = (hour: number) => localDigits(String(hour), ctx.member.locale);
    if (word === '') {
      const hour = deps.digest.hour();
      const state = hour === null ? ctx.t('digest-state-off') : ctx.t('digest-state-on', { hour: hourText(hour), zone: ctx.presentation.timeZone });
      return void (await ctx.reply(ctx.t('digest-usage', { state })));
    }
    if (word === 'off') {
      await deps.digest.setHour(null, ctx.member.telegramId);
      return void (await ctx.reply(ctx.t('digest-off')));
    }
    const hour = /^\d{1,2}$/.test(word) ? Number(word) : NaN;
    if (!(hour >= 0 && hour <= 23)) return void (await ctx.reply(ctx.t('digest-bad-hour', { value: ctx.match.trim().slice(0, 16) })));
    await deps.digest.setHour(hour, ctx.member.telegramId);
    await ctx.reply(ctx.t('digest-set', { hour: hourText(hour), zone: ctx.presentation.timeZone }));
  });
  return composer;
}
