import type { Context, NextFunction } from 'grammy';
import type { AdminGroupBinding } from '../../admin-group/admin-group-binding.js';
import type { StaffSnapshot } from '../../db/staff-view.js';
import type { Logger } from '../../logger.js';
import { localeFromLanguageCode, type Locale, type Translate } from '../../text/i18n.js';

export interface GroupGateDeps {
  /** The administrators' group as the database holds it now. */
  binding: Pick<AdminGroupBinding, 'current' | 'lost'>;
  /** Fresh at this point of every update (the views are read again before it). */
  staff: Pick<StaffSnapshot, 'find' | 'list'>;
  localeOf: (telegramId: number) => Locale;
  defaultLocale: Locale;
  translate: (locale: Locale) => Translate;
  /**
   * The callback data of the cards that belong in the group (approval
   * cards, dual-control cards): the only presses that act there. Anything
   * else pressed in the group (a code's button, an export, a case: crafted,
   * or from a message that never belonged there) is refused before any
   * feature sees it, since those answer with codes, files or answers that
   * the whole group would read.
   */
  groupPresses: readonly RegExp[];
  logger: Logger;
}

/** `/admingroup`, `/admingroup@bot`, with or without words after it. */
const ADMIN_GROUP_COMMAND = /^\/admingroup(?:@\w+)?(?:\s|$)/;

/**
 * giftdesk talks in private chats, and in the one administrators' group
 * once it is bound. There, only `/admingroup` from an administrator and
 * presses on its own cards (an allow-list of their callback data) go on, and a press counts only when the presser is
 * an administrator now: authority is the person's, never the group's. A
 * group where an administrator just added the bot may be bound; any other
 * group or channel is left at once and the administrators are told
 * privately. The bound group's loss (the bot removed, the group deleted)
 * sends everything back to private chats at once. Updates without a chat
 * are dropped first: the conversation storage would file them all under
 * one key.
 */
export function groupGate(deps: GroupGateDeps | undefined, logger: Logger) {
  return async (ctx: Context, next: NextFunction): Promise<void> => {
    const chat = ctx.chat;
    if (!chat) return;
    if (chat.type === 'private') return next();
    if (deps === undefined || chat.type === 'channel') return leave(ctx, logger);
    const isAdmin = (id: number | undefined) => id !== undefined && deps.staff.find(id)?.role === 'admin';
    const bound = (await deps.binding.current())?.chatId === chat.id;
    const title = chat.title;
    const tellAdmins = async (key: string, args: Record<string, string>) => {
      for (const admin of deps.staff.list()) {
        if (admin.role !== 'admin') continue;
        await ctx.api
          .sendMessage(admin.telegramId, deps.translate(deps.localeOf(admin.telegramId))(key, args))
          .catch((error: unknown) => logger.warn({ adminId: admin.telegramId, err: error instanceof Error ? error.name : String(error) }, 'could not tell an administrator about a group'));
      }
    };
    const by = ctx.from;
    const who = by ? [by.first_name, by.last_name].filter(Boolean).join(' ') : '?';

    const member = ctx.myChatMember;
    if (member) {
      const status = member.new_chat_member.status;
      if (status === 'left' || status === 'kicked') {
        // The loss is written once, by whichever instance took the update; everyone hears it privately.
        if (bound && (await deps.binding.lost(chat.id, by?.id ?? null))) await tellAdmins('admin-group-lost', { group: title, by: who });
        return;
      }
      if (member.old_chat_member.status !== 'left' && member.old_chat_member.status !== 'kicked') return;
      if (isAdmin(by?.id)) {
        const t = deps.translate(deps.localeOf(by!.id));
        await ctx.api.sendMessage(chat.id, t('admin-group-added-hint')).catch(() => undefined);
        return;
      }
      await tellAdmins('admin-group-left-stranger', { group: title, by: who });
      return leave(ctx, logger);
    }

    if (ctx.callbackQuery) {
      const belongs = deps.groupPresses.some((pattern) => pattern.test(ctx.callbackQuery?.data ?? ''));
      if (bound && belongs && isAdmin(by?.id)) return next();
      const locale = (by && (deps.staff.find(by.id)?.locale ?? localeFromLanguageCode(by.language_code))) ?? deps.defaultLocale;
      if (!belongs) logger.warn({ chatId: chat.id, by: by?.id }, 'a press that does not belong in a group was refused');
      // Nothing a member who is not an administrator presses reaches a staff action, nor anything but the group's own cards; they are told so, quietly.
      const why = !bound ? 'admin-group-not-bound' : !belongs ? 'admin-group-press-not-here' : 'admin-group-press-refused';
      await ctx.answerCallbackQuery({ text: deps.translate(locale)(why), show_alert: true }).catch(() => undefined);
      return;
    }

    const text = ctx.message?.text ?? '';
    if (ADMIN_GROUP_COMMAND.test(text) && isAdmin(by?.id)) return next();
    // The bound group's own talk is theirs; any other group the bot is not wanted in.
    if (bound) return;
    await tellAdmins('admin-group-left-unbound', { group: title });
    return leave(ctx, logger);
  };
}

async function leave(ctx: Context, logger: Logger): Promise<void> {
  const chat = ctx.chat!;
  // Being removed from a chat is also an update; there is nothing to leave then.
  const status = ctx.myChatMember?.new_chat_member.status;
  if (status === 'left' || status === 'kicked') return;
  logger.warn({ chatId: chat.id, chatType: chat.type }, 'leaving a non-private chat');
  try {
    await ctx.api.leaveChat(chat.id);
  } catch (error) {
    logger.warn({ chatId: chat.id, err: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }, 'could not leave a non-private chat');
  }
}
