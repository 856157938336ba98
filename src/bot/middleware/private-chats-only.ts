import type { Context, NextFunction } from 'grammy';
import type { Logger } from '../../logger.js';

/**
 * giftdesk talks in private chats only: codes must never land in a group.
 * In a group or channel the bot says nothing and leaves. Updates without a
 * chat (inline queries and the like) are dropped first, because the
 * conversation storage would file them all under one key.
 */
export function privateChatsOnly(logger: Logger) {
  return async (ctx: Context, next: NextFunction): Promise<void> => {
    const chat = ctx.chat;
    if (!chat) return;
    if (chat.type === 'private') {
      await next();
      return;
    }
    // Being removed from a chat is also an update; there is nothing to leave then.
    const status = ctx.myChatMember?.new_chat_member.status;
    if (status === 'left' || status === 'kicked') return;
    logger.warn({ chatId: chat.id, chatType: chat.type }, 'leaving a non-private chat');
    try {
      await ctx.api.leaveChat(chat.id);
    } catch (error) {
      logger.warn({ chatId: chat.id, err: describe(error) }, 'could not leave a non-private chat');
    }
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
