import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createStrangerRepliesRepo } from '../../src/db/stranger-replies-repo.js';

const HOUR = 3_600_000;
const T0 = 1_700_000_000_000;

describe('stranger replies', () => {
  const opened: Db[] = [];
  afterEach(() => opened.splice(0).forEach(closeDb));

  function setup() {
    const db = openDb(':memory:');
    opened.push(db);
    return createStrangerRepliesRepo({ db });
  }

  it('answers a stranger the first time', () => {
    expect(setup().claimReply(7, T0)).toBe(true);
  });

  it('stays silent for the rest of the hour after answering', () => {
    const replies = setup();
    replies.claimReply(7, T0);
    expect(replies.claimReply(7, T0 + 1)).toBe(false);
    expect(replies.claimReply(7, T0 + HOUR - 1)).toBe(false);
  });

  it('answers again once the hour has passed, and counts the hour from that answer', () => {
    const replies = setup();
    replies.claimReply(7, T0);
    expect(replies.claimReply(7, T0 + HOUR)).toBe(true);
    expect(replies.claimReply(7, T0 + HOUR + 10)).toBe(false);
  });

  it('keeps a separate hour for each stranger', () => {
    const replies = setup();
    replies.claimReply(7, T0);
    expect(replies.claimReply(8, T0 + 5)).toBe(true);
  });

  it('honours a custom interval', () => {
    const replies = setup();
    replies.claimReply(7, T0, 1000);
    expect(replies.claimReply(7, T0 + 999, 1000)).toBe(false);
    expect(replies.claimReply(7, T0 + 1000, 1000)).toBe(true);
  });
});
