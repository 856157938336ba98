import type { NextFunction } from 'grammy';
import type { Message } from 'grammy/types';
import type { BaseContext } from '../context.js';

/**
 * A forwarded message is someone else's words: acting on it would lend them
 * the forwarder's role (a staff member sends an administrator
 * "/approvals threshold off", who forwards it to the bot). So a forwarded
 * message never acts at all: not as a command, and not as the answer to an
 * order step either (the simplest rule with no exception to get wrong). The
 * person is told to type it themselves, in their language.
 */
export function forwardedNeverAct() {
  return async (ctx: BaseContext, next: NextFunction): Promise<void> => {
    const message = ctx.message;
    if (!message || !isForwarded(message)) return next();
    const text = message.text ?? message.caption ?? '';
    await ctx.reply(ctx.t(text.trimStart().startsWith('/') ? 'forwarded-command' : 'forwarded-message'));
  };
}

/** Bot API 7 sets forward_origin; older servers (a self-hosted Bot API) set the forward_* fields. */
export function isForwarded(message: Message): boolean {
  const legacy = message as Message & { forward_from?: unknown; forward_from_chat?: unknown; forward_sender_name?: unknown; forward_date?: unknown };
  return (
    message.forward_origin !== undefined ||
    legacy.forward_date !== undefined ||
    legacy.forward_from !== undefined ||
    legacy.forward_from_chat !== undefined ||
    legacy.forward_sender_name !== undefined
  );
}
