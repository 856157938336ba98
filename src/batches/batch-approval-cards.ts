import type { CardLocation, CardsOfKind } from '../db/card-locations.js';
import type { BatchRecord } from '../db/batch-store.js';
import type { Logger } from '../logger.js';
import type { Locale } from '../text/i18n.js';
import type { ReplaceText, SendMessage } from '../text/send-port.js';
import type { BatchOverBudget } from './batch-limits.js';
import { batchApprovalView, batchDecidedView, type BatchDecision, type BatchViewContext } from './batch-views.js';
import { isGroupChat } from '../text/telegram-id.js';
import { settleCards } from '../orders/card-settling.js';

/** The administrators' group's approvals topic (src/app/admin-group-wiring.ts), in the group's language, and who still asked for private copies. */
export type BatchCardPlace = { chatId: number; threadId?: number; locale: Locale; privateCopies: readonly number[] };

/** A card already answered in place by the update that decided it: settling leaves it as that answer left it. */
export type AnsweredCard = Pick<CardLocation, 'chatId' | 'messageId'>;

export interface BatchApprovalCards {
  /**
   * The card with Approve and Refuse: once in the administrators' group's
   * approvals topic where one is bound, with private copies to those who
   * asked for them; otherwise (or when the group does not take it) to each
   * administrator who may approve it, privately. Never throws.
   */
  announce(batch: BatchRecord, overBudget: BatchOverBudget | null): Promise<void>;
  /**
   * Every copy but `answered` says what became of the batch, in place of
   * its buttons. With `keepUnsettled` (an expiry, whose news is owed until
   * done), a copy is forgotten only once settled: one Telegram did not take
   * now, or whose edit a stopped process never finished, is kept for a
   * later try, and the answer says whether every copy was settled.
   */
  settle(batch: BatchRecord, decision: BatchDecision, answered?: AnsweredCard, keepUnsettled?: boolean): Promise<boolean>;
  /** How the readers of a card's chat are written to: the group in its language, a person in theirs. */
  viewOf(chatId: number): BatchViewContext;
}

/**
 * Where a batch waiting for an administrator is announced, and how its
 * cards end. A batch card carries no code and no answer (who asked, what,
 * how much), so it may be read by the whole group; the file's name, which
 * staff chose and which may name a customer, goes on private copies only.
 */
export function createBatchApprovalCards(deps: {
  send: SendMessage;
  replaceText: ReplaceText;
  cards: CardsOfKind;
  /** Null, or absent: no group is bound, every approver privately. */
  groupPlace?: () => Promise<BatchCardPlace | null>;
  /** Who may approve this person's batch, privately. */
  approvers: (requesterId: number) => number[];
  /** How a person is written to, and how the group is (in its language). */
  viewFor: (personId: number) => BatchViewContext;
  viewIn: (locale: Locale) => BatchViewContext;
  groupLocale: Locale;
  describePerson: (telegramId: number) => string;
  /** The batch as it is now: decided while its cards were on their way, those cards are settled at once. */
  batchNow: (id: number) => Promise<BatchRecord | null>;
  logger: Logger;
}): BatchApprovalCards {
  const { logger } = deps;
  const viewOf = (chatId: number) => (isGroupChat(chatId) ? deps.viewIn(deps.groupLocale) : deps.viewFor(chatId));
  /** What became of a batch no longer waiting, as far as its record tells. */
  const decisionOf = (batch: BatchRecord): BatchDecision =>
    batch.approvedBy !== null ? { kind: 'approved', by: deps.describePerson(batch.approvedBy) } : batch.state === 'stopped' || batch.state === 'expired' ? { kind: batch.state } : null;

  async function settle(batch: BatchRecord, decision: BatchDecision, answered?: AnsweredCard, keepUnsettled = false): Promise<boolean> {
    const requester = deps.describePerson(batch.requesterId);
    const edit = (card: CardLocation) => deps.replaceText(card.chatId, card.messageId, batchDecidedView(viewOf(card.chatId), batch, requester, decision));
    return (await settleCards(deps.cards, batch.id, edit, { ...(answered ? { answered } : {}), keepUnsettled })).settled;
  }

  return {
    settle,
    viewOf,
    async announce(batch, overBudget) {
      const requester = deps.describePerson(batch.requesterId);
      const post = async (chatId: number, c: BatchViewContext, threadId?: number): Promise<boolean> => {
        const view = batchApprovalView(c, batch, requester, overBudget, isGroupChat(chatId) ? 'group' : 'private');
        try {
          const { messageId } = await deps.send(chatId, { text: view.text, buttons: view.buttons, ...(threadId === undefined ? {} : { threadId }) });
          await deps.cards.record(batch.id, { chatId, messageId, threadId: threadId ?? null });
          return true;
        } catch (error) {
          logger.warn({ chatId, batchId: batch.id, err: error instanceof Error ? error.name : String(error) }, 'batch approval card not sent');
          return false;
        }
      };
      const group = deps.groupPlace ? await deps.groupPlace().catch(() => null) : null;
      const approvers = deps.approvers(batch.requesterId);
      // A card the group did not take goes to each approver privately: nothing waits unseen.
      const inGroup = group !== null && (await post(group.chatId, deps.viewIn(group.locale), group.threadId));
      const privately = inGroup ? approvers.filter((id) => group.privateCopies.includes(id)) : approvers;
      for (const adminId of privately) await post(adminId, deps.viewFor(adminId));
      // Decided while a copy was on its way: the settling that took the cards before it was recorded missed it.
      const now = await deps.batchNow(batch.id).catch(() => null);
      if (now && now.state !== 'waiting-approval') await settle(now, decisionOf(now));
    },
  };
}
