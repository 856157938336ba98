import type { RecordedRequest } from '../../src/sandbox/server.js';

/**
 * BENCH_TRACE's account of one giftdesk side of the delivery benchmark, on
 * stderr, in provider seconds: every sweep from its page 1 (its pages, the
 * time they took, the requests between, the pause to the next sweep), and
 * each delivery's lag split in two: from COMPLETED to the first read of the
 * order's history page after it (seen), and from there to the send (the
 * detail read, the writes and the sender). Every order is placed before
 * the window and none after, so an order's page never moves.
 */
export function traceDelivery(input: {
  requests: readonly RecordedRequest[];
  startedAt: number;
  windowFrom: number;
  /** Provider order ids of the orders placed. */
  orderIds: readonly number[];
  pageSize: number;
  /** Provider order id -> when it completed, and when its codes were sent. */
  completedAt: ReadonlyMap<number, number>;
  sentAt: ReadonlyMap<number, number>;
}): void {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const isPage = (r: RecordedRequest) => r.method === 'GET' && r.path === '/orders';
  const window = input.requests.filter((r) => r.at > input.windowFrom);
  const firsts = window.flatMap((r, i) => (isPage(r) && r.query['page'] === '1' ? [i] : []));
  for (const [k, from] of firsts.slice(0, -1).entries()) {
    const span = window.slice(from, firsts[k + 1]);
    const pages = span.filter(isPage);
    const cycle = window[firsts[k + 1]!]!.at - span[0]!.at;
    console.error(`sweep at ${s(span[0]!.at - input.startedAt)}: ${pages.length} pages in ${s(pages.at(-1)!.at - span[0]!.at)} s, ${span.length} requests, next sweep after ${s(cycle)} s`);
  }
  const newestFirst = [...input.orderIds].sort((a, b) => b - a);
  const pageOf = new Map(newestFirst.map((id, index) => [id, Math.floor(index / input.pageSize) + 1]));
  const pageReads = input.requests.filter(isPage).map((r) => ({ page: Number(r.query['page']), at: r.at }));
  const seen: number[] = [];
  const after: number[] = [];
  for (const [id, sent] of input.sentAt) {
    const completed = input.completedAt.get(id)!;
    const read = pageReads.find((r) => r.page === pageOf.get(id) && r.at >= completed)?.at ?? sent;
    seen.push(read - completed);
    after.push(sent - read);
  }
  const q = (values: number[], p: number) => s([...values].sort((a, b) => a - b)[Math.floor(p * (values.length - 1))] ?? Number.NaN);
  console.error(`COMPLETED -> page read p50 / p95 / max: ${q(seen, 0.5)} / ${q(seen, 0.95)} / ${q(seen, 1)} s; page read -> sent: ${q(after, 0.5)} / ${q(after, 0.95)} / ${q(after, 1)} s`);
}
