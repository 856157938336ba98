import type { PlaceInput, PlaceResult, RejectReason } from '../../../orders/order-service.js';
import { goodsOf, linesTotal, type OrderLine } from '../../../orders/order-line.js';
import type { Translate } from '../../../text/i18n.js';
import type { ProductDetail, RegionProperty } from '../../../provider/schemas.js';
import { cartLines } from './cart.js';
import type { CartLine, Draft } from './draft.js';

/** The order line of one line of the cart. */
function orderLineOfCart(line: CartLine): OrderLine {
  const region = line.product.regionProperties.find((r) => r.regionPropertyId === line.regionPropertyId)!;
  return orderLineOf(line, line.product, region);
}

function orderLineOf(draft: Pick<Draft, 'quantity' | 'fieldValues'>, product: ProductDetail, region: RegionProperty): OrderLine {
  return {
    product: { id: product.id, title: product.title },
    region: { regionPropertyId: region.regionPropertyId, title: region.title, price: region.price },
    quantity: draft.quantity ?? 0,
    fields: product.requiredFields
      .map((f) => ({ fieldId: f.fieldId, title: f.title, value: draft.fieldValues[String(f.fieldId)] ?? '' }))
      .filter((f) => f.value !== ''),
  };
}

/** The order service's input from a complete draft: every line of the order, in the order shown. */
export function placeInputFrom(draft: Draft, who: { confirmKey: string; userId: number; chatId: number }): PlaceInput {
  const purpose = draft.purpose?.done ? { costCentreId: draft.purpose.costCentreId, note: draft.purpose.note } : null;
  return { ...who, lines: cartLines(draft).map(orderLineOfCart), ...(purpose ? { purpose } : {}) };
}

/** Refusals with a cause the staff member can act on get their own words; the rest quote the provider. */
const REJECTION_MESSAGE: Partial<Record<RejectReason, string>> = {
  'insufficient-funds': 'order-rejected-funds',
  conflict: 'order-rejected-stock',
  'not-found': 'order-rejected-gone',
  'rate-limited': 'order-rejected-busy',
  unreachable: 'order-rejected-unreachable',
  auth: 'order-rejected-access',
  forbidden: 'order-rejected-access',
  paused: 'order-rejected-paused',
  'over-limit': 'order-limit-reached-meanwhile',
  'needs-approval': 'approval-needed-meanwhile',
  'wallet-busy': 'order-rejected-wallet-busy',
  'no-access': 'order-rejected-no-access',
};

/** The outcome's sentence in the reader's language, then the provider's own words, marked as theirs. */
export function placeResultText(t: Translate, described: ReturnType<typeof describePlaceResult>): string {
  const text = t(described.messageKey, { ...described.variables, ...(described.stateKey ? { state: t(described.stateKey) } : {}) });
  return described.providerSaid ? `${text} ${t('provider-said', { text: described.providerSaid })}` : text;
}

/** What the "placed" message recaps: what was ordered and what it cost. */
export interface PlacedRecap {
  reference: string;
  /** What was ordered, product by product ("Title (Region)" and its quantity). */
  goods: { product: string; quantity: number }[];
  /** What the provider charged. */
  amount: number;
  /** What the staff member confirmed; differs from `amount` when the provider's price moved at the last moment. */
  confirmed: number;
}

/** A PlaceResult as the message to show: plain data, safe to keep in the conversation's log. */
export function describePlaceResult(result: PlaceResult): {
  kind: PlaceResult['kind'];
  messageKey: string;
  variables: Record<string, string>;
  /** The order's state, as a message key, for messages that name it. */
  stateKey?: string;
  /** The provider's own words about a refusal, shown after our sentence as theirs, never translated. */
  providerSaid?: string;
  recap?: PlacedRecap;
} {
  const reference = result.order.providerReference ?? `#${result.order.id}`;
  switch (result.kind) {
    case 'placed':
      return {
        kind: result.kind,
        messageKey: 'order-placed',
        variables: { reference },
        stateKey: `track-state-${result.order.state}`,
        recap: {
          reference,
          goods: goodsOf(result.order.lines),
          amount: result.order.totalAmount,
          confirmed: linesTotal(result.order.lines),
        },
      };
    case 'rejected': {
      const reasonKey = REJECTION_MESSAGE[result.reason];
      if (result.reason === 'product-hidden') {
        // Named, since an order may hold other products nobody hid; all of them when the refusal did not say which.
        const hidden = result.order.lines.filter((line) => result.hidden?.includes(line.product.id) ?? true);
        return { kind: result.kind, messageKey: 'order-rejected-hidden', variables: { product: hidden.map((line) => line.product.title).join(', ') } };
      }
      if (reasonKey) {
        return { kind: result.kind, messageKey: reasonKey, variables: {}, ...(result.providerMessage ? { providerSaid: result.providerMessage } : {}) };
      }
      return result.providerMessage
        ? { kind: result.kind, messageKey: 'order-rejected', variables: { reason: result.providerMessage } }
        : { kind: result.kind, messageKey: 'order-rejected-no-reason', variables: {} };
    }
    case 'unknown':
      return { kind: result.kind, messageKey: 'order-unknown', variables: {} };
    case 'accepted-unrecorded':
      // Our own number: the provider's reference may be one another of our orders already holds.
      return { kind: result.kind, messageKey: 'order-accepted-unrecorded', variables: { reference: `#${result.order.id}` } };
    case 'already-confirmed':
      // A replayed Confirm (a repeated update, a restart): say what became of the first one.
      if (result.order.state === 'not_placed' || result.order.state === 'rejected') {
        return { kind: result.kind, messageKey: 'order-already-confirmed-not-placed', variables: {} };
      }
      return { kind: result.kind, messageKey: 'order-already-confirmed', variables: { reference }, stateKey: `track-state-${result.order.state}` };
    case 'same-order-pending':
      return { kind: result.kind, messageKey: 'order-same-pending', variables: {} };
  }
}
