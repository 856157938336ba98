import type { NextFunction } from 'grammy';
import type { BaseContext } from '../context.js';

export async function adminsOnly(ctx: BaseContext, next: NextFunction): Promise<void> {
  if (ctx.member.role === 'admin') {
    await next();
    return;
  }
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: ctx.t('admin-only') });
  else await ctx.reply(ctx.t('admin-only'));
}
