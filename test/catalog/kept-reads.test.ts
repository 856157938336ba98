import { describe, expect, it } from 'vitest';
import { createKeptReads } from '../../src/db/kept-reads.js';

/** A read that answers when told: what a database read under way looks like. */
function deferred<T>() {
  let settle!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  return { promise, settle, fail };
}

describe('kept reads', () => {
  it('shares a read under way, and answers it again from memory', async () => {
    const kept = createKeptReads();
    let reads = 0;
    const read = () => (reads++, Promise.resolve(`answer ${reads}`));
    const [a, b] = await Promise.all([kept.read('k', read), kept.read('k', read)]);
    expect([a, b, await kept.read('k', read)]).toEqual(['answer 1', 'answer 1', 'answer 1']);
    expect(reads).toBe(1);
  });

  it('lets go of the least recently used past its limit, a read used again counting as recent', async () => {
    const kept = createKeptReads(3);
    const reads: string[] = [];
    const read = (key: string) => kept.read(key, async () => (reads.push(key), key));
    for (const key of ['a', 'b', 'c']) await read(key);
    // "a" used again: "b" is now the least recently used.
    await read('a');
    await read('d');
    expect(kept.size).toBe(3);
    await read('a');
    await read('c');
    await read('d');
    expect(reads).toEqual(['a', 'b', 'c', 'd']);
    await read('b');
    expect(reads).toEqual(['a', 'b', 'c', 'd', 'b']);
  });

  it('never answers from a read that was under way when it was told to forget', async () => {
    const kept = createKeptReads();
    const old = deferred<string>();
    const first = kept.read('page', () => old.promise);
    // The price moved while the page was being read: what the read brings may be the old one.
    kept.forget();
    old.settle('old price');
    expect(await first).toBe('old price');
    expect(await kept.read('page', async () => 'new price')).toBe('new price');
  });

  it('keeps no failed read: the next reader asks again', async () => {
    const kept = createKeptReads();
    const failing = deferred<string>();
    const first = kept.read('k', () => failing.promise);
    failing.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    expect(await kept.read('k', async () => 'read again')).toBe('read again');
  });
});
