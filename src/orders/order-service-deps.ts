import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { ProviderClient } from '../provider/client.js';
import type { ApprovalJudge } from './approval-judge.js';
import type { LimitCheck } from './limit-check.js';
import type { OrderLine } from './order-line.js';
import type { OrderPurpose } from '../domain/cost-centre.js';
import type { OrderRow, OrderStore } from '../db/order-store.js';
import type { PauseSource } from '../db/ordering-pause-store.js';

/** What the order service is given (order-service.ts), and what it is asked to place: shared with the checks before a POST (send-checks.ts). */

export interface PlaceInput {
  /** Unique per confirmation summary: pressing "confirm" twice places one order. */
  confirmKey: string;
  userId: number;
  chatId: number;
  /** The products, one line each (a product at most once): all go in one POST. */
  lines: OrderLine[];
  /** An administrator approved this order: the approval threshold is not judged again. */
  approved?: boolean;
  /** One order of a batch (src/batches): the batch's id and the order's index in its plan, recorded on the order. */
  batch?: { id: number; index: number };
  /** The cost centre and note the orderer gave, where the order flow asked (recorded on the order as given). */
  purpose?: OrderPurpose;
}

export interface OrderServiceDeps {
  /** Where orders are kept (Stores.orders). */
  orders: OrderStore;
  provider: Pick<ProviderClient, 'placeOrder' | 'getBalance'>;
  clock: Clock;
  logger: Logger;
  /** Recorded on every order so that sandbox orders are never mistaken for real ones. */
  sandbox: boolean;
  /**
   * When the shared rate limiter lets requests out again (epoch ms; the
   * provider's Retry-After). An order is not started while that is far off:
   * it would sit in 'placing' holding the wallet, and a shutdown meanwhile
   * would leave an outcome that looks unknown although nothing was sent.
   */
  providerPausedUntil?: () => number;
  /**
   * The ordering pause in force, if any (src/db/ordering-pause-store.ts): while
   * the provider refuses our key or an administrator paused ordering, no
   * POST goes out. Read from the database before every order, so that a
   * pause made on another instance stops this one too.
   */
  orderingPaused?: () => Promise<{ source: PauseSource; reason: string | null } | null>;
  /**
   * Which of these products administrators hid from staff (/catalog), read
   * from the database before every order and again right before its POST:
   * a product hidden after the summary, an approval request or a batch's
   * Confirm is never bought, whichever path placed the order.
   */
  hiddenProducts?: (productIds: number[]) => Promise<number[]>;
  /**
   * The person's spending limits (limit-check.ts), checked
   * under the wallet lock: two orders confirmed together are counted one
   * after the other, so they cannot pass a limit between them.
   */
  checkLimits?: LimitCheck;
  /**
   * Whether the order must wait for an administrator, counted on the
   * person's day (approval-judge.ts), judged again under the wallet lock:
   * an order that needed no approval when Confirm was pressed may need it
   * once another order of the same person was placed meanwhile. Such an
   * order is closed unsent ('needs-approval'); approved orders skip it.
   */
  needsApproval?: ApprovalJudge;
  /**
   * The POST's timeout (PROVIDER_ORDER_TIMEOUT_MS): a POST a crash
   * interrupted can have been in flight this long at most. Default: the
   * provider client's default.
   */
  placeTimeoutMs?: number;
  /**
   * The provider charged another amount than the one confirmed (its price
   * moved between our last read and the POST). The order is placed and
   * counts what was charged; administrators must hear of it.
   */
  onChargedOtherAmount?: (order: OrderRow, confirmed: number) => void;
  /**
   * Reads again the in-memory copies (roles, spending rules) that another
   * instance changed since this update began (fresh-views.ts), right before
   * the last check ahead of a POST.
   */
  freshen?: () => Promise<void>;
  /**
   * Whether the person may still order (on the staff, not a viewer), from
   * the copy `freshen` keeps current: someone removed between the summary
   * (or an Approve) and the POST is not ordered for.
   */
  mayOrder?: (userId: number) => boolean;
}
