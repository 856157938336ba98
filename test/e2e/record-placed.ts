import Database from 'better-sqlite3';
import { SANDBOX_PRODUCTS, type SandboxOrder } from '../../src/sandbox/server.js';
import type { World } from './harness.js';

/** Google Play 10 USD's one region in the seed: what the recorded orders bought. */
const US = { productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001 };

/**
 * Orders the provider has, recorded in our database as the order service
 * records a placed one, through a second connection: as if each person had
 * confirmed theirs that moment. Thousands of orders walked through the chat
 * would test the chat, not what follows the POST.
 */
export function recordPlaced(
  world: World,
  placed: readonly SandboxOrder[],
  options: {
    /** Who ordered the order at `index` of `placed` (in their private chat). */
    userIdOf: (index: number) => number;
    /** Makes each confirm key and fingerprint unique to the test. */
    keyPrefix: string;
    /** The provider order id recorded; the provider's own unless given (a wrong one, to test that it is caught). */
    providerOrderId?: (order: SandboxOrder) => number;
    /** With the audit row the order feed follows. */
    audited?: boolean;
  },
): void {
  const db = new Database(world.databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare(
      `insert into orders (user_id, chat_id, confirm_key, fingerprint, lines, total_amount, state, provider_order_id, provider_reference,
         provider_status, sandbox, created_at, posted_at, updated_at, next_check_at, check_count)
       values (?, ?, ?, ?, json_array(json_object('product', json_object('id', ?, 'title', 'Google Play 10 USD'), 'region', json_object('regionPropertyId', ?, 'title', 'US', 'price', ?), 'quantity', 1, 'fields', json('[]'))), ?, 'in_progress', ?, ?, 'PREPARING', 0, ?, ?, ?, ?, 0)`,
    );
    const audit = db.prepare(`insert into audit_log (at, actor_id, action, order_id, amount) values (?, ?, 'order.placed', ?, ?)`);
    db.transaction(() => {
      placed.forEach((order, index) => {
        const userId = options.userIdOf(index);
        const at = order.createdAtMs;
        const key = `${options.keyPrefix}-${order.orderReference}`;
        const row = insert.run(userId, userId, key, key, US.productId, US.regionPropertyId, order.amount, order.amount,
          options.providerOrderId?.(order) ?? order.orderId, order.orderReference, at, at, at, at);
        if (options.audited) audit.run(at, userId, row.lastInsertRowid, order.amount);
      });
    })();
  } finally {
    db.close();
  }
}
