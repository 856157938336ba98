import type { CostCentreName } from '../domain/cost-centre.js';
import type { Logger } from '../logger.js';
import { attemptTelling, type CardEdit, type ClearButtons, type OutgoingButton, type ReplaceText, type SendMessage, type Telling } from '../text/send-port.js';
import type { ExpiryNewsProgress } from './expiry-news-pass.js';
import type { ProviderClient } from '../provider/client.js';
import { plain } from '../text/formatted.js';
import type { Locale } from '../text/i18n.js';
import type { CardLocation, CardsOfKind } from '../db/card-locations.js';
import { settleCards } from './card-settling.js';
import type { ApprovalRow, ApprovalService } from './approval-service.js';
import { isSettledApproval } from '../domain/approvals.js';
import { adminSummary, approvalLine, expiredTexts, notPendingText, withdrawnCardText, type ApprovalTextContext, type OverBudget } from './approval-texts.js';
import { isGroupChat } from '../text/telegram-id.js';

interface ApprovalAnnouncerDeps {
  /** The cost centre a request names, by id, for its card; absent, none is shown. */
  costCentreOf?: (id: number) => Promise<CostCentreName | null>;
  send: SendMessage;
  clearButtons: ClearButtons;
  /** Where given, a withdrawn request's cards say so in place of its summary, so that nobody approves it afterwards; otherwise they only lose their buttons. */
  replaceText?: ReplaceText;
  /** Where each request's Approve and Reject went, so that every copy loses them once it is settled. */
  cards: CardsOfKind;
  approvals: Pick<ApprovalService, 'approversFor' | 'thresholdFor' | 'get'>;
  provider: Pick<ProviderClient, 'getBalance'>;
  /** Whether the person is still on the staff: nobody else hears from the bot. */
  isStaff: (personId: number) => boolean;
  localeOf: (personId: number) => Locale;
  texts: (locale: Locale) => ApprovalTextContext;
  /** The requester's day as the threshold counts it, this request included (approval-judge.ts); absent, not shown. */
  dayTotal?: (personId: number) => Promise<number>;
  /** Whether the request would take its cost centre over the month's budget, and by what figures; absent, not shown. */
  overBudget?: (approval: ApprovalRow) => Promise<({ ok: false } & OverBudget) | { ok: true }>;
  /**
   * The administrators' group's approvals topic, where bound and where a
   * card may go there (src/admin-group): one card for all, and private
   * ones only to those who asked for copies. Null: each approver privately.
   */
  groupPlace?: () => Promise<{ chatId: number; threadId?: number; locale: Locale; privateCopies: readonly number[] } | null>;
  /** The language the group reads in (the deployment's default), for what its card says once the request is decided. */
  groupLocale?: Locale;
  logger: Logger;
}

export interface ApprovalAnnouncer {
  /** Sends the request's summary with Approve and Reject to every administrator who may approve it (or to `only` of them). */
  announce(approval: ApprovalRow, notice?: (c: ApprovalTextContext) => string, only?: readonly number[]): Promise<void>;
  /**
   * A line to the staff member who asked, in their chat, with these buttons
   * under it; never throws. What became of it (see Telling), or 'withheld'
   * when they are no longer on the staff: news kept owed tries again.
   */
  tellRequester(approval: ApprovalRow, render: (c: ApprovalTextContext) => string, buttons?: (c: ApprovalTextContext) => OutgoingButton[][]): Promise<Telling | 'withheld'>;
  /** A line to each of these administrators, each in their language. */
  tellAdmins(ids: readonly number[], render: (c: ApprovalTextContext) => string): Promise<void>;
  /**
   * Takes Approve and Reject off every summary of the request sent so far:
   * it was decided or expired, and a button left on another administrator's
   * copy would only lead to "already decided". A withdrawn request's
   * summaries are replaced by the words that its orderer withdrew it.
   * `answered`: the copy whose button decided it, already answered in
   * place with the pressed button kept, disabled: left as it is.
   */
  settle(approval: ApprovalRow, answered?: { chatId: number; messageId: number }): Promise<void>;
  /**
   * A request that expired: its cards settled, the requester told, and
   * these administrators told privately; where a card of it was in the
   * administrators' group, that card says it instead, and only those who
   * asked for private copies are told privately too. `told`: the people
   * were told on an earlier try, only cards are left. A card Telegram did
   * not take now (busy, out of reach) is kept for the next try, and so is
   * the telling when the requester's message did not go for that reason.
   */
  expired(approval: ApprovalRow, admins: readonly number[], told?: boolean): Promise<ExpiryNewsProgress>;
}

const isDecided = (row: ApprovalRow | null): row is ApprovalRow => row !== null && isSettledApproval(row.state);

/**
 * How approvals reach people outside the update that caused them. Sending
 * never throws: a request whose summary did not reach an administrator
 * still expires and both sides are told, so nothing waits forever.
 */
export function createApprovalAnnouncer(deps: ApprovalAnnouncerDeps): ApprovalAnnouncer {
  const { logger } = deps;
  const deliver = async (chatId: number, message: Parameters<SendMessage>[1], what: string): Promise<number | null> => {
    try {
      return (await deps.send(chatId, message)).messageId;
    } catch (error) {
      logger.warn({ chatId, what, err: error instanceof Error ? error.name : String(error) }, 'an approval message did not reach its chat');
      return null;
    }
  };

  /** What a settled card says in place of its summary: a withdrawn request's everywhere, any decision on the group's card (decided elsewhere, or lapsed). */
  function settledText(approval: ApprovalRow, chatId: number): string | null {
    if (approval.state === 'withdrawn') return withdrawnCardText(deps.texts(deps.localeOf(chatId)), approval);
    if (!isGroupChat(chatId)) return null;
    const c = deps.texts(deps.groupLocale ?? deps.localeOf(chatId));
    return approval.state === 'expired' ? expiredTexts(c, approval).admin : `${approvalLine(c, approval)}\n${notPendingText(c, approval)}`;
  }

  /**
   * Settles every card but `answered`: `inGroup` when one of them was in
   * the administrators' group. With `keepUnsettled` (an expiry's news), a
   * card is forgotten only once settled, so that one Telegram did not take
   * now, or whose edit a stopped process never finished, is left for a
   * later try; `settled` says whether none was left.
   */
  async function settleApprovalCards(
    approval: ApprovalRow,
    options: { answered?: { chatId: number; messageId: number }; keepUnsettled?: boolean; forgetLater?: boolean } = {},
  ): Promise<{ inGroup: boolean; settled: boolean; forget: () => Promise<void> }> {
    const edit = (card: CardLocation): Promise<CardEdit> => {
      const said = deps.replaceText ? settledText(approval, card.chatId) : null;
      return said !== null ? deps.replaceText!(card.chatId, card.messageId, plain(said)) : deps.clearButtons(card.chatId, card.messageId);
    };
    const { cards, settled, forget } = await settleCards(deps.cards, approval.id, edit, options);
    return { inGroup: cards.some((card) => isGroupChat(card.chatId)), settled, forget };
  }

  async function settle(approval: ApprovalRow, answered?: { chatId: number; messageId: number }): Promise<void> {
    await settleApprovalCards(approval, answered ? { answered } : {});
  }

  async function tellRequester(approval: ApprovalRow, render: (c: ApprovalTextContext) => string, buttons?: (c: ApprovalTextContext) => OutgoingButton[][]): Promise<Telling | 'withheld'> {
    // Removed since asking: what they ordered and its total are no longer theirs to read.
    if (!deps.isStaff(approval.requesterId)) {
      logger.info({ approvalId: approval.id }, 'requester no longer on the staff: approval news withheld');
      return 'withheld';
    }
    const c = deps.texts(deps.localeOf(approval.requesterId));
    const undelivered = (why: string) => logger.warn({ chatId: approval.chatId, what: 'approval news', err: why }, 'an approval message did not reach its chat');
    const telling = await attemptTelling(
      () => deps.send(approval.chatId, { text: plain(render(c)), ...(buttons ? { buttons: buttons(c) } : {}) }),
      (error) => undelivered(error instanceof Error ? error.name : String(error)),
    );
    // Only an expiry's news, kept owed, is tried again: for every other line this is the last word.
    if (telling === 'try-again') undelivered('busy or out of reach');
    return telling;
  }

  async function tellAdmins(ids: readonly number[], render: (c: ApprovalTextContext) => string): Promise<void> {
    for (const id of ids) await deliver(id, { text: plain(render(deps.texts(deps.localeOf(id)))) }, 'approval news');
  }

  return {
    async announce(approval, notice, only) {
      let balance: number | null = null;
      try {
        balance = (await deps.provider.getBalance({ priority: 'interactive' })).balance;
      } catch {
        // The summary says the balance could not be read; Approve checks it anyway.
      }
      const group = only === undefined && deps.groupPlace ? await deps.groupPlace().catch(() => null) : null;
      const approvers = deps.approvals.approversFor(approval).filter((id) => (only === undefined || only.includes(id)) && (group === null || group.privateCopies.includes(id)));
      const threshold = deps.approvals.thresholdFor(approval.requesterId);
      // Unread is better than no card: the card is what administrators decide on.
      const dayTotal = threshold === null || !deps.dayTotal ? null : await deps.dayTotal(approval.requesterId).catch(() => null);
      const costCentre = approval.costCentreId === null ? null : await (deps.costCentreOf?.(approval.costCentreId) ?? null);
      const budget = deps.overBudget ? await deps.overBudget(approval).catch(() => ({ ok: true }) as const) : ({ ok: true } as const);
      const place = async (chatId: number, locale: Locale, threadId?: number): Promise<boolean> => {
        const c = deps.texts(locale);
        const summary = adminSummary(c, approval, {
          balance,
          threshold,
          dayTotal,
          // In the group nobody may approve what they asked for: the card never offers it.
          selfApproval: chatId === approval.requesterId,
          costCentre,
          overBudget: budget.ok ? null : budget,
          notice: notice ? notice(c) : null,
        });
        const messageId = await deliver(chatId, { text: summary.text, buttons: summary.buttons, ...(threadId === undefined ? {} : { threadId }) }, 'approval request');
        if (messageId === null) return false;
        await deps.cards.record(approval.id, { chatId, messageId });
        return true;
      };
      // A card the group did not take goes to each approver privately: nothing waits unseen.
      const inGroup = group !== null && (await place(group.chatId, group.locale, group.threadId));
      const privately = inGroup || group === null ? approvers : deps.approvals.approversFor(approval);
      for (const adminId of privately) await place(adminId, deps.localeOf(adminId));
      // Decided while a copy was on its way: the settling that took the cards before it was recorded missed it.
      const now = await deps.approvals.get(approval.id);
      if (isDecided(now)) await settle(now);
    },

    tellRequester,
    tellAdmins,
    settle,

    async expired(approval, admins, told = false) {
      // Until the news is told, settled cards stay listed: the pass that tells must still see a card was in the group.
      const { inGroup, settled, forget } = await settleApprovalCards(approval, { keepUnsettled: true, forgetLater: !told });
      if (told) return { cardsSettled: settled, told };
      // Busy or out of reach: told on the next pass, with the administrators. Refused (blocked, gone) or withheld: never will be.
      if ((await tellRequester(approval, (c) => expiredTexts(c, approval).staff)) === 'try-again') return { cardsSettled: settled, told: false };
      const group = inGroup && deps.groupPlace ? await deps.groupPlace().catch(() => null) : null;
      // The group's card says it lapsed, for everyone there to read: privately only those who asked for copies.
      await tellAdmins(group === null ? admins : admins.filter((id) => group.privateCopies.includes(id)), (c) => expiredTexts(c, approval).admin);
      await forget();
      return { cardsSettled: settled, told: true };
    },
  };
}
