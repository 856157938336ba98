import type { Transformer } from 'grammy';
import type { Clock } from '../clock.js';
import { takeLeaveOutMark } from './droppable-removals.js';
import { isGroupChat } from '../text/telegram-id.js';

/**
 * Telegram's limits, kept before a 429 says so: a message a second to one
 * chat, twenty a minute to a group, thirty a second from the bot overall.
 * One pace is shared by every connection of the process, since Telegram
 * counts the bot, not the connection; and where several instances run on
 * one database, each keeps to its share (shareOf), for the same reason.
 */
export interface PaceLimits {
  /** The least time between two messages to one chat. */
  chatSpacingMs: number;
  /** At most groupMax messages to one group in any groupWindowMs. */
  groupMax: number;
  groupWindowMs: number;
  /** At most globalMax messages to all chats together in any globalWindowMs. */
  globalMax: number;
  globalWindowMs: number;
  /** What fan-outs may take of globalMax, evenly spaced: the rest is kept for answers to people, so they never queue behind a fan-out. */
  fanOutMax: number;
}

export const TELEGRAM_LIMITS: PaceLimits = {
  chatSpacingMs: 1_000,
  groupMax: 20,
  groupWindowMs: 60_000,
  globalMax: 30,
  globalWindowMs: 1_000,
  fanOutMax: 25,
};

/**
 * What one of `instances` live instances may send: the bot's overall, fan-out
 * and group limits divided among them, so that together they keep to
 * Telegram's. Each keeps the same part of its share for answers to people
 * (globalMax - fanOutMax), so a person's answer never queues behind a
 * fan-out on any instance. Each keeps its window on its own clock, at the
 * moment its messages leave, while Telegram counts them all where they
 * arrive: the overall window is SHARED_WINDOW_MARGIN_MS wider, so that
 * messages that travel unevenly do not land as more than the limit in one
 * second (three instances: 10 per 1.4 s each, about 21 a second together),
 * and the pace spaces them evenly, answers too (one every 140 ms of three).
 * A chat's spacing stays whole: a chat's answers come from the one
 * instance handling its update (a chat's updates are handled one at a
 * time, in order), and its fan-outs (deliveries, alerts, the digest) from
 * the one holding the background work.
 */
export function shareOf(limits: PaceLimits, instances: number): PaceLimits {
  const n = Math.max(1, Math.floor(instances));
  if (n === 1) return limits;
  const part = (max: number) => Math.max(1, Math.floor(max / n));
  const globalMax = part(limits.globalMax);
  const globalWindowMs = limits.globalWindowMs + Math.min(SHARED_WINDOW_MARGIN_MS, (limits.globalWindowMs * 2) / 5);
  return { ...limits, globalMax, globalWindowMs, fanOutMax: Math.min(globalMax, part(limits.fanOutMax)), groupMax: part(limits.groupMax) };
}

/**
 * Room for the uneven travel of several instances' messages, two fifths of
 * Telegram's second: on a loaded machine a message leaves, or is read
 * where it arrives, that much later than the one after it. Three instances
 * against a fake Bot API as strict as Telegram's numbers met a 429 with a
 * tenth of a second at load 9, and with a fifth (31 in one second) while
 * four more processes kept both cores busy. It costs 30 % of the bot's rate
 * when shared (about 21 a second, where one instance alone may send 30).
 */
const SHARED_WINDOW_MARGIN_MS = 400;

/**
 * The methods that put something in a chat (or change what is there) and
 * count against the limits. Reads, callback answers and "typing…" go as they
 * come: typing held back a second would show nothing useful.
 */
const PACED_METHODS: ReadonlySet<string> = new Set([
  'sendMessage', 'sendRichMessage', 'sendDocument', 'sendPhoto', 'sendMediaGroup', 'sendAnimation', 'sendVideo', 'sendAudio', 'sendVoice', 'sendSticker',
  'copyMessage', 'copyMessages', 'forwardMessage', 'forwardMessages',
  'editMessageText', 'editMessageCaption', 'editMessageReplyMarkup', 'editMessageMedia',
  'deleteMessage', 'deleteMessages', 'setMyCommands', 'deleteMyCommands', 'setChatMenuButton',
]);

/**
 * An edit that only takes the buttons off an order's old menu, once a newer
 * one is on screen (marked by removeKeyboard: droppable-removals.ts). Nobody
 * waits for it, and leaving it out costs nothing that matters: a press on a
 * menu that is not the current one is refused as expired (and the refusal
 * takes the buttons off then). Any other removal is an answer like others.
 */
const isButtonRemoval = (method: string, payload: Record<string, unknown> | undefined): boolean => {
  if (method !== 'editMessageReplyMarkup' || !takeLeaveOutMark(payload?.['chat_id'], payload?.['message_id'])) return false;
  const markup = payload?.['reply_markup'];
  if (markup === undefined) return true;
  const rows = markup && typeof markup === 'object' ? (markup as Record<string, unknown>)['inline_keyboard'] : undefined;
  return Array.isArray(rows) && rows.every((row) => Array.isArray(row) && row.length === 0);
};

/** What a button removal left out answers: done, as far as the caller needs to know (see isButtonRemoval). */
const LEFT_OUT = { ok: true as const, result: true };

export interface TelegramPace {
  /**
   * For connections whose messages nobody is waiting on this instant: alerts, the feed, the digest, deliveries, approval cards, menus, batch progress.
   * `first`: news a person is waiting for (their codes, a card to decide on) is taken before the other fan-outs, within the same share and a chat's second.
   */
  fanOut(options?: { first?: boolean }): Transformer;
  /** For the bot's own connection: answers within a chat's update go first, and only ever wait for the overall limit. */
  interactive(): Transformer;
  /**
   * The same as interactive(), for a call about to leave (src/bot/paced-fetch.ts): null when the
   * method is not paced, 'left out' for a button removal left out, else the call to make once
   * its answer is in.
   */
  admitAnswer(method: string, payload: Record<string, unknown> | undefined, signal: AbortSignal | undefined): Promise<Admitted>;
  /** Messages waiting for their turn. */
  waiting(): number;
  /** Button removals among a chat's answers left out because the pace had no room to spare for them. */
  leftOut(): number;
}

type Admitted = null | 'left out' | (() => void);
type JobKind = Pick<Job, 'interactive' | 'chatSpaced' | 'first'>;

interface Job {
  interactive: boolean;
  /** A fan-out taken before the others (TelegramPace.fanOut's `first`). */
  first: boolean;
  /** Held to the one-message-a-second spacing of its chat. */
  chatSpaced: boolean;
  chat: string | null;
  group: boolean;
  go: () => void;
}

const chatOf = (payload: Record<string, unknown> | undefined): { chat: string | null; group: boolean } => {
  const scope = payload?.['scope'];
  const id = payload?.['chat_id'] ?? (scope && typeof scope === 'object' ? (scope as Record<string, unknown>)['chat_id'] : undefined);
  if (typeof id === 'number') return { chat: String(id), group: isGroupChat(id) };
  // A string is a @username of a channel or group; private chats are always numbers.
  if (typeof id === 'string') return { chat: id, group: true };
  return { chat: null, group: false };
};

/**
 * `liveInstances`: how many instances send as this bot now, this one
 * included (app/live-instances.ts); each pace keeps to its share of the
 * limits. One unless given.
 */
export function createTelegramPace(deps: { clock: Clock; limits?: PaceLimits; liveInstances?: () => number }): TelegramPace {
  const { clock } = deps;
  const whole = deps.limits ?? TELEGRAM_LIMITS;
  if (whole.fanOutMax > whole.globalMax || whole.fanOutMax < 1) throw new RangeError('fanOutMax must be between 1 and globalMax');
  // This instance's share, taken again at every turn of the pump: the count of instances changes as they come and go.
  let limits = whole;
  // When the answers to the messages of the last window came, oldest first, and how many are on their way.
  // Telegram counts a message when it arrives, somewhere between the request leaving and its answer
  // coming back: counted until a window after its answer, a message can never share Telegram's second
  // with more than the limit, however unevenly requests travel (a busy machine, a slow network).
  const recent: number[] = [];
  let onTheWay = 0;
  let leftOut = 0;
  const lastInChat = new Map<string, number>();
  // Chats with a message on its way: Telegram counts a message when it arrives, and a request may
  // arrive late, so the next one to the chat waits for the answer and is spaced from it.
  const inFlight = new Map<string, number>();
  const groupRecent = new Map<string, number[]>();
  const waiting: Job[] = [];
  let timer: { at: number; cancel: AbortController } | null = null;

  const forget = (now: number) => {
    while (recent.length > 0 && recent[0]! <= now - limits.globalWindowMs) recent.shift();
    if (lastInChat.size > 1_000) for (const [chat, at] of lastInChat) if (at <= now - limits.chatSpacingMs) lastInChat.delete(chat);
    for (const [chat, times] of groupRecent) {
      while (times.length > 0 && times[0]! <= now - limits.groupWindowMs) times.shift();
      if (times.length === 0) groupRecent.delete(chat);
    }
  };

  // When a window of `max` messages lets one more in: once the oldest of the last `max` has left it.
  const windowFree = (times: readonly number[], max: number, windowMs: number) => (times.length >= max ? times[times.length - max]! + windowMs : -Infinity);
  // The same for the overall window, where the messages on their way count too and leave it only a window after their answers.
  const overallFree = (max: number) => {
    const extra = recent.length + onTheWay - max;
    if (extra < 0) return -Infinity;
    return extra < recent.length ? recent[extra]! + limits.globalWindowMs : Infinity;
  };

  // Fan-outs are spread evenly over the window rather than sent in bursts: a burst at the end of one
  // window and the next at the start of another would arrive as one, a request's travel time being uneven.
  const fanOutSpacingMs = () => limits.globalWindowMs / limits.fanOutMax;
  let lastFanOut = -Infinity;
  // Shared with other instances, every message is spaced evenly over the share, answers too: a burst of this
  // instance's whole share would reach Telegram spread over its own time to arrive, and land beside the others'.
  let spacedEvenly = false;
  let lastSent = -Infinity;

  const readyAt = (job: Job): number => {
    let at = overallFree(job.interactive ? limits.globalMax : limits.fanOutMax);
    if (spacedEvenly) at = Math.max(at, lastSent + limits.globalWindowMs / limits.globalMax);
    if (job.interactive) return at;
    at = Math.max(at, lastFanOut + fanOutSpacingMs());
    if (job.chat === null) return at;
    if (job.chatSpaced) {
      if ((inFlight.get(job.chat) ?? 0) > 0) return Infinity;
      at = Math.max(at, (lastInChat.get(job.chat) ?? -Infinity) + limits.chatSpacingMs);
    }
    if (job.group) at = Math.max(at, windowFree(groupRecent.get(job.chat) ?? [], limits.groupMax, limits.groupWindowMs));
    return at;
  };

  const record = (job: Job, now: number) => {
    onTheWay += 1;
    lastSent = now;
    if (!job.interactive) lastFanOut = now;
    if (job.chat === null) return;
    lastInChat.set(job.chat, now);
    inFlight.set(job.chat, (inFlight.get(job.chat) ?? 0) + 1);
    if (job.group) groupRecent.set(job.chat, [...(groupRecent.get(job.chat) ?? []), now]);
  };

  // The answer came (or the request failed): the chat's spacing and the overall window count from now, which is no earlier than the arrival.
  const answered = (chat: string | null) => {
    onTheWay -= 1;
    recent.push(clock.now());
    if (chat === null) {
      if (waiting.length > 0) pump();
      return;
    }
    const left = (inFlight.get(chat) ?? 1) - 1;
    if (left > 0) inFlight.set(chat, left);
    else inFlight.delete(chat);
    lastInChat.set(chat, Math.max(lastInChat.get(chat) ?? -Infinity, clock.now()));
    if (waiting.length > 0) pump();
  };

  const wakeAt = (at: number, now: number) => {
    if (timer !== null && timer.at <= at) return;
    timer?.cancel.abort();
    const cancel = new AbortController();
    timer = { at, cancel };
    clock.sleep(at - now, cancel.signal).then(
      () => {
        if (timer?.cancel !== cancel) return;
        timer = null;
        pump();
      },
      () => undefined,
    );
  };

  // Interactive jobs are looked at first, then the fan-outs sent first; a chat's messages keep their order.
  const rank = (job: Job) => (job.interactive ? 0 : job.first ? 1 : 2);
  const pump = () => {
    const instances = deps.liveInstances?.() ?? 1;
    limits = shareOf(whole, instances);
    spacedEvenly = instances > 1;
    const now = clock.now();
    forget(now);
    let next = Infinity;
    const heldChats = new Set<string>();
    const order = [0, 1, 2].flatMap((level) => waiting.filter((job) => rank(job) === level));
    for (const job of order) {
      if (job.chat !== null && heldChats.has(job.chat)) continue;
      const at = readyAt(job);
      if (at <= now) {
        waiting.splice(waiting.indexOf(job), 1);
        record(job, now);
        job.go();
      } else {
        next = Math.min(next, at);
        if (job.chat !== null) heldChats.add(job.chat);
      }
    }
    if (waiting.length > 0 && Number.isFinite(next)) wakeAt(next, now);
  };

  /** Resolves when the message may go, with the call to make once its answer is in. */
  const take = (kind: JobKind, payload: Record<string, unknown> | undefined, signal: AbortSignal | undefined): Promise<() => void> =>
    new Promise<() => void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        const at = waiting.indexOf(job);
        if (at >= 0) waiting.splice(at, 1);
        reject(signal?.reason);
      };
      const job: Job = {
        ...kind,
        ...chatOf(payload),
        go: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(() => answered(job.chat));
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(job);
      pump();
    });

  /**
   * Whether a button removal among a chat's answers may go now: only while
   * nothing waits and the window keeps the answers' reserve (what fan-outs
   * may not take) free; otherwise it is left out rather than queued, so it
   * never takes a turn an answer to someone could have had.
   */
  const roomToSpare = (): boolean => {
    const instances = deps.liveInstances?.() ?? 1;
    limits = shareOf(whole, instances);
    spacedEvenly = instances > 1;
    forget(clock.now());
    if (waiting.length > 0 || recent.length + onTheWay >= limits.fanOutMax) return false;
    return !spacedEvenly || lastSent + limits.globalWindowMs / limits.globalMax <= clock.now();
  };

  const admit = async (kind: JobKind, method: string, payload: Record<string, unknown> | undefined, signal: AbortSignal | undefined): Promise<Admitted> => {
    if (!PACED_METHODS.has(method)) return null;
    if (kind.interactive && isButtonRemoval(method, payload) && !roomToSpare()) {
      leftOut += 1;
      return 'left out';
    }
    return take(kind, payload, signal);
  };

  const transformer =
    (kind: JobKind): Transformer =>
    // grammY types the signal with its polyfill's AbortSignal; at run time it is the platform's.
    async (prev, method, payload, signal) => {
      const admitted = await admit(kind, method, payload as Record<string, unknown> | undefined, signal as AbortSignal | undefined);
      if (admitted === null) return prev(method, payload, signal);
      if (admitted === 'left out') return LEFT_OUT as never;
      try {
        return await prev(method, payload, signal);
      } finally {
        admitted();
      }
    };
  const answers: JobKind = { interactive: true, chatSpaced: false, first: false };

  return {
    fanOut: (options) => transformer({ interactive: false, chatSpaced: true, first: options?.first ?? false }),
    interactive: () => transformer(answers),
    admitAnswer: (method, payload, signal) => admit(answers, method, payload, signal),
    waiting: () => waiting.length,
    leftOut: () => leftOut,
  };
}
