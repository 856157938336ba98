import type { ApiResponse } from '@grammyjs/types';
import { describe, expect, it } from 'vitest';
import { conversationRetry } from '../../../../src/bot/conversations/order/telegram-retry.js';
import { createManualClock } from '../../../support/manual-clock.js';

const START = Date.parse('2025-03-01T10:00:00Z');
const tooMany = (retryAfter: number): ApiResponse<unknown> => ({ ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: retryAfter } });
const sent: ApiResponse<unknown> = { ok: true, result: { message_id: 7 } };

/** Answers as scripted, one per call, and counts the calls. */
function scripted(answers: ApiResponse<unknown>[]) {
  let calls = 0;
  const prev = (async () => answers[Math.min(calls++, answers.length - 1)]) as never;
  return { prev, calls: () => calls };
}

/** Lets the transformer run until it sleeps or returns. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('waiting out a 429 inside the order conversation', () => {
  it('waits retry_after and returns the answer that followed', async () => {
    const clock = createManualClock(START);
    const api = scripted([tooMany(2), tooMany(2), tooMany(2), sent]);
    const retry = conversationRetry({ stampedNow: async () => clock.now(), clock, maxRetries: 3, maxDelaySeconds: 10 });
    let result: unknown;
    const done = retry(api.prev, 'sendMessage', { chat_id: 1, text: 'hi' }).then((r) => (result = r));
    for (let i = 0; i < 3; i++) {
      await settle();
      expect(clock.pendingSleeps()).toBe(1);
      clock.advance(2_000);
    }
    await done;
    expect(result).toEqual(sent);
    expect(api.calls()).toBe(4);
  });

  it('does not wait again when a replay meets a 429 recorded long ago', async () => {
    const clock = createManualClock(START);
    const api = scripted([tooMany(5), sent]);
    // The stamp is the one recorded when the 429 first arrived; the replay comes a minute later.
    const retry = conversationRetry({ stampedNow: async () => START - 60_000, clock, maxRetries: 3, maxDelaySeconds: 10 });
    expect(await retry(api.prev, 'sendMessage', { chat_id: 1, text: 'hi' })).toEqual(sent);
    expect(clock.pendingSleeps()).toBe(0);
  });

  it('gives the 429 back after the last retry', async () => {
    const clock = createManualClock(START);
    const api = scripted([tooMany(1)]);
    const retry = conversationRetry({ stampedNow: async () => START - 60_000, clock, maxRetries: 3, maxDelaySeconds: 10 });
    expect(await retry(api.prev, 'sendMessage', { chat_id: 1, text: 'hi' })).toEqual(tooMany(1));
    expect(api.calls()).toBe(4);
  });

  it('does not wait for a retry_after beyond the bound', async () => {
    const clock = createManualClock(START);
    const api = scripted([tooMany(30), sent]);
    const retry = conversationRetry({ stampedNow: async () => clock.now(), clock, maxRetries: 3, maxDelaySeconds: 10 });
    expect(await retry(api.prev, 'sendMessage', { chat_id: 1, text: 'hi' })).toEqual(tooMany(30));
    expect(api.calls()).toBe(1);
  });
});
