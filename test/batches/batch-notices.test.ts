import { afterEach, describe, expect, it } from 'vitest';
import { createBatchNotices, type BatchChatPort, type BatchView } from '../../src/batches/batch-notices.js';
import { createBatchStore } from '../../src/db/batch-store.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import { silentLogger } from '../../src/logger.js';
import { translatorFor } from '../../src/text/i18n.js';
import { readerViewOf } from '../../src/text/presentation.js';
import { batchProgressView } from '../../src/batches/batch-views.js';
import type { Clock } from '../../src/clock.js';

const PERSON = 2002;
const CHAT = 2002;

/** A chat that takes a moment to answer each send, as Telegram does, and remembers what it shows. */
function slowChat() {
  let next = 100;
  const shown = new Map<number, string>();
  const calls: string[] = [];
  const port: BatchChatPort = {
    async send(_chatId, view: BatchView) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      next += 1;
      shown.set(next, view.text.text);
      calls.push(`send ${next}`);
      return next;
    },
    async edit(_chatId, messageId, view) {
      shown.set(messageId, view.text.text);
      calls.push(`edit ${messageId}`);
    },
    sendFile: async () => 0,
    async remove(_chatId, messageId) {
      shown.delete(messageId);
      calls.push(`remove ${messageId}`);
    },
  };
  return { port, shown, calls };
}

describe("a batch's progress message", () => {
  const dbs: Db[] = [];
  afterEach(() => dbs.splice(0).forEach(closeDb));

  it('is sent once when the Confirm and the runner show it together, and ends showing the latest numbers', async () => {
    const db = openDb(':memory:');
    dbs.push(db);
    // Time that passes as soon as something waits for it: the spacing between edits costs the test nothing.
    let now = 1_700_000_000_000;
    const clock: Clock & { advance(ms: number): void } = { now: () => now, sleep: async (ms) => void (now += ms), advance: (ms) => void (now += ms) };
    const store = createBatchStore({ database: databaseOf(db) });
    const line = { product: { id: 101, title: 'Google Play 10 USD' }, region: { regionPropertyId: 1010, title: 'US', price: 1_250_000 }, quantity: 1, fields: [] };
    const plan = [{ lines: [line], rows: [] }, { lines: [line], rows: [] }];
    const draft = await store.create({ key: 'batch-1', requesterId: PERSON, chatId: CHAT, source: 'quantity', fileHash: null, fileName: null, plan, total: 2_500_000 }, new Date(clock.now()));
    const running = (await store.move(draft.id, { from: ['draft'], to: 'running', heldReason: null, at: new Date(clock.now()) }))!;
    const chat = slowChat();
    const view = readerViewOf({ amountUnit: 'IRR', timeZone: 'UTC', monthCalendar: 'gregorian', sandbox: false }, 'en', translatorFor('en'));
    // The bot's and the runner's, as the process wires them: two over the same database.
    const notices = () =>
      createBatchNotices({
        store,
        port: chat.port,
        viewFor: () => view,
        readDetail: async () => null,
        mayReceiveCodes: () => true,
        audit: { record: async () => undefined },
        clock,
        logger: silentLogger,
      });
    const atConfirm = notices();
    const runner = notices();

    // The runner placed the first order while the Confirm's message was on its way: both hold records without a message.
    const advanced = (await store.advance(running.id, 0, new Date(clock.now())))!;
    await Promise.all([atConfirm.progress(running, { force: true }), runner.progress(advanced, { force: true })]);

    expect(chat.calls.filter((call) => call.startsWith('send'))).toHaveLength(1);
    expect(chat.calls.filter((call) => call.startsWith('remove'))).toEqual([]);
    const [messageId] = [...chat.shown.keys()];
    expect((await store.get(running.id))!.progressMessageId).toBe(messageId);

    // The last order placed: the one message shows every order sent.
    clock.advance(10_000);
    await store.advance(running.id, 1, new Date(clock.now()));
    const placed = (await store.move(running.id, { from: ['running'], to: 'placed', heldReason: null, at: new Date(clock.now()) }))!;
    await runner.progress(placed);
    expect([...chat.shown.keys()]).toEqual([messageId]);
    expect(chat.shown.get(messageId!)).toBe(batchProgressView(view, placed, await store.orders(placed.id)).text.text);
  });
});
