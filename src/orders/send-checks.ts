import type { Clock } from '../clock.js';
import type { OrderRow } from '../db/order-store.js';
import type { OrderServiceDeps, PlaceInput } from './order-service-deps.js';
import type { LimitKind } from './limit-check.js';
import type { RejectReason } from './place-errors.js';

/** How long an order may wait for a rate-limit pause to end before it is refused unsent. */
const MAX_PAUSE_WAIT_MS = 3_000;

/** Why an order goes unsent, and the facts its audit row keeps; `hidden` names the products hidden. */
export type Unsent = { reason: RejectReason; providerMessage: string | null; facts: Record<string, string | number>; hidden?: number[]; limit?: LimitKind };

/** The order service's reasons not to send an order, read afresh every time they are asked. */
export function createSendChecks(deps: Pick<OrderServiceDeps, 'mayOrder' | 'orderingPaused' | 'hiddenProducts' | 'checkLimits' | 'needsApproval' | 'providerPausedUntil'> & { clock: Clock }) {
  const { clock } = deps;

  /** The order's products administrators hid, with the audit's facts (their names); null when none is. */
  async function hiddenIn(order: OrderRow): Promise<{ ids: number[]; facts: Record<string, string> } | null> {
    const ids = (await deps.hiddenProducts?.(order.lines.map((line) => line.product.id))) ?? [];
    if (ids.length === 0) return null;
    const product = order.lines.filter((line) => ids.includes(line.product.id)).map((line) => line.product.title).join(', ');
    return { ids, facts: { cause: 'hidden', product } };
  }

  /**
   * Why an intent must be closed unsent instead of posted, checked under the
   * wallet lock: ordering paused, a spending limit that no longer fits (two
   * orders confirmed together are counted one after the other), or a
   * provider rate-limit pause too long to wait out (the order would sit in
   * 'placing' holding the wallet, and a shutdown meanwhile would leave an
   * outcome that looks unknown although nothing was sent), or a product an
   * administrator hid.
   */
  async function whyNotSend(intent: OrderRow, input: PlaceInput): Promise<Unsent | null> {
    if (deps.mayOrder && !deps.mayOrder(intent.userId)) return { reason: 'no-access', providerMessage: null, facts: { cause: 'no-access' } };
    const paused = (await deps.orderingPaused?.()) ?? null;
    if (paused) return { reason: 'paused', providerMessage: paused.reason, facts: { cause: 'paused', source: paused.source } };
    const hidden = await hiddenIn(intent);
    if (hidden) return { reason: 'product-hidden', providerMessage: null, facts: hidden.facts, hidden: hidden.ids };
    const verdict = (await deps.checkLimits?.(intent.userId, intent.totalAmount, intent.id, intent.costCentreId)) ?? { ok: true };
    if (!verdict.ok) return { reason: 'over-limit', providerMessage: null, facts: { cause: 'limit', limit: verdict.limit, cap: verdict.cap, left: verdict.left }, limit: verdict.limit };
    if (!input.approved && (await deps.needsApproval?.(intent.userId, intent.totalAmount, intent.id, intent.costCentreId))) {
      return { reason: 'needs-approval', providerMessage: null, facts: { cause: 'approval' } };
    }
    const pausedFor = (deps.providerPausedUntil?.() ?? 0) - clock.now();
    if (pausedFor > MAX_PAUSE_WAIT_MS) return { reason: 'rate-limited', providerMessage: null, facts: { cause: 'rate-limit', seconds: Math.ceil(pausedFor / 1000) } };
    return null;
  }

  return { hiddenIn, whyNotSend };
}
