import type { NextFunction } from 'grammy';
import type { StaffRole } from '../../domain/staff-roles.js';
import type { BaseContext } from '../context.js';

/** Administrators and staff order; a viewer never does. */
export const mayOrder = (role: StaffRole): boolean => role !== 'viewer';

/** Administrators and viewers read everyone's orders, the transactions and the audit. */
export const readsEveryone = (role: StaffRole): boolean => role === 'admin' || role === 'viewer';

function only(allowed: (role: StaffRole) => boolean, refusal: string) {
  return async (ctx: BaseContext, next: NextFunction): Promise<void> => {
    if (allowed(ctx.member.role)) {
      await next();
      return;
    }
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: ctx.t(refusal) });
    else await ctx.reply(ctx.t(refusal));
  };
}

/** /transactions, /audit and their buttons. */
export const readersOnly = only(readsEveryone, 'readers-only');

/** /order and everything that leads to codes. */
export const orderersOnly = only(mayOrder, 'viewer-refused');
