import { Composer } from 'grammy';
import type { AdminGroupBinding } from '../../admin-group/admin-group-binding.js';
import type { Logger } from '../../logger.js';
import { formatDateTime } from '../../text/format.js';
import type { BaseContext } from '../context.js';
import { adminsOnly } from '../middleware/admins-only.js';
import { throughDualControl, type DualControlFeatureDeps } from './dual-control.js';

export interface AdminGroupFeatureDeps {
  binding: AdminGroupBinding;
  dual: DualControlFeatureDeps;
  logger: Logger;
}

/**
 * /admingroup                 (private) which group is bound, and whether you also get everything privately
 * /admingroup bind            (in the group) makes it the administrators' group; a second administrator confirms
 * /admingroup unbind          everything goes back to private chats; a second administrator confirms
 * /admingroup private on|off  whether you still get cards and alerts privately once a group is bound
 * Administrators only. Binding is sent in the group itself: on a phone,
 * the group is where one is when adding the bot, and its id never needs
 * to be copied anywhere.
 */
export function adminGroupFeature(deps: AdminGroupFeatureDeps) {
  const composer = new Composer<BaseContext>();
  const { binding } = deps;

  composer.command('admingroup', adminsOnly, async (ctx) => {
    const words = ctx.match.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const chat = ctx.chat;
    const inGroup = chat.type === 'group' || chat.type === 'supergroup';
    const group = await binding.current();

    if (inGroup) {
      if (words[0] === 'unbind') return unbind();
      if (words[0] !== 'bind') return ctx.reply(ctx.t('admin-group-in-group-usage'));
      if (group?.chatId === chat.id) return ctx.reply(ctx.t('admin-group-already', { group: group.title }));
      const change = { kind: 'admin-group' as const, verb: 'bind' as const, chatId: chat.id, title: chat.title, forum: chat.type === 'supergroup' && chat.is_forum === true };
      if (!(await throughDualControl(ctx, deps.dual, change))) return;
      await binding.apply(change, ctx.member.telegramId);
      deps.logger.info({ chatId: chat.id, by: ctx.member.telegramId }, 'administrators\' group bound');
      return ctx.reply(ctx.t('admin-group-bound', { group: chat.title }));
    }

    if (words[0] === 'unbind') return unbind();
    if (words[0] === 'bind') return ctx.reply(ctx.t('admin-group-bind-in-group'));
    if (words[0] === 'private' && (words[1] === 'on' || words[1] === 'off')) {
      await binding.setPrivateCopies(ctx.member.telegramId, words[1] === 'on');
      return ctx.reply(ctx.t(words[1] === 'on' ? 'admin-group-private-on' : 'admin-group-private-off'));
    }
    if (words.length > 0) return ctx.reply(ctx.t('admin-group-usage'));
    if (group === null) return ctx.reply(`${ctx.t('admin-group-none')}\n\n${ctx.t('admin-group-usage')}`);
    const copies = (await binding.privateCopies()).includes(ctx.member.telegramId);
    return ctx.reply(
      [
        ctx.t(group.forum ? 'admin-group-state-topics' : 'admin-group-state', {
          group: group.title,
          since: formatDateTime(group.boundAt, ctx.member.locale, ctx.presentation.timeZone),
        }),
        ctx.t(copies ? 'admin-group-private-on' : 'admin-group-private-off'),
        '',
        ctx.t('admin-group-usage'),
      ].join('\n'),
    );

    async function unbind() {
      if (group === null) return ctx.reply(ctx.t('admin-group-none'));
      const change = { kind: 'admin-group' as const, verb: 'unbind' as const, chatId: group.chatId, title: group.title, forum: group.forum };
      if (!(await throughDualControl(ctx, deps.dual, change))) return;
      await binding.apply(change, ctx.member.telegramId);
      deps.logger.info({ chatId: group.chatId, by: ctx.member.telegramId }, 'administrators\' group unbound');
      return ctx.reply(ctx.t('admin-group-unbound', { group: group.title }));
    }
  });
  return composer;
}
