import { z } from 'zod';
import type { AdminRecipient } from '../alerts/admin-alerts.js';
import type { AppStateStore } from '../db/app-state-store.js';
import type { OrderState } from '../domain/order-states.js';
import { PROVIDER_DRIVEN } from '../domain/order-lifecycle.js';
import type { Logger } from '../logger.js';
import { defineSetting } from '../db/settings-store.js';
import type { Settings } from '../settings/settings-view.js';
import { formatGoods, formatId, formatNumber } from '../text/format.js';
import type { Locale, Translate } from '../text/i18n.js';
import { goodsOf } from '../orders/order-line.js';
import { plain } from '../text/formatted.js';
import { splitMessage } from '../text/split-message.js';
import type { BatchFacts, ReportQueries } from '../db/report-queries.js';
import { type Presentation, readerViewOf, showAmount } from '../text/presentation.js';
import type { CostCentreStore } from '../db/cost-centre-store.js';
import { centresEnding, oneLineOf, purposeEnding } from './purpose-words.js';
import { costCentreWords, type CostCentreName } from '../domain/cost-centre.js';

/** Whether administrators get a line for every order placed (and for one that then fails); off unless they turn it on. */
export const orderFeedSetting = defineSetting('feed.orders', z.boolean(), false);

/** The last audit row the feed has looked at, so that a restart neither repeats nor skips orders. */
const CURSOR_KEY = 'feed.orders.cursor';
/**
 * Audit rows read per run. Each administrator gets the run's lines in one
 * message (split only past Telegram's length): Telegram takes a message a
 * second in a chat, so forty orders as forty messages would reach each
 * administrator over forty seconds, and bury their chat.
 */
const BATCH = 20;

/**
 * An order is placed when the provider accepted our POST or, after an
 * unknown outcome, when it proved to exist: both are audit rows, so the
 * feed follows the audit trail and needs no hook in the order service.
 */
const PLACED_ACTIONS = ['order.placed', 'order.adopted'];

/**
 * A placed order that then ends without codes, or waits for a person at the
 * provider, gets a second line: otherwise the feed's last word on it is
 * "ordered". Each is the audit row of the poller's move into that state.
 */
const FOLLOW_UP_KEYS: Readonly<Partial<Record<OrderState, string>>> = {
  failed: 'feed-failed',
  cancelled: 'feed-cancelled',
  refunded: 'feed-refunded',
  action_required: 'feed-action-required',
};
const FOLLOW_UP_ACTIONS = Object.keys(FOLLOW_UP_KEYS).map((state) => `order.${state}`);
/** Audit actions of a move into a state the provider reports (src/tracking/settle.ts writes `order.<state>`). */
const PROVIDER_MOVE_ACTIONS = PROVIDER_DRIVEN.map((state) => `order.${state}`);

export interface OrderFeed {
  /** Sends the lines for orders placed, and for placed orders that failed or wait for a person, since the last run. */
  run(): Promise<void>;
}

export async function createOrderFeed(deps: {
  queries: Pick<ReportQueries, 'latestAuditId' | 'orderEvents' | 'hasOrderAuditAfter' | 'hasBatchAuditBefore' | 'batchFacts'>;
  state: Pick<AppStateStore, 'get' | 'set'>;
  settings: Pick<Settings, 'read'>;
  recipients: () => AdminRecipient[] | Promise<AdminRecipient[]>;
  sendText: (chatId: number, text: string) => Promise<void>;
  translate: (locale: Locale) => Translate;
  describePerson: (id: number) => string;
  /** The cost centres orders name (retired ones too), for what each order was for; absent, lines say nothing of it. */
  costCentres?: Pick<CostCentreStore, 'byIds'>;
  /** How the deployment shows amounts; each administrator reads it in their language. */
  presentation: Presentation;
  logger: Logger;
}): Promise<OrderFeed> {
  const { queries, state } = deps;
  // Set when the feed is built, before any update is taken: an order placed before the first run is not skipped.
  if ((await state.get<number>(CURSOR_KEY)) === null) await state.set(CURSOR_KEY, await queries.latestAuditId());

  /** The lines one audit row stands for: "ordered", a follow-up, or both for an order adopted already failed. */
  async function lineKeys(action: string, auditId: number, order: { id: number; state: OrderState }): Promise<string[]> {
    if (!PLACED_ACTIONS.includes(action)) {
      const followUp = FOLLOW_UP_KEYS[action.slice('order.'.length) as OrderState];
      return followUp ? [followUp] : [];
    }
    if (action !== 'order.adopted') return ['feed-line'];
    // Adoption writes no row of the state it finds the order in: unless a later move speaks
    // for itself, the state now is the one it was adopted in.
    const movedSince = await queries.hasOrderAuditAfter({ orderId: order.id, afterId: auditId, actions: PROVIDER_MOVE_ACTIONS });
    const adoptedIn = movedSince ? undefined : FOLLOW_UP_KEYS[order.state];
    return adoptedIn ? ['feed-line', adoptedIn] : ['feed-line'];
  }

  /**
   * An order of a batch is not announced on its own: the batch's first
   * order placed announces the whole batch as confirmed (a hundred lines
   * for one Confirm would bury everything else), and the rest say nothing.
   * Their follow-ups (failed, refunded…) still speak for each order.
   */
  async function batchKeys(keys: string[], auditId: number, batchId: number): Promise<{ keys: string[]; batch: BatchFacts | null }> {
    if (!keys.includes('feed-line')) return { keys, batch: null };
    const rest = keys.filter((key) => key !== 'feed-line');
    if (await queries.hasBatchAuditBefore({ batchId, beforeId: auditId, actions: PLACED_ACTIONS })) return { keys: rest, batch: null };
    const batch = await queries.batchFacts(batchId);
    return batch ? { keys: ['feed-batch', ...rest], batch } : { keys, batch: null };
  }

  return {
    async run() {
      const newest = await queries.latestAuditId();
      const cursor = (await state.get<number>(CURSOR_KEY)) ?? newest;
      // Off: keep up with the trail, so that turning it on starts from now, not from history.
      if (!deps.settings.read(orderFeedSetting)) {
        if (cursor !== newest) await state.set(CURSOR_KEY, newest);
        return;
      }
      const rows = await queries.orderEvents({ afterId: cursor, upToId: newest, actions: [...PLACED_ACTIONS, ...FOLLOW_UP_ACTIONS], limit: BATCH });
      const admins = await deps.recipients();
      // Read once a run, and only when an order (or a batch) of it names a cost centre: a deployment without them reads nothing more.
      const centres = new Map<number, CostCentreName>();
      const namesOf = async (ids: readonly number[]): Promise<CostCentreName[]> => {
        const unread = ids.filter((id) => !centres.has(id));
        if (unread.length > 0 && deps.costCentres) for (const [id, centre] of await deps.costCentres.byIds(unread)) centres.set(id, centre);
        return ids.flatMap((id) => centres.get(id) ?? []);
      };
      await namesOf(rows.flatMap(({ order }) => (order.costCentreId === null ? [] : [order.costCentreId])));
      const lines = new Map<number, string[]>(admins.map((admin) => [admin.telegramId, []]));
      for (const { auditId, action, order } of rows) {
        const own = await lineKeys(action, auditId, order);
        const { keys, batch } = order.batchId === null ? { keys: own, batch: null } : await batchKeys(own, auditId, order.batchId);
        const centre = order.costCentreId === null ? null : (centres.get(order.costCentreId) ?? null);
        const batchCentres = batch ? await namesOf(batch.costCentreIds) : [];
        for (const key of keys) {
          for (const admin of admins) {
            const t = deps.translate(admin.locale);
            const v = readerViewOf(deps.presentation, admin.locale, t);
            const line =
              key === 'feed-batch' && batch
                ? t(key, {
                    person: deps.describePerson(order.userId),
                    id: formatId(batch.id, admin.locale),
                    orders: formatNumber(batch.orders, admin.locale),
                    units: formatNumber(batch.units, admin.locale),
                    amount: showAmount(v, batch.total),
                  })
                : t(key, {
                    person: deps.describePerson(order.userId),
                    goods: formatGoods(goodsOf(order.lines, { regions: false }), admin.locale),
                    amount: showAmount(v, order.totalAmount),
                    id: formatId(order.id, admin.locale),
                    // A follow-up (failed, refunded…) names the cost centre beside the amount, whose month it leaves; not the note.
                    centre: centre === null ? '' : t('feed-follow-up-centre', { centre: oneLineOf(costCentreWords(centre)) }),
                  });
            // The line that says an order was placed also says what it was for; a batch's, the cost centres of its orders.
            const purpose =
              key === 'feed-line' ? purposeEnding(t, { centre, note: order.purposeNote }) : key === 'feed-batch' ? centresEnding(t, batchCentres, admin.locale) : null;
            lines.get(admin.telegramId)!.push(purpose ? `${line} ${purpose}` : line);
          }
        }
      }
      // Each administrator's chat at once beside the others (the pace keeps Telegram's limits), the parts of one in order.
      await Promise.all(
        admins.map(async (admin) => {
          const own = lines.get(admin.telegramId)!;
          if (own.length === 0) return;
          for (const part of splitMessage(plain(own.join('\n')))) {
            await deps.sendText(admin.telegramId, part.text).catch((error: unknown) =>
              deps.logger.warn({ adminId: admin.telegramId, lines: own.length, err: error instanceof Error ? error.name : String(error) }, 'feed lines not delivered'),
            );
          }
        }),
      );
      // After the sends: a crash in between repeats the run's lines rather than losing them.
      const last = rows.at(-1);
      if (rows.length < BATCH) await state.set(CURSOR_KEY, newest);
      else if (last) await state.set(CURSOR_KEY, last.auditId);
    },
  };
}
