import { and, eq, gte, inArray, or, type Column, type SQL } from 'drizzle-orm';

/**
 * When a chat counts as busy with an order, so that its session is not
 * swept as idle: one of the chat's orders is being placed right now
 * (intent or placing), or one was created since the session was last
 * written. A session is saved after each update, so one whose Confirm is
 * being placed still carries the time the summary was shown. Written once
 * for both databases: the columns are the same names on each.
 */
const ORDER_IN_HAND_STATES = ['intent', 'placing'] as const;

export function orderActivityWhere(columns: { chatId: Column; state: Column; createdAt: Column }, chatId: number, sinceMs: number): SQL {
  return and(eq(columns.chatId, chatId), or(inArray(columns.state, [...ORDER_IN_HAND_STATES]), gte(columns.createdAt, new Date(sinceMs))))!;
}

/** Which sessions the rule watches: the chat a session key belongs to (NaN when the key names none). */
export interface OrderActivityRule {
  chatIdOf(key: string): number;
}
