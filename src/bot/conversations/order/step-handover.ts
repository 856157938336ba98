import type { Context, MiddlewareFn } from 'grammy';
import type { BotContext } from '../../context.js';

/**
 * Each step of an order runs as a conversation of its own, handed the
 * state the previous step left. The conversations plugin replays a
 * conversation from its first update on every new one, so a single
 * conversation for the whole order would redo every earlier step (views,
 * recorded API results, a growing stored log) on each tap: the tenth tap
 * would cost ten. Handed over, a step's replay is one step long.
 *
 * The step ends its conversation and leaves what comes next on the outside
 * context (through `conversation.external`); `continueHandedOver`, installed
 * just before the conversation, enters the next step in the same update, so
 * the stored state goes from one step to the next in the single write that
 * ends the update.
 */
const NEXT_STEP = Symbol('order step handed over');

type WithHandover<T> = Context & { [NEXT_STEP]?: T };

/** Called inside `conversation.external`, as the step's last act before it returns. */
export function handOver<T>(outside: Context, next: T): void {
  (outside as WithHandover<T>)[NEXT_STEP] = next;
}

/** Enters the conversation again with what the step that just ended handed over, if it did. */
export function continueHandedOver<T>(conversationId: string): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    await next();
    const handed = (ctx as WithHandover<T>)[NEXT_STEP];
    if (handed === undefined) return;
    delete (ctx as WithHandover<T>)[NEXT_STEP];
    await ctx.conversation.enter(conversationId, handed);
  };
}
