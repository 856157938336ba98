import { afterEach, describe, expect, it } from 'vitest';
import { buildCodesFile } from '../../src/batches/codes-file.js';
import { createBatchStore } from '../../src/db/batch-store.js';
import { closeDb, type Db } from '../../src/db/open.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { translatorFor } from '../../src/text/i18n.js';
import { openedOrder, orderRepoWorld } from '../support/order-fixtures.js';

describe("a batch's file of codes", () => {
  const dbs: Db[] = [];
  afterEach(() => dbs.splice(0).forEach(closeDb));

  it("writes each order's state in the reader's language", async () => {
    const { db, repo } = orderRepoWorld(1_700_000_000_000);
    dbs.push(db);
    const order = await openedOrder(repo);
    const batch = await createBatchStore({ database: databaseOf(db) }).create(
      { key: 'batch-1', requesterId: 1, chatId: 1, source: 'quantity', fileHash: null, fileName: null, plan: [{ lines: order.lines, rows: [] }], total: order.totalAmount },
      new Date(1_700_000_000_000),
    );
    // An order of the batch that failed at the provider: one line with its state and no code.
    const failed = { ...order, state: 'failed' as const, batchId: batch.id, batchIndex: 0 };
    const persian = (await buildCodesFile(batch, [failed], async () => null, translatorFor('fa'))).content.toString('utf8');
    expect(persian).toContain(',ناموفق,');
    expect(persian).not.toContain(',failed,');
    const english = (await buildCodesFile(batch, [failed], async () => null, translatorFor('en'))).content.toString('utf8');
    expect(english).toContain(',Failed,');
  });
});
