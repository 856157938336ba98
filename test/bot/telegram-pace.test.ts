import { describe, expect, it } from 'vitest';
import { createTelegramPace, TELEGRAM_LIMITS, type PaceLimits } from '../../src/bot/telegram-pace.js';
import { createManualClock, type ManualClock } from '../support/manual-clock.js';
import { mayLeaveOut } from '../../src/bot/droppable-removals.js';

type Sent = { method: string; chat: number | undefined; at: number; interactive: boolean };

/** The pace's transformers in front of a Bot API that only notes when each call reached it. */
function paced(clock: ManualClock, limits?: PaceLimits) {
  const pace = createTelegramPace({ clock, ...(limits ? { limits } : {}) });
  const sent: Sent[] = [];
  const call = (interactive: boolean, first = false) => {
    const transformer = interactive ? pace.interactive() : pace.fanOut({ first });
    return (method: string, payload: Record<string, unknown>) =>
      transformer(
        async (m, p) => {
          sent.push({ method: m, chat: (p as { chat_id?: number }).chat_id, at: clock.now(), interactive });
          return { ok: true as const, result: true as never };
        },
        method as never,
        payload as never,
      );
  };
  return { pace, sent, fanOut: call(false), first: call(false, true), interactive: call(true) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

async function runFor(clock: ManualClock, ms: number, stepMs = 5) {
  for (let passed = 0; passed < ms; passed += stepMs) {
    await settle();
    clock.advance(stepMs);
  }
  await settle();
}

/** The most calls in any window of `windowMs`, counted from each call. */
const busiestWindow = (times: number[], windowMs: number) =>
  Math.max(0, ...times.map((start) => times.filter((at) => at >= start && at < start + windowMs).length));

const closestGap = (times: number[]) => Math.min(Infinity, ...times.slice(1).map((at, i) => at - times[i]!));

describe('the pace of messages to Telegram', () => {
  it('with the real limits, spreads 60 messages to 60 chats and 10 to one chat over what Telegram allows', async () => {
    const clock = createManualClock(1_000_000);
    const { sent, fanOut, pace } = paced(clock);
    const all = [
      ...Array.from({ length: 10 }, () => fanOut('sendMessage', { chat_id: 7, text: 'again' })),
      ...Array.from({ length: 60 }, (_, i) => fanOut('sendMessage', { chat_id: 1000 + i, text: 'news' })),
    ];
    await runFor(clock, 13_000, 10);
    await Promise.all(all);

    expect(sent).toHaveLength(70);
    expect(pace.waiting()).toBe(0);
    // Fan-outs take 25 a second of the 30, leaving room for answers to people.
    expect(busiestWindow(sent.map((s) => s.at), 1_000)).toBe(TELEGRAM_LIMITS.fanOutMax);
    const toOne = sent.filter((s) => s.chat === 7).map((s) => s.at);
    expect(closestGap(toOne)).toBeGreaterThanOrEqual(1_000);
    // One every 40 ms: seventy in 2.76 s, the one chat's ten a second apart among them.
    expect(closestGap(sent.map((s) => s.at))).toBe(40);
    expect(Math.max(...sent.filter((s) => s.chat !== 7).map((s) => s.at)) - 1_000_000).toBeLessThan(3_000);
    expect(Math.max(...toOne) - Math.min(...toOne)).toBe(9_000);
  });

  it('answers a person at once while a fan-out waits, and keeps the overall limit with them', async () => {
    const clock = createManualClock(0);
    const { sent, fanOut, interactive } = paced(clock);
    const fan = Array.from({ length: 100 }, (_, i) => fanOut('sendMessage', { chat_id: 2000 + i, text: 'feed' }));
    // By 990 ms the fan-out has taken its 25 of the second.
    await runFor(clock, 990);
    expect(sent).toHaveLength(TELEGRAM_LIMITS.fanOutMax);
    const reply = interactive('sendMessage', { chat_id: 5, text: 'your order' });
    await settle();
    expect(sent.filter((s) => s.interactive)).toEqual([expect.objectContaining({ chat: 5, at: 990 })]);
    await reply;
    // A burst of replies beyond the overall limit waits for it, and still goes before the fan-out.
    const replies = Array.from({ length: 10 }, (_, i) => interactive('editMessageText', { chat_id: 6 + i, message_id: 1, text: 'done' }));
    await settle();
    expect(sent.filter((s) => s.interactive)).toHaveLength(TELEGRAM_LIMITS.globalMax - TELEGRAM_LIMITS.fanOutMax);
    await runFor(clock, 5_000);
    await Promise.all([...fan, ...replies]);
    expect(busiestWindow(sent.map((s) => s.at), 1_000)).toBeLessThanOrEqual(TELEGRAM_LIMITS.globalMax);
    const firstAfterFull = sent.findIndex((s) => s.at > 990);
    expect(sent.slice(firstAfterFull, firstAfterFull + 4).every((s) => s.interactive)).toBe(true);
  });

  it('sends news a person waits for ahead of the other fan-outs, within their share and a chat\'s second', async () => {
    const clock = createManualClock(0);
    const { sent, fanOut, first } = paced(clock);
    const feed = Array.from({ length: 40 }, (_, i) => fanOut('sendMessage', { chat_id: 3000 + i, text: 'feed' }));
    await runFor(clock, 200);
    const codes = [first('sendMessage', { chat_id: 8, text: 'your codes' }), first('sendMessage', { chat_id: 8, text: 'more codes' }), first('sendMessage', { chat_id: 9, text: 'codes' })];
    await runFor(clock, 3_000);
    await Promise.all([...feed, ...codes]);
    const at = (chat: number) => sent.filter((s) => s.chat === chat).map((s) => s.at);
    // Next in line after the feed's message of the moment, the one chat's second a second later.
    expect(at(8)).toEqual([240, 1_240]);
    expect(at(9)).toEqual([280]);
    expect(busiestWindow(sent.map((s) => s.at), 1_000)).toBe(TELEGRAM_LIMITS.fanOutMax);
  });

  it('keeps twenty a minute to a group, and leaves reads and typing alone', async () => {
    const clock = createManualClock(0);
    const { sent, fanOut } = paced(clock);
    const group = Array.from({ length: 22 }, () => fanOut('sendMessage', { chat_id: -100123, text: 'x' }));
    const unpaced = [fanOut('getChat', { chat_id: -100123 }), fanOut('sendChatAction', { chat_id: 9, action: 'typing' })];
    await settle();
    expect(sent.filter((s) => s.method !== 'sendMessage')).toHaveLength(2);
    await runFor(clock, 70_000, 250);
    await Promise.all([...group, ...unpaced]);
    const times = sent.filter((s) => s.method === 'sendMessage').map((s) => s.at);
    expect(busiestWindow(times, 60_000)).toBe(TELEGRAM_LIMITS.groupMax);
    expect(times.at(-1)).toBeGreaterThanOrEqual(60_000);
  });

  it('keeps a chat\'s messages in the order they were given, and paces menus set for a chat', async () => {
    const clock = createManualClock(0);
    const { sent, fanOut } = paced(clock);
    const calls = [
      fanOut('setMyCommands', { scope: { type: 'chat', chat_id: 3 }, commands: [] }),
      fanOut('setMyCommands', { scope: { type: 'chat', chat_id: 3 }, commands: [], language_code: 'fa' }),
      fanOut('sendMessage', { chat_id: 4, text: 'other' }),
    ];
    await runFor(clock, 1_500);
    await Promise.all(calls);
    expect(sent.map((s) => [s.method, s.at])).toEqual([
      ['setMyCommands', 0],
      ['sendMessage', 40],
      ['setMyCommands', 1_000],
    ]);
  });

  it('spaces a chat\'s next message from the answer to its last, so a request that arrives late is not followed too soon', async () => {
    const clock = createManualClock(0);
    const pace = createTelegramPace({ clock });
    const arrived: number[] = [];
    const transformer = pace.fanOut();
    // The first request travels 700 ms before Telegram counts it; the second is quick.
    const slow = (travelMs: number) => async () => {
      await clock.sleep(travelMs);
      arrived.push(clock.now());
      return { ok: true as const, result: true as never };
    };
    const calls = [
      transformer(slow(700), 'sendMessage', { chat_id: 7, text: 'one' } as never),
      transformer(slow(0), 'sendMessage', { chat_id: 7, text: 'two' } as never),
    ];
    await runFor(clock, 3_000);
    await Promise.all(calls);
    expect(arrived).toHaveLength(2);
    expect(arrived[1]! - arrived[0]!).toBeGreaterThanOrEqual(TELEGRAM_LIMITS.chatSpacingMs);
  });

  it('counts an answer in the overall second until a second after its answer came, so a request that travels slowly cannot land beside thirty more', async () => {
    const clock = createManualClock(0);
    const pace = createTelegramPace({ clock });
    const left: number[] = [];
    const transformer = pace.interactive();
    const travelling = (travelMs: number) => async () => {
      left.push(clock.now());
      await clock.sleep(travelMs);
      return { ok: true as const, result: true as never };
    };
    // Thirty answers, each 300 ms on its way: the thirty-first goes a second after their answers, not after they left.
    const calls = Array.from({ length: 31 }, (_, i) => transformer(travelling(300), 'sendMessage', { chat_id: 100 + i, text: 'answer' } as never));
    await runFor(clock, 2_000);
    await Promise.all(calls);
    expect(left.slice(0, 30).every((at) => at === 0)).toBe(true);
    expect(left[30]).toBe(1_300);
  });

  it('leaves out taking an old menu\'s buttons off while answers fill the second, and sends it when there is room', async () => {
    const clock = createManualClock(0);
    const { pace, sent, interactive } = paced(clock);
    // An old order menu's removal, marked as drop-order.ts marks it.
    const removal = (chat: number) => {
      mayLeaveOut(chat, 1);
      return interactive('editMessageReplyMarkup', { chat_id: chat, message_id: 1, reply_markup: { inline_keyboard: [] } });
    };
    // With room to spare, it goes at once.
    await expect(removal(1)).resolves.toEqual({ ok: true, result: true });
    expect(sent.map((s) => s.method)).toEqual(['editMessageReplyMarkup']);
    await runFor(clock, 1_100);
    const answers = Array.from({ length: TELEGRAM_LIMITS.fanOutMax }, (_, i) => interactive('editMessageText', { chat_id: 10 + i, message_id: 1, text: 'step' }));
    await settle();
    await Promise.all(answers);
    // The answers' reserve is all that is left of this second: the removal does not take it, nor wait for the next.
    await expect(removal(2)).resolves.toEqual({ ok: true, result: true });
    expect(sent.filter((s) => s.method === 'editMessageReplyMarkup')).toHaveLength(1);
    expect(pace.leftOut()).toBe(1);
    // Any other removal (a settled card's, a withdrawn request's) is never left out: it waits its turn.
    const settled = interactive('editMessageReplyMarkup', { chat_id: 4, message_id: 1, reply_markup: { inline_keyboard: [] } });
    await runFor(clock, 1_100);
    await settled;
    expect(sent.filter((s) => s.method === 'editMessageReplyMarkup')).toHaveLength(2);
    expect(pace.leftOut()).toBe(1);
    // A menu's new buttons are never left out.
    const menu = interactive('editMessageReplyMarkup', { chat_id: 3, message_id: 1, reply_markup: { inline_keyboard: [[{ text: 'Next', callback_data: 'n' }]] } });
    await settle();
    await menu;
    expect(sent.filter((s) => s.method === 'editMessageReplyMarkup')).toHaveLength(3);
  });
});
