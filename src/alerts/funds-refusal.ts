import type { Logger } from '../logger.js';
import type { OrderService } from '../orders/order-service.js';
import type { Locale } from '../text/i18n.js';
import type { AdminAlerts } from './admin-alerts.js';

/**
 * Heard at most once an hour: staff trying again and again against an empty
 * wallet is one piece of news, but a wallet that runs dry again later the
 * same day, after a top-up, is news again.
 */
export const FUNDS_REFUSAL_QUIET_MS = 60 * 60 * 1000;

export interface FundsRefusal {
  balance: number;
  total: number;
  orderId: number;
}

/**
 * The order service, telling administrators whenever the provider refuses
 * an order for lack of funds. Independent of the low-balance threshold:
 * with none set, this is the only way administrators learn that staff
 * cannot order.
 */
export function withFundsRefusalAlert<S extends Pick<OrderService, 'createIntentAndPlace'>>(
  orders: S,
  deps: { alerts: Pick<AdminAlerts, 'alert'>; render: (locale: Locale, refusal: FundsRefusal) => string; logger: Logger },
): S {
  return {
    ...orders,
    async createIntentAndPlace(input) {
      const result = await orders.createIntentAndPlace(input);
      if (result.kind === 'rejected' && result.reason === 'insufficient-funds' && result.balance !== undefined) {
        const refusal: FundsRefusal = { balance: result.balance, total: result.order.totalAmount, orderId: result.order.id };
        deps.logger.warn(refusal, 'order refused for lack of funds');
        // Not awaited: the staff member hears of their order without waiting for every administrator's chat.
        void deps.alerts.alert('insufficient-funds', (locale) => deps.render(locale, refusal), { quietMs: FUNDS_REFUSAL_QUIET_MS });
      }
      return result;
    },
  };
}
