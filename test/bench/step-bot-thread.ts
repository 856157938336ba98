/**
 * A step bot in a thread of its own: its own event loop and heap, as a
 * running bot has a process of its own and Telegram is another machine.
 * In one thread the fake Bot API's parsing and recording of every call,
 * and the garbage of the other bots and of the benchmark's chats, land on
 * the bot being timed; here only its own work does. The fake Bot API, the
 * sandbox provider and the chats that tap and time stay in the caller's
 * thread.
 */
import { Worker } from 'node:worker_threads';
import { once } from 'node:events';
import { createFakeBotApi, type FakeBotApi } from '../support/fake-bot-api/index.js';
import { preciseClock } from './step-bots.js';

/** What the thread needs to build its bot: everything by address, nothing shared. */
export interface BotThreadSpec {
  kind: 'real' | 'bare';
  /** The SQLite file the real bot opens (on PostgreSQL, a spare it reads nothing from). */
  sqlitePath?: string;
  postgresUrl?: string;
  provider?: { baseUrl: string; apiKey: string };
}

export interface ThreadBot {
  telegram: FakeBotApi;
  /** How long the bot's thread has been busy so far, in milliseconds. */
  busyMs(): Promise<number>;
  tell(message: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startBotInThread(spec: BotThreadSpec): Promise<ThreadBot> {
  const telegram = await createFakeBotApi({ clock: preciseClock });
  const worker = new Worker(new URL('./ts-thread.mjs', import.meta.url), {
    workerData: { ...spec, entry: new URL('./step-bot-worker.ts', import.meta.url).href, telegram: { token: telegram.token, apiRoot: telegram.apiRoot } },
  });
  const [first] = (await Promise.race([once(worker, 'message'), once(worker, 'error').then(([e]) => Promise.reject(e))])) as [string];
  if (first !== 'ready') throw new Error(`the bot thread said ${first}`);
  return {
    telegram,
    busyMs: async () => {
      worker.postMessage('busy');
      const [answer] = (await once(worker, 'message')) as [{ busyMs: number }];
      return answer.busyMs;
    },
    tell: async (message: string) => {
      worker.postMessage(message);
      await once(worker, 'message');
    },
    stop: async () => {
      worker.postMessage('stop');
      await once(worker, 'exit');
      await telegram.close();
    },
  };
}
