import { setTimeout as delay } from 'node:timers/promises';
import { chatDriver } from '../e2e/chat-driver.js';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import type { Fleet } from './instance-fleet.js';

/** The seed's first region (seed.ts numbers regions from 5001): Google Play 10 USD, US. */
export const GOOGLE_PLAY_10_US_REGION = 5001;

export interface WalkOutcomes {
  placed: number;
  other: number;
  /** What the other answers to Confirm began with, and how often. */
  otherTexts: Map<string, number>;
  unanswered: number;
  cutAt: Map<string, number>;
}

export const noOutcomes = (): WalkOutcomes => ({ placed: 0, other: 0, otherTexts: new Map(), unanswered: 0, cutAt: new Map() });

/**
 * One staff member ordering a Google Play card over and over until `until`:
 * each /order step's time is kept in `steps`, a walk that waited more than
 * 5 s for an answer is counted where it stopped and begun again.
 */
export async function orderLoop(
  fleet: Fleet,
  user: FakeUser,
  until: number,
  steps: { at: number; ms: number }[],
  outcomes: WalkOutcomes,
  /** Asked before each walk: false ends the loop. */
  goOn: () => boolean = () => true,
): Promise<void> {
  const chat = chatDriver(fleet.telegram, user);
  while (Date.now() < until && goOn()) {
    let step = '/order';
    try {
      const at = Date.now();
      await chat.say('/order', /Choose a category/);
      steps.push({ at, ms: Date.now() - at });
      step = 'search';
      await chat.say('Google Play 10', /Products matching/);
      step = 'product';
      await chat.tap(/^Google Play 10 USD/, /How many\?/);
      step = 'quantity';
      await chat.say('1', /Please check your order/);
      step = 'Confirm';
      const answer = await chat.answerTo(() => fleet.telegram.clickButton(user, chat.currentMenu(), /Confirm/), /is placed|could not|paused|limit|approv|stock|wallet/i, 20_000);
      if (/is placed/.test(answer.text)) outcomes.placed++;
      else {
        outcomes.other++;
        const head = answer.text.slice(0, 60);
        outcomes.otherTexts.set(head, (outcomes.otherTexts.get(head) ?? 0) + 1);
      }
    } catch {
      outcomes.unanswered++;
      outcomes.cutAt.set(step, (outcomes.cutAt.get(step) ?? 0) + 1);
      if (process.env.BENCH_DEBUG) console.log(`cut at ${step}: ${fleet.telegram.lastMessage(user.id)?.text.slice(0, 200)}`);
      await delay(500);
    }
  }
}

/**
 * Until every code the provider gave has been sent, no update waits at the
 * fake Bot API and every stored update is handled, or `atMostMs`; returns
 * how long it took.
 */
export async function settle(fleet: Fleet, atMostMs: number): Promise<number> {
  const unhandled = async () => Number((await fleet.db.query<{ n: string }>('select count(*) as n from update_queue where done_at is null')).rows[0]?.n ?? 0);
  const from = Date.now();
  const undelivered = () => {
    const sent = fleet.telegram.callsTo('sendMessage').map((c) => String(c.payload.text ?? ''));
    const codes = fleet.sandbox.controls.orders().flatMap((o) => o.items.flatMap((item) => item.delivery?.cards.map((c) => c.code) ?? []));
    return codes.filter((code) => !sent.some((text) => text.includes(code))).length;
  };
  while (Date.now() - from < atMostMs && (undelivered() > 0 || fleet.telegram.pendingUpdates().length > 0 || (await unhandled()) > 0)) await delay(1_000);
  await delay(2_000);
  return Date.now() - from;
}

/**
 * What the run left behind, read from the fake Bot API, the sandbox and the
 * database: updates accepted and never handled, or handled after another
 * instance took them over; POSTs beside provider orders, and provider orders
 * with no local order; each code's deliveries.
 */
export async function fleetOutcome(fleet: Fleet): Promise<{
  accepted: number;
  /** Accepted and stored, never handled. */
  lost: number;
  /** Accepted and never stored: answered by an instance waiting for its database (told "briefly unavailable"), or lost. */
  notStored: number;
  retaken: number;
  lateHandled: number;
  busyWallet: number;
  posts: number;
  postStatuses: Map<number, number>;
  providerOrders: number;
  orphans: number;
  codes: number;
  deliveredOnce: number;
  undelivered: number;
  deliveredTwice: number;
}> {
  const accepted = new Set(fleet.telegram.webhookDeliveries.filter((d) => typeof d.status === 'number' && d.status < 300).map((d) => d.updateId));
  const rows = (await fleet.db.query<{ update_id: string; done: boolean; attempts: number }>('select update_id, done_at is not null as done, attempts from update_queue')).rows;
  const done = new Set(rows.filter((r) => r.done).map((r) => Number(r.update_id)));
  const stored = new Set(rows.map((r) => Number(r.update_id)));
  const logs = fleet.everStarted.flatMap((i) => i.bot.logs());
  const sandboxOrders = fleet.sandbox.controls.orders();
  const posts = fleet.sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/orders');
  const postStatuses = new Map<number, number>();
  for (const post of posts) postStatuses.set(post.status, (postStatuses.get(post.status) ?? 0) + 1);
  const local = (await fleet.db.query<{ provider_order_id: string | null }>('select provider_order_id from orders')).rows;
  const localIds = new Set(local.map((r) => Number(r.provider_order_id)).filter((id) => id > 0));
  const codes = sandboxOrders.flatMap((o) => o.items.flatMap((item) => item.delivery?.cards.map((c) => c.code) ?? []));
  const sends = fleet.telegram.callsTo('sendMessage').filter((c) => c.response?.ok === true && typeof c.payload.text === 'string');
  const times = codes.map((code) => sends.filter((c) => (c.payload.text as string).includes(code)).length);
  return {
    accepted: accepted.size,
    lost: [...accepted].filter((id) => stored.has(id) && !done.has(id)).length,
    notStored: [...accepted].filter((id) => !stored.has(id)).length,
    retaken: rows.filter((r) => r.attempts > 1).length,
    lateHandled: logs.filter((l) => l.msg === 'an update was handled after its claim had been taken over').length,
    busyWallet: logs.filter((l) => l.msg === 'another order was in flight outside this process; not sent').length,
    posts: posts.length,
    postStatuses,
    providerOrders: sandboxOrders.length,
    orphans: sandboxOrders.filter((o) => !localIds.has(o.orderId)).length,
    codes: codes.length,
    deliveredOnce: times.filter((t) => t === 1).length,
    undelivered: times.filter((t) => t === 0).length,
    deliveredTwice: times.filter((t) => t > 1).length,
  };
}
