/**
 * Button removals that may be left out when Telegram's limit is busy: only
 * an order's old menu, taken off after a newer menu or an answer is on
 * screen (send.ts removeKeyboard's `oldOrderMenu`). A press on such a menu is refused as expired
 * whether or not its buttons are gone. Every other removal (a settled
 * approval, a withdrawn request, a spent summary) always goes: what it takes
 * off must not stay pressable. Keyed by chat and message; at most MAX_KEPT
 * are remembered, the oldest forgotten first.
 */
const MAX_KEPT = 1_000;
const droppable = new Set<string>();

const keyOf = (chatId: unknown, messageId: unknown) => `${String(chatId)}:${String(messageId)}`;

/** Marks the coming removal of this message's buttons as one the pace may leave out. */
export function mayLeaveOut(chatId: number, messageId: number): void {
  droppable.add(keyOf(chatId, messageId));
  if (droppable.size > MAX_KEPT) droppable.delete(droppable.values().next().value!);
}

/** Whether this removal was marked (the mark is used up). */
export function takeLeaveOutMark(chatId: unknown, messageId: unknown): boolean {
  return droppable.delete(keyOf(chatId, messageId));
}
