import type { Logger } from '../../logger.js';
import { formatNumber } from '../../text/format.js';
import { bold, joinLines, plain } from '../../text/formatted.js';
import type { Locale } from '../../text/i18n.js';
import type { Clock } from '../../clock.js';
import { attemptTelling, SendRateLimitedError, sendWorthRetrying, type ClearButtons, type OutgoingMessage, type ReplaceText, type SendMessage } from '../../text/send-port.js';
import { parseAdminChange, type AdminChange } from './admin-change.js';
import type { AdminRequestRow, AdminRequestStore } from '../../db/admin-request-store.js';
import type { DecideOutcome } from './dual-control.js';
import type { ExpiryNewsStore } from '../../db/expiry-news-store.js';
import { finishOwedExpiryNews, type ExpiryNewsProgress } from '../../orders/expiry-news-pass.js';
import { showAmount, showDateTimeWithZone, showDay, type ReaderView } from '../../text/presentation.js';
import { isGroupChat } from '../../text/telegram-id.js';

/** dc:y:<request> confirms, dc:n:<request> refuses: the id alone, every check is made again at the press. */
export const CONFIRM_CHANGE_DATA = /^dc:y:([0-9]{1,15})$/;
export const REFUSE_CHANGE_DATA = /^dc:n:([0-9]{1,15})$/;

/** How one reader is written to: their language, and how amounts, times and people read. */
export type DualTextContext = ReaderView & { describePerson: (id: number) => string };

/** The change in a few words, in the reader's language: "set Sam's “Per day” to no limit". */
export function changeWords(c: DualTextContext, stored: AdminChange | unknown, teamDefault?: (rule: Extract<AdminChange, { kind: 'rule' }>['rule']) => number | null): string {
  const change = parseAdminChange(stored);
  if (change === null) return '?';
  if (change.kind === 'role') return c.t('dual-change-role', { person: c.describePerson(change.personId) });
  if (change.kind === 'step-up') return c.t(change.enabled ? 'dual-change-step-up-on' : 'dual-change-step-up-off');
  if (change.kind === 'velocity') return velocityChangeWords(c, change.limit, change.value);
  if (change.kind === 'step-up-orders') return stepUpOrdersWords(c, change.above);
  if (change.kind === 'month-close') return c.t('dual-change-month-close', { from: showDay(c, change.from), to: showDay(c, change.to - 1) });
  if (change.kind === 'admin-group') return c.t(`dual-change-admin-group-${change.verb}`, { group: change.title });
  if (change.kind === 'budget') {
    const value = (amount: number | null) => (amount === null ? c.t('budgets-none') : showAmount(c, amount));
    return c.t('dual-change-budget', { centre: change.name, before: value(change.before), value: value(change.value) });
  }
  const kind = c.t(`limits-kind-${change.rule}`);
  const value = (amount: number | null) =>
    amount === null ? c.t(change.rule === 'approval' ? 'limits-no-approval' : 'limits-no-limit') : showAmount(c, amount);
  if (change.personId === null) return c.t('dual-change-default', { kind, value: value(change.value) });
  const person = c.describePerson(change.personId);
  if (change.reset) return c.t('dual-change-reset', { person, kind, value: value(teamDefault?.(change.rule) ?? null) });
  return c.t('dual-change-person', { person, kind, value: value(change.value) });
}

/** "ask a step-up code for orders above 500 USD", or "ask no step-up code for any order". */
export const stepUpOrdersWords = (c: Pick<DualTextContext, 't' | 'locale' | 'amountUnit'>, above: number | null): string =>
  above === null ? c.t('dual-change-step-up-orders-off') : c.t('dual-change-step-up-orders', { amount: showAmount(c, above) });

export const untilWords = (c: DualTextContext, request: Pick<AdminRequestRow, 'expiresAt'>) =>
  showDateTimeWithZone(c, request.expiresAt.getTime());

export interface DualControlAnnouncer {
  /** The card with Confirm and Refuse, to each of these administrators; where each went is kept on the request. */
  cards(request: AdminRequestRow, adminIds: readonly number[]): Promise<void>;
  /** Takes the buttons off every copy of the card: it was decided or lapsed. True when Telegram took every edit (or the message can no longer be edited). */
  settle(request: AdminRequestRow): Promise<boolean>;
  /** A line to every administrator (but `except`), each in their language. */
  news(render: (c: DualTextContext) => string, except?: number): Promise<void>;
  /**
   * What became of a request, to every administrator but `except` (who saw
   * it in place), and its cards settled. Where a card of it is in the
   * administrators' group, that card says it instead: privately only the
   * requester and those who asked for private copies hear it.
   */
  outcome(outcome: DecideOutcome | { kind: 'expired-by-pass'; request: AdminRequestRow }, by: number | null, except?: number): Promise<void>;
  /**
   * A request that lapsed, as `outcome` tells it, its news owed until done
   * (expiry-news-pass.ts): `told`, the administrators heard of it on an
   * earlier pass and only its cards are left to settle. Telegram busy or out
   * of reach before a line went leaves the telling to the next pass (see
   * tellLapse). Every copy of a card is edited again to the same words on a
   * later pass, which changes nothing.
   */
  expired(request: AdminRequestRow, told: boolean): Promise<ExpiryNewsProgress>;
  /** The line `outcome` sends, for one reader: null for outcomes that are no news. */
  outcomeLine(outcome: DecideOutcome | { kind: 'expired-by-pass'; request: AdminRequestRow }, by: number | null, c: DualTextContext): string | null;
}

/** Where a card goes in the administrators' group (its approvals topic), in the group's language, and who still asked for private copies. */
export type DualCardPlace = { chatId: number; threadId?: number; locale: Locale; privateCopies: readonly number[] };

/** Tries at one of a lapse's lines after the first has gone (waitingOut). */
const LAPSE_LINE_TRIES = 3;
/** What a lapse's lines may wait for Telegram in all, in one pass: the news' lease is 120 s (expiry-news-store.ts). */
const LAPSE_WAITS_MS = 20_000;

export function createDualControlAnnouncer(deps: {
  send: SendMessage;
  clearButtons: ClearButtons;
  /** Where given, a card in the group is replaced by what became of the request (who confirmed or refused it), so the group sees the end of it. */
  replaceText?: ReplaceText;
  /**
   * The administrators' group's approvals topic, where bound and where a
   * card may go there (src/admin-group/admin-group-wiring.ts: not while
   * step-up asks the confirmer's own code, which is typed privately).
   * Every kind of privileged change (src/domain/approvals.ts AdminChange)
   * is words about settings, roles, budgets or the group itself: none
   * carries a secret, so all may be decided in the group. Approving a new
   * authenticator (step-up enrolment) is no such card: it has its own
   * path, to each administrator privately, and stays there. Null: each
   * administrator privately, as always.
   */
  groupPlace?: () => Promise<DualCardPlace | null>;
  /** The language the group reads in (the deployment's default), for what replaces its card. */
  groupLocale?: Locale;
  requests: Pick<AdminRequestStore, 'get' | 'addCards'>;
  adminIds: () => number[];
  texts: (locale: Locale) => DualTextContext;
  localeOf: (id: number) => Locale;
  teamDefault: (rule: Extract<AdminChange, { kind: 'rule' }>['rule']) => number | null;
  /** Waits out Telegram busy while a lapse's other lines go (tellLapse). */
  clock: Pick<Clock, 'sleep'>;
  logger: Logger;
}): DualControlAnnouncer {
  const { logger } = deps;
  const contextOf = (id: number) => deps.texts(deps.localeOf(id));
  const deliver = async (chatId: number, message: OutgoingMessage): Promise<number | null> => {
    try {
      return (await deps.send(chatId, message)).messageId;
    } catch (error) {
      // A card that did not arrive leaves the others; the request lapses in time if no one sees it.
      logger.warn({ chatId, err: error instanceof Error ? error.name : String(error) }, 'a dual-control message did not reach its chat');
      return null;
    }
  };

  async function settle(request: AdminRequestRow, line?: (c: DualTextContext) => string | null): Promise<boolean> {
    const current = (await deps.requests.get(request.id)) ?? request;
    let settled = true;
    for (const card of current.cards) {
      // The group's card says who decided it, for everyone there to read; private copies only lose their buttons.
      const said = isGroupChat(card.chatId) && deps.replaceText && line ? line(deps.texts(deps.groupLocale ?? deps.localeOf(card.chatId))) : null;
      const edit = said ? await deps.replaceText!(card.chatId, card.messageId, plain(said)) : await deps.clearButtons(card.chatId, card.messageId);
      settled &&= edit === 'settled';
    }
    return settled;
  }

  function outcomeLine(outcome: DecideOutcome | { kind: 'expired-by-pass'; request: AdminRequestRow }, by: number | null, c: DualTextContext): string | null {
    if (!('request' in outcome)) return null;
    const { request } = outcome;
    const words = { change: changeWords(c, request.change, deps.teamDefault), requester: c.describePerson(request.requesterId) };
    const byWho = by === null ? '?' : c.describePerson(by);
    switch (outcome.kind) {
      case 'confirmed':
        return c.t('dual-news-confirmed', { ...words, by: byWho });
      case 'refused':
        return c.t('dual-news-refused', { ...words, by: byWho });
      case 'void':
        return c.t('dual-news-void', { ...words, why: c.t(`dual-why-${outcome.why}`) });
      case 'expired-by-pass':
        return c.t('dual-news-expired', words);
      default:
        return null;
    }
  }

  async function news(render: (c: DualTextContext) => string, except?: number): Promise<void> {
    for (const id of deps.adminIds()) if (id !== except) await deliver(id, { text: plain(render(contextOf(id))) });
  }

  type Outcome = DecideOutcome | { kind: 'expired-by-pass'; request: AdminRequestRow };

  /** The administrators who should hear what became of a request (see `outcome`). */
  async function readersOf(request: AdminRequestRow, except?: number): Promise<number[]> {
    const current = (await deps.requests.get(request.id)) ?? request;
    const group = current.cards.some((card) => isGroupChat(card.chatId)) && deps.groupPlace ? await deps.groupPlace().catch(() => null) : null;
    // The group's card says the outcome for everyone there: privately only the one who asked, and those who asked for private copies.
    return deps.adminIds().filter((id) => id !== except && (group === null || id === current.requesterId || group.privateCopies.includes(id)));
  }

  /** What became of a request, to the administrators who should hear it (see `outcome`). */
  async function tellOutcome(outcome: Outcome, by: number | null, except?: number): Promise<void> {
    if (!('request' in outcome)) return;
    for (const id of await readersOf(outcome.request, except)) await deliver(id, { text: plain(outcomeLine(outcome, by, contextOf(id)) ?? '') });
  }

  /**
   * A lapse, told as `tellOutcome` tells it, the one who asked first: true
   * once done with. Until a line has gone, Telegram busy or out of reach
   * leaves the whole telling to the next pass (a line refused for good is
   * only refused again); once one has gone, the news counts as told, so that
   * nobody hears it twice, and each other line waits out Telegram busy or
   * out of reach within this pass (waitingOut) rather than being lost.
   */
  async function tellLapse(outcome: Extract<Outcome, { kind: 'expired-by-pass' }>): Promise<boolean> {
    const { request } = outcome;
    const readers = await readersOf(request);
    let someoneTold = false;
    const waits = { leftMs: LAPSE_WAITS_MS };
    for (const id of [...readers.filter((r) => r === request.requesterId), ...readers.filter((r) => r !== request.requesterId)]) {
      const message = { text: plain(outcomeLine(outcome, null, contextOf(id)) ?? '') };
      if (someoneTold) {
        await waitingOut(id, message, waits);
        continue;
      }
      const telling = await attemptTelling(
        () => deps.send(id, message),
        (error) => logger.warn({ chatId: id, err: error instanceof Error ? error.name : String(error) }, 'a dual-control message did not reach its chat'),
      );
      if (telling === 'try-again') return false;
      someoneTold = telling === 'sent';
    }
    return true;
  }

  /**
   * Sends one of a lapse's lines after the first: Telegram busy (its
   * retry_after) or out of reach (a second, then two) is waited out and the
   * line tried again, up to LAPSE_LINE_TRIES, while `waits` has time left
   * (shared by the lapse's lines, well inside the news' lease, so that no
   * other pass takes the news and tells it again meanwhile).
   */
  async function waitingOut(chatId: number, message: OutgoingMessage, waits: { leftMs: number }): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await deps.send(chatId, message);
        return;
      } catch (error) {
        const waitMs = error instanceof SendRateLimitedError ? error.retryAfterMs : 1_000 * attempt;
        if (!sendWorthRetrying(error) || attempt === LAPSE_LINE_TRIES || waitMs > waits.leftMs) {
          logger.warn({ chatId, err: error instanceof Error ? error.name : String(error) }, 'a dual-control message did not reach its chat');
          return;
        }
        waits.leftMs -= waitMs;
        await deps.clock.sleep(waitMs);
      }
    }
  }

  return {
    async cards(request, adminIds) {
      const place = async (chatId: number, c: DualTextContext, threadId?: number): Promise<boolean> => {
        const text = joinLines(
          bold(c.t('dual-card-title')),
          c.t('dual-card', { requester: c.describePerson(request.requesterId), change: changeWords(c, request.change, deps.teamDefault) }),
          c.t('dual-card-hint', { until: untilWords(c, request) }),
        );
        const buttons = [[{ text: c.t('dual-confirm-button'), callbackData: `dc:y:${request.id}`, style: 'success' as const }, { text: c.t('dual-refuse-button'), callbackData: `dc:n:${request.id}`, style: 'danger' as const }]];
        const messageId = await deliver(chatId, { text, buttons, ...(threadId === undefined ? {} : { threadId }) });
        if (messageId === null) return false;
        await deps.requests.addCards(request.id, [{ chatId, messageId }]);
        return true;
      };
      const group = deps.groupPlace ? await deps.groupPlace().catch(() => null) : null;
      // One card in the group for all; a card the group did not take goes to each administrator privately: nothing waits unseen.
      const inGroup = group !== null && (await place(group.chatId, deps.texts(group.locale), group.threadId));
      const privately = inGroup ? adminIds.filter((id) => group.privateCopies.includes(id)) : adminIds;
      for (const adminId of privately) await place(adminId, contextOf(adminId));
      // Decided while the cards were on their way: those sent after the settling keep no buttons.
      const now = await deps.requests.get(request.id);
      if (now && now.state !== 'pending') await settle(now);
    },

    settle,
    news,

    outcomeLine,

    async outcome(outcome, by, except) {
      if (!('request' in outcome)) return;
      if (!['confirmed', 'refused', 'void', 'expired-by-pass'].includes(outcome.kind)) return;
      await tellOutcome(outcome, by, except);
      await settle(outcome.request, (c) => outcomeLine(outcome, by, c));
    },

    async expired(request, told) {
      const outcome = { kind: 'expired-by-pass' as const, request };
      // Each administrator's line goes once, on the pass that holds the news: see tellLapse.
      const toldNow = told || (await tellLapse(outcome));
      const cardsSettled = await settle(request, (c) => outcomeLine(outcome, null, c));
      return { cardsSettled, told: toldNow };
    },
  };
}

/**
 * Expires privileged changes whose deadline passed, as the approvals'
 * sweep does: the deadline is stored, so a restart neither forgets one nor
 * gives it more time, and the move is a compare-and-swap, so a Confirm at
 * the same moment either wins or finds it lapsed.
 */
export function createAdminRequestExpiry(deps: {
  dual: { expireDue(): Promise<AdminRequestRow[]>; get(id: number): Promise<AdminRequestRow | null> };
  announcer: Pick<DualControlAnnouncer, 'expired'>;
  /** The news owed with each lapse, finished on every pass: a process that stopped before it leaves it to the next one, on any instance. */
  news: Pick<ExpiryNewsStore, 'claim' | 'told' | 'done' | 'release'>;
  logger: Logger;
}): () => Promise<void> {
  return async () => {
    for (const request of await deps.dual.expireDue()) {
      deps.logger.info({ requestId: request.id, requesterId: request.requesterId }, 'privileged change request lapsed');
    }
    await finishOwedExpiryNews({ kind: 'admin', news: deps.news, subject: (id) => deps.dual.get(id), finish: (request, told) => deps.announcer.expired(request, told), logger: deps.logger });
  };
}

/** "set “Most orders per person per hour” to 40", or to no limit. */
export function velocityChangeWords(c: Pick<DualTextContext, 't' | 'locale'>, limit: string, value: number | null): string {
  return c.t('dual-change-velocity', { kind: c.t(`settings-velocity-${limit}`), value: value === null ? c.t('settings-off') : formatNumber(value, c.locale) });
}
