import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCatalog, SANDBOX_PRODUCTS } from '../../src/sandbox/seed.js';
import { SandboxStateError, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import { createStore } from '../../src/sandbox/store.js';
import { validateOrder } from '../../src/sandbox/validation.js';
import { createManualClock, type ManualClock } from '../support/manual-clock.js';
import { call, placePlain, startSandbox } from './http.js';

const P = SANDBOX_PRODUCTS;
const TIMING = { preparingMs: 1_000, processingMs: 1_000 };

describe('sandbox state file', () => {
  let dir: string;
  let statePath: string;
  let clock: ManualClock;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'giftdesk-sandbox-state-'));
    statePath = join(dir, 'giftdesk.provider.sqlite');
    clock = createManualClock(Date.UTC(2026, 0, 5, 9));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const start = (options: SandboxOptions = {}) => startSandbox({ clock, timing: TIMING, initialBalance: 10_000_000, statePath, ...options });
  const restart = async (sandbox: Sandbox, options: SandboxOptions = {}) => {
    await sandbox.close();
    return start(options);
  };
  const balanceOf = async (sandbox: Sandbox) => (await call(sandbox, '/wallet/balance')).body.data.balance as number;

  it('keeps the wallet as it was instead of crediting the initial balance again', async () => {
    const first = await start();
    await placePlain(first, P.noFields, 2);
    const second = await restart(first);
    expect(await balanceOf(second)).toBe(7_500_000);
    const history = (await call(second, '/wallet/transactions')).body.data as { type: string; balanceAfter: number }[];
    expect(history.map((t) => [t.type, t.balanceAfter])).toEqual([
      ['DEBIT', 7_500_000],
      ['CREDIT', 10_000_000],
    ]);
  });

  it('numbers orders on after the last one of the earlier run', async () => {
    const first = await start();
    const before = await placePlain(first, P.noFields);
    const second = await restart(first);
    const after = await placePlain(second, P.noFields);
    expect(after.orderId).toBe(before.orderId + 1);
    expect(after.orderReference).not.toBe(before.orderReference);
    expect(second.controls.orders().map((o) => o.orderId)).toEqual([before.orderId, after.orderId]);
  });

  it('still answers an order that was open at the restart, and completes it with codes that stay the same', async () => {
    const first = await start();
    const open = await placePlain(first, P.noFields);
    const second = await restart(first);
    expect((await call(second, `/orders/${open.orderId}`)).body.data.status).toBe('PREPARING');
    clock.advance(2_000);
    const completed = (await call(second, `/orders/${open.orderReference}`)).body.data;
    expect(completed.status).toBe('COMPLETED');
    const third = await restart(second);
    expect((await call(third, `/orders/${open.orderId}`)).body.data.items).toEqual(completed.items);
  });

  it('refunds an order that failed after the restart once, and keeps the refund', async () => {
    const first = await start();
    await placePlain(first, P.alwaysFails);
    const second = await restart(first);
    clock.advance(2_000);
    expect(await balanceOf(second)).toBe(10_000_000);
    const third = await restart(second);
    expect(await balanceOf(third)).toBe(10_000_000);
    expect((await call(third, '/wallet/transactions')).body.data).toHaveLength(3);
  });

  it('keeps a refund the late-refund fault holds back, and lands it once after the restart', async () => {
    const first = await start();
    first.controls.setRefundDelay(60_000);
    await placePlain(first, P.alwaysFails);
    clock.advance(2_000);
    expect(await balanceOf(first)).toBe(8_100_000);
    // The fault is not switched on again: the refund due is the order's, kept with it.
    const second = await restart(first);
    expect(await balanceOf(second)).toBe(8_100_000);
    clock.advance(60_000);
    expect(await balanceOf(second)).toBe(10_000_000);
    const third = await restart(second);
    expect(await balanceOf(third)).toBe(10_000_000);
    expect((await call(third, '/wallet/transactions')).body.data.map((t: { type: string }) => t.type)).toEqual(['CREDIT', 'DEBIT', 'CREDIT']);
  });

  it('keeps the money a dropped debit took, with the list still missing it', async () => {
    const first = await start();
    first.controls.setProductDebitDropped(P.noFields, true);
    await placePlain(first, P.noFields);
    const second = await restart(first);
    expect(await balanceOf(second)).toBe(8_750_000);
    expect((await call(second, '/wallet/transactions')).body.data).toHaveLength(1);
    const next = await placePlain(second, P.noFields);
    const third = await restart(second);
    expect(await balanceOf(third)).toBe(7_500_000);
    expect((await call(third, '/wallet/transactions')).body.data[0]).toMatchObject({ orderId: next.orderId, balanceAfter: 7_500_000, id: 2 });
  });

  it('reads a state file of the format before debits missing from the list, and marks it as the new one', async () => {
    const first = await start();
    await placePlain(first, P.noFields);
    await first.close();
    const raw = new Database(statePath);
    raw.prepare(`update sandbox_meta set value = '1' where key = 'format'`).run();
    raw.prepare(`drop table sandbox_unlisted_debits`).run();
    raw.close();
    const second = await start();
    expect(await balanceOf(second)).toBe(8_750_000);
    await second.close();
    const check = new Database(statePath, { readonly: true });
    expect(check.prepare(`select value from sandbox_meta where key = 'format'`).pluck().get()).toBe('2');
    check.close();
  });

  it('keeps the stock the orders took', async () => {
    const first = await start();
    await placePlain(first, P.noFields, 3);
    const second = await restart(first);
    expect((await call(second, `/products/${P.noFields}`)).body.data.regionProperties[0].stock).toBe(47);
  });

  it('numbers a fresh file’s orders above the ids the bot already holds', async () => {
    const sandbox = await start({ orderIdsAbove: 9_004 });
    expect((await placePlain(sandbox, P.noFields)).orderId).toBe(9_005);
    const again = await restart(sandbox, { orderIdsAbove: 9_001 });
    expect((await placePlain(again, P.noFields)).orderId).toBe(9_006);
  });

  it('refuses a file another running sandbox holds', async () => {
    await start();
    await expect(start()).rejects.toThrow(/another running sandbox holds it/);
  });

  // A damaged file is refused with its name and the reason, and left as it was: repairing or
  // replacing it on our own would start the order numbers over (the very collision the file
  // prevents) and throw away what the operator may want to look at. Moving it away is their call.
  it('refuses a file that is not a state file, names it, and leaves it untouched', async () => {
    writeFileSync(statePath, 'not a database at all, but long enough to look like a header of one........................');
    const bytes = readFileSync(statePath);
    const error = await start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SandboxStateError);
    expect((error as Error).message).toContain(statePath);
    expect(readFileSync(statePath)).toEqual(bytes);
  });

  it('refuses a truncated state file rather than starting the order numbers over', async () => {
    const sandbox = await start({ initialBalance: 1_000_000_000 });
    // Enough orders that the file spans many pages, so that cutting it loses some of them.
    sandbox.controls.placeOrders(60, { productId: P.noFields, regionPropertyId: await regionId(sandbox), quantity: 1 });
    await sandbox.close();
    const size = statSync(statePath).size;
    expect(size).toBeGreaterThan(4 * 4096);
    truncateSync(statePath, Math.floor(size / 2));
    const error = await start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SandboxStateError);
    expect((error as Error).message).toMatch(/damaged|not a sandbox state file/);
  });

  it('refuses a stored order it cannot read instead of skipping it', async () => {
    const sandbox = await start();
    await placePlain(sandbox, P.noFields);
    await sandbox.close();
    const raw = new Database(statePath);
    raw.prepare(`update sandbox_orders set body = '{"orderId": "x"'`).run();
    raw.close();
    await expect(start()).rejects.toThrow(/a stored order is unreadable/);
  });
});

async function regionId(sandbox: Sandbox): Promise<number> {
  const { body } = await call(sandbox, `/products/${P.noFields}`);
  return body.data.regionProperties[0].regionPropertyId as number;
}

describe('sandbox store writing ahead of memory', () => {
  it('keeps no order, debit or order number of a step its state file could not write', () => {
    const clock = createManualClock(Date.UTC(2026, 0, 5, 9));
    let diskFull = false;
    const store = createStore({
      clock,
      catalog: createCatalog(0),
      initialBalance: 10_000_000,
      timing: TIMING,
      save: () => {
        if (diskFull) throw new Error('SQLITE_FULL: database or disk is full');
      },
    });
    const valid = () => {
      const result = validateOrder(
        { products: [{ productId: P.noFields, regionPropertyId: 5001, quantity: 1 }] },
        { products: store.catalog.byId, balance: store.balance(), maxQuantity: 10, maxItemsPerOrder: 5 },
      );
      if (!result.ok) throw new Error(`refused: ${result.status}`);
      return result.order;
    };
    diskFull = true;
    expect(() => store.createOrder(valid())).toThrow(/disk is full/);
    expect(store.listOrders()).toEqual([]);
    expect(store.balance()).toBe(10_000_000);
    expect(store.catalog.byId.get(P.noFields)?.regions[0]?.stock).toBe(50);
    diskFull = false;
    expect(store.createOrder(valid()).orderId).toBe(9_001);
  });
});
