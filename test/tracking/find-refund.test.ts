import { describe, expect, it } from 'vitest';
import { findRefund } from '../../src/tracking/find-refund.js';
import { createManualClock } from '../support/manual-clock.js';
import { createScriptedServer, envelope, errorEnvelope } from '../support/scripted-server.js';
import { clientOn, MINUTE, onCleanup, T0 } from './poller-world.js';

const ORDER = { providerOrderId: 9001, postedAt: new Date(T0), createdAt: new Date(T0) };

interface Row {
  id: number;
  type: 'DEBIT' | 'CREDIT';
  orderId: number;
  minutesAfter: number;
}

/** A wallet history, newest first, served `perPage` entries at a time whatever page size is asked for. */
async function wallet(rows: Row[], perPage: number) {
  const newestFirst = [...rows].sort((a, b) => b.minutesAfter - a.minutesAfter);
  const server = await createScriptedServer((request) => {
    if (request.path !== '/wallet/transactions') return { status: 404, body: errorEnvelope(404, 'x') };
    const page = Number(request.query['page'] ?? '1');
    const items = newestFirst.slice((page - 1) * perPage, page * perPage).map((row) => ({
      id: row.id,
      type: row.type,
      amount: 1_250_000,
      balanceAfter: 0,
      orderId: row.orderId,
      description: 'x',
      createdAt: new Date(T0 + row.minutesAfter * MINUTE).toISOString(),
    }));
    return { body: envelope(items) };
  });
  onCleanup(() => server.close());
  const pages = () => server.requests.map((r) => Number(r.query['page']));
  return { provider: clientOn(server.baseUrl, 'key', createManualClock(T0)), pages };
}

describe('finding the refund of an order in the wallet', () => {
  it('follows pages shorter than the size asked for until it finds the credit', async () => {
    const { provider } = await wallet(
      [
        { id: 1, type: 'DEBIT', orderId: 9001, minutesAfter: 0 },
        { id: 2, type: 'CREDIT', orderId: 9001, minutesAfter: 5 },
        { id: 3, type: 'DEBIT', orderId: 9002, minutesAfter: 6 },
        { id: 4, type: 'DEBIT', orderId: 9003, minutesAfter: 7 },
      ],
      2,
    );

    expect(await findRefund(provider, ORDER)).toEqual({ kind: 'seen', amount: 1_250_000 });
  });

  it('stops reading once a page reaches back an hour before the order was sent', async () => {
    const rows: Row[] = Array.from({ length: 10 }, (_, i) => ({ id: i, type: 'DEBIT', orderId: 100 + i, minutesAfter: 30 - i * 20 }));
    const { provider, pages } = await wallet(rows, 2);

    expect(await findRefund(provider, ORDER, { pages: 10 })).toEqual({ kind: 'not-seen' });
    expect(pages()).toEqual([1, 2, 3]);
  });

  it("stops reading at the order's own debit, whatever time the provider's clock gives it", async () => {
    const rows: Row[] = [
      { id: 1, type: 'DEBIT', orderId: 100, minutesAfter: 40 },
      { id: 2, type: 'DEBIT', orderId: 101, minutesAfter: 30 },
      { id: 3, type: 'DEBIT', orderId: 9001, minutesAfter: 20 },
      { id: 4, type: 'DEBIT', orderId: 102, minutesAfter: 15 },
      { id: 5, type: 'DEBIT', orderId: 103, minutesAfter: 10 },
    ];
    const { provider, pages } = await wallet(rows, 2);

    expect(await findRefund(provider, ORDER, { pages: 10 })).toEqual({ kind: 'not-seen' });
    expect(pages()).toEqual([1, 2]);
  });

  it('answers unknown, not "no refund", when the pages it may read do not reach back to the order', async () => {
    const rows: Row[] = Array.from({ length: 10 }, (_, i) => ({ id: i, type: 'DEBIT', orderId: 100 + i, minutesAfter: 50 - i }));
    const { provider, pages } = await wallet(rows, 2);

    expect(await findRefund(provider, ORDER)).toEqual({ kind: 'unknown' });
    expect(pages()).toEqual([1, 2, 3]);
  });

  it('reports a refund it found even when the pages it may read fall short of the order', async () => {
    const rows: Row[] = [
      { id: 1, type: 'CREDIT', orderId: 9001, minutesAfter: 50 },
      ...Array.from({ length: 9 }, (_, i): Row => ({ id: 10 + i, type: 'DEBIT', orderId: 100 + i, minutesAfter: 49 - i })),
    ];
    const { provider } = await wallet(rows, 2);

    expect(await findRefund(provider, ORDER)).toEqual({ kind: 'seen', amount: 1_250_000 });
  });

  it('answers unknown when the wallet cannot be read', async () => {
    const server = await createScriptedServer([{ status: 500, body: errorEnvelope(500, 'x') }]);
    onCleanup(() => server.close());

    expect(await findRefund(clientOn(server.baseUrl, 'key', createManualClock(T0)), ORDER)).toEqual({ kind: 'unknown' });
  });
});
