import type { ConversationData, VersionedState } from '@grammyjs/conversations';

/**
 * The order menu on screen in a chat, read from the stored conversation:
 * each step is entered with the menu the step before left (CarriedStep's
 * menuId), so the stored arguments name the message whose buttons are
 * current. What ends an order from outside it (/cancel, a new /order, the
 * idle sweep) takes that message's buttons away with it.
 */
export function orderMenuIn(stored: VersionedState<ConversationData> | undefined, conversationId: string): number | null {
  for (const state of stored?.state?.[conversationId] ?? []) {
    if (typeof state.args !== 'string') continue;
    try {
      const [args] = JSON.parse(state.args) as [{ carried?: { menuId?: unknown } } | undefined];
      const menuId = args?.carried?.menuId;
      if (typeof menuId === 'number' && Number.isSafeInteger(menuId)) return menuId;
    } catch {
      // Not ours to read: nothing to take away.
    }
  }
  return null;
}
