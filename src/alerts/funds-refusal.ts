import type { Logger } from '../logger.js';
import type { OrderService } from '../orders/order-service.js';
import { formatId } from '../text/format.js';
import type { Locale } from '../text/i18n.js';
import type { AdminAlerts } from './admin-alerts.js';
import { type ReaderView, showAmount } from '../text/presentation.js';

/**
 * Heard at most once an hour: staff trying again and again against an empty
 * wallet is one piece of news, but a wallet that runs dry again later the
 * same day, after a top-up, is news again.
 */
const FUNDS_REFUSAL_QUIET_MS = 60 * 60 * 1000;

/**
 * An order the wallet could not pay for. `orderId` is set when the provider
 * refused a sent order; null when giftdesk held it back before sending,
 * because the balance read for the summary or at Confirm was too low.
 */
export interface FundsRefusal {
  balance: number;
  total: number;
  orderId: number | null;
  /** Who could not order: administrators learn whom to tell once the wallet is topped up. */
  personId: number;
}

/** Tells administrators that staff cannot order for lack of funds; never throws, never waits. */
export type WalletShortAlert = (refusal: FundsRefusal) => void;

/**
 * Independent of the low-balance threshold: with none set, this is the only
 * way administrators learn that staff cannot order. Whether the provider
 * refused the order or giftdesk held it back, it is the same news, heard
 * once within the quiet time.
 */
export function createWalletShortAlert(deps: {
  alerts: Pick<AdminAlerts, 'alert'>;
  render: (locale: Locale, refusal: FundsRefusal) => string;
  logger: Logger;
}): WalletShortAlert {
  return (refusal) => {
    deps.logger.warn(refusal, 'an order does not fit the wallet');
    // Not awaited: the staff member hears of their order without waiting for every administrator's chat.
    void deps.alerts.alert('insufficient-funds', (locale) => deps.render(locale, refusal), { quietMs: FUNDS_REFUSAL_QUIET_MS });
  };
}

/** The order service, telling administrators whenever the provider refuses an order for lack of funds. */
export function withFundsRefusalAlert<S extends Pick<OrderService, 'createIntentAndPlace'>>(orders: S, walletShort: WalletShortAlert): S {
  return {
    ...orders,
    async createIntentAndPlace(input) {
      const result = await orders.createIntentAndPlace(input);
      if (result.kind === 'rejected' && result.reason === 'insufficient-funds' && result.balance !== undefined) {
        walletShort({ balance: result.balance, total: result.order.totalAmount, orderId: result.order.id, personId: result.order.userId });
      }
      return result;
    },
  };
}

/** The administrators' alert, in one reader's language. */
export function walletShortText(v: Pick<ReaderView, 't' | 'locale' | 'amountUnit'>, refusal: FundsRefusal, describePerson: (telegramId: number) => string): string {
  const figures = { balance: showAmount(v, refusal.balance), total: showAmount(v, refusal.total), person: describePerson(refusal.personId) };
  return refusal.orderId === null ? v.t('funds-short-alert', figures) : v.t('funds-refused-alert', { ...figures, id: formatId(refusal.orderId, v.locale) });
}
