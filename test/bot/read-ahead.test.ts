import { sql } from 'drizzle-orm';
import { Bot } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import type { BotContext } from '../../src/bot/context.js';
import { offerReadAhead, takeReadAhead } from '../../src/bot/read-ahead.js';
import { dispatchTo } from '../../src/bot/update-source.js';
import { startUpdateWorker, type UpdateWorker } from '../../src/bot/update-worker.js';
import { systemClock } from '../../src/clock.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { createSessionStore } from '../../src/db/session-store.js';
import { createUpdateQueueStore, type ArrivalRead } from '../../src/db/update-queue-store.js';
import { silentLogger } from '../../src/logger.js';
import { chatUpdate } from '../db/contract/update-queue-store.contract.js';
import { botUser } from '../support/fake-bot-api/server.js';
import { memoryDb } from '../support/memory-db.js';
import { waitUntil } from '../support/wait-until.js';

describe('what an update\'s claim read ahead', () => {
  it('is taken once, and only under the key it was read for', () => {
    const update = chatUpdate(1, 7);
    expect(takeReadAhead(update, 'conversation:7')).toBeUndefined();
    offerReadAhead(update, { key: 'conversation:7', value: { step: 'menu' } });
    expect(takeReadAhead(chatUpdate(1, 7), 'conversation:7')).toBeUndefined();
    expect(takeReadAhead(update, 'conversation:7')).toEqual({ value: { step: 'menu' } });
    expect(takeReadAhead(update, 'conversation:7')).toBeUndefined();
    offerReadAhead(update, { key: 'conversation:7', value: 1 });
    expect(takeReadAhead(update, 'conversation:8')).toBeUndefined();
  });

  describe('reaches the handler of its update', () => {
    const workers: UpdateWorker[] = [];
    afterEach(async () => {
      await Promise.all(workers.splice(0).map((w) => w.stop(0)));
    });

    it('from the arrival claim through the worker and grammY, under the key the worker asked for; a queued update has none', async () => {
      const database = databaseOf(memoryDb());
      const { botSessions } = database.tables;
      // Any scalar read will do for the hand-over: here the session row's text, on SQLite.
      const rowText: ArrivalRead = {
        column: sql`(select ${botSessions.value} from ${botSessions} where ${botSessions.key} = ${sql.placeholder('readKey')})`,
        parse: (raw) => raw,
      };
      await createSessionStore({ database, clock: systemClock }).write('state:7', { step: 'category' });
      const store = createUpdateQueueStore({ database, clock: systemClock, arrivalRead: rowText });
      // Known already (as getMe would have said): the handler below calls no Bot API method.
      const bot = new Bot<BotContext>('1:test', { botInfo: botUser(1, 'Bot', 'bot') });
      const seen: { updateId: number; readAhead: unknown }[] = [];
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      bot.use(async (ctx) => {
        seen.push({ updateId: ctx.update.update_id, readAhead: takeReadAhead(ctx.update, `state:${ctx.chat!.id}`) });
        if (ctx.update.update_id === 1) await held;
      });
      const worker = startUpdateWorker({
        store,
        holder: 'a',
        claimOnArrival: true,
        readKeyOf: (chatKey) => chatKey.replace('chat:', 'state:'),
        handle: dispatchTo(bot, silentLogger),
        clock: systemClock,
        logger: silentLogger,
      });
      workers.push(worker);
      await worker.accept(chatUpdate(1, 7));
      // Stored behind update 1 of the same chat: claimed in turn by the worker, with nothing read ahead.
      await worker.accept(chatUpdate(2, 7));
      await waitUntil(() => seen.length === 1, 'update 1 handled');
      release();
      await waitUntil(() => seen.length === 2, 'update 2 handled');
      expect(seen).toEqual([
        { updateId: 1, readAhead: { value: JSON.stringify({ step: 'category' }) } },
        { updateId: 2, readAhead: undefined },
      ]);
    });
  });
});
