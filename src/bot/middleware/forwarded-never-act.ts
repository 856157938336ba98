import type { NextFunction } from 'grammy';
import { isForwarded } from '../../db/storable-update.js';
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

