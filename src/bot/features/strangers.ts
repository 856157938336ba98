import { Composer } from 'grammy';
import type { Logger } from '../../logger.js';
import type { Settings } from '../../settings/settings-view.js';
import type { BaseContext } from '../context.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { STRANGERS_REPLY } from '../strangers-setting.js';

/**
 * /strangers          whether people outside the staff get an answer
 * /strangers reply    they are told their ID, once an hour
 * /strangers silent   they get nothing
 * Administrators only; every change is audited by the settings store.
 */
export function strangersFeature(deps: { settings: Settings; logger: Logger }) {
  const composer = new Composer<BaseContext>();
  composer.command('strangers', adminsOnly, async (ctx) => {
    const now = () => ctx.t(deps.settings.read(STRANGERS_REPLY) ? 'strangers-reply-on' : 'strangers-silent-on');
    const word = ctx.match.trim().toLowerCase();
    if (word === '') return ctx.reply(`${now()}\n\n${ctx.t('strangers-usage')}`);
    if (word !== 'reply' && word !== 'silent') return ctx.reply(ctx.t('strangers-usage'));
    const change = await deps.settings.write(STRANGERS_REPLY, word === 'reply', ctx.member.telegramId);
    deps.logger.info({ actorId: ctx.member.telegramId, reply: word === 'reply' }, 'strangers setting changed');
    return ctx.reply(change.changed ? now() : `${ctx.t('limits-unchanged')}\n${now()}`);
  });
  return composer;
}
