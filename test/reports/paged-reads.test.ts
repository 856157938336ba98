import { describe, expect, it } from 'vitest';
import { pagedById } from '../../src/db/report-queries.js';

describe('paged report reads', () => {
  it('return to the event loop between pages, so that a database read synchronously does not hold other chats for the whole export', async () => {
    let pagesRead = 0;
    // Pages of 2 ids, 1 to 10, answered at once as SQLite's synchronous reads are.
    const read = async (afterId: number) => {
      pagesRead += 1;
      return afterId >= 10 ? [] : [{ id: afterId + 1 }, { id: afterId + 2 }];
    };
    let pagesWhenOtherWorkRan: number | null = null;
    setImmediate(() => (pagesWhenOtherWorkRan = pagesRead));
    const ids: number[] = [];
    for await (const row of pagedById(read, 2)) ids.push(row.id);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pagesRead).toBe(6);
    expect(pagesWhenOtherWorkRan).toBe(1);
  });
});
