import type { Clock } from '../clock.js';
import type { OrderRow } from '../db/order-store.js';
import type { NotificationRow } from '../db/notification-store.js';
import { QUIET_IN_BATCH } from './notification-plan.js';

/**
 * A chat's rows one run of the sender sends; the rest wait for later runs,
 * CHAT_SPACING_MS apart (Telegram takes a message a second in a chat), so
 * that no run waits on one chat while rows of others come due.
 */
const ROWS_PER_CHAT_RUN = 1;
const CHAT_SPACING_MS = 1_000;

interface ChatTurnsDeps {
  orderOf(orderId: number): Promise<OrderRow | null>;
  /** Gives a claimed row back untouched. */
  release(id: number): Promise<unknown>;
  /** Puts a claimed row off until `at`, not counted as an attempt. */
  snooze(id: number, at: number): Promise<unknown>;
  /** Sends one row; never throws. */
  handle(row: NotificationRow, order: OrderRow | null): Promise<void>;
  /** Until when Telegram asked the sender to wait (a 429), epoch ms. */
  pausedUntil(): number;
  clock: Clock;
}

/**
 * Works through one claim of the outbox chat by chat: the chats side by
 * side, each chat's rows in order, so that a person's next delivery waits
 * for their chat's second and nobody else's does. Past ROWS_PER_CHAT_RUN a
 * chat's rows are put off a second apart, so that a person with many
 * deliveries neither makes a run long nor fills the next claims ahead of
 * everyone else's codes. Once Telegram asks to wait, what is left is given
 * back rather than sat on.
 */
export async function takeTurnsByChat(rows: readonly NotificationRow[], deps: ChatTurnsDeps): Promise<void> {
  const { clock } = deps;
  const chats = new Map<string, { row: NotificationRow; order: OrderRow | null }[]>();
  for (const row of rows) {
    const order = await deps.orderOf(row.orderId);
    // A batch's order is told in the batch's one file, not a message of its own: it takes no turn of the chat, or a
    // batch of 100 would give its file the last order's codes 100 seconds after the first. One that does send after
    // all (it ended after the file went out) still keeps the chat's second in the Telegram connection's pace.
    const quiet = order !== null && order.batchId !== null && QUIET_IN_BATCH.has(row.kind);
    const chat = order && !quiet ? `chat:${order.chatId}` : `row:${row.id}`;
    chats.set(chat, [...(chats.get(chat) ?? []), { row, order }]);
  }
  await Promise.all(
    [...chats.values()].map(async (turns) => {
      for (const [index, { row, order }] of turns.entries()) {
        if (clock.now() < deps.pausedUntil()) {
          for (const rest of turns.slice(index)) await deps.release(rest.row.id);
          return;
        }
        if (index >= ROWS_PER_CHAT_RUN) await deps.snooze(row.id, clock.now() + (index - ROWS_PER_CHAT_RUN + 1) * CHAT_SPACING_MS);
        else await deps.handle(row, order);
      }
    }),
  );
}
