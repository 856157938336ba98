import { beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/clock.js';
import type { OrderState } from '../../../src/domain/order-states.js';
import type { SessionStore } from '../../../src/db/session-store.js';

/**
 * What every SessionStore does, whatever database keeps it. A dialect's
 * test file calls this with a factory; the same cases then run on each
 * database. To add a database: one more test file that calls this.
 */
export interface SessionStoreSubject {
  store: SessionStore<unknown>;
  /** The value column of `key`'s row as stored, or undefined when there is no row. */
  storedText(key: string): Promise<string | undefined>;
  /** A store on the same table whose writes carry `clock`'s time. */
  storeWith(clock: Clock): SessionStore<unknown>;
  /** The same, through a second connection (PostgreSQL), for races; the same database handle on SQLite. */
  otherStoreWith(clock: Clock): SessionStore<unknown>;
  /** An order of `chatId` in `state`, created at `createdAt`. */
  addOrder(chatId: number, state: OrderState, createdAt: number): Promise<void>;
}

const T0 = Date.UTC(2026, 10, 24, 9);
const IDLE = 15 * 60_000;
function manual(start = T0): Clock & { set(ms: number): void } {
  let now = start;
  return { now: () => now, sleep: async () => undefined, set: (ms) => void (now = ms) };
}
const chatIdOf = (key: string) => Number(key.slice('conversation:'.length));

/** `fresh` gives a store over an empty bot_sessions table (called before each case). */
export function sessionStoreContract(database: string, fresh: () => Promise<SessionStoreSubject>): void {
  describe(`session store on ${database}`, () => {
    let subject: SessionStoreSubject;
    beforeEach(async () => {
      subject = await fresh();
    });

    it('reads back what was written', async () => {
      const value = { step: 'region', draft: { productId: 101, note: null } };
      await subject.store.write('42', value);
      expect(await subject.store.read('42')).toEqual(value);
    });

    it('gives undefined for a key that was never written', async () => {
      expect(await subject.store.read('nobody')).toBeUndefined();
    });

    it('replaces the value on a second write', async () => {
      await subject.store.write('42', { step: 'region', extra: [1, 2] });
      await subject.store.write('42', { step: 'confirm' });
      expect(await subject.store.read('42')).toEqual({ step: 'confirm' });
    });

    it('forgets a deleted key', async () => {
      await subject.store.write('42', { step: 'region' });
      await subject.store.delete('42');
      expect(await subject.store.read('42')).toBeUndefined();
      expect(await subject.storedText('42')).toBeUndefined();
    });

    it('deletes a key that was never written without complaint', async () => {
      await expect(subject.store.delete('nobody')).resolves.toBeUndefined();
    });

    it('deletes the key when undefined is written', async () => {
      await subject.store.write('42', { step: 'region' });
      await subject.store.write('42', undefined);
      expect(await subject.store.read('42')).toBeUndefined();
      expect(await subject.storedText('42')).toBeUndefined();
    });

    it('round-trips nested objects, arrays, null and booleans', async () => {
      const value = {
        version: [1, 0],
        state: { conversations: { order: [{ args: [{ chat: { id: -1_002_000_000_001 } }], replay: { send: [], receive: [] } }] } },
        flags: { sandbox: true, paused: false },
        note: null,
        empty: {},
        list: [],
      };
      await subject.store.write('conversation:1', value);
      expect(await subject.store.read('conversation:1')).toEqual(value);
    });

    it('round-trips Persian text and other scripts unchanged', async () => {
      const value = { title: 'کارت هدیه گوگل پلی ۱۰ دلاری', mixed: 'Apple ‌آیتونز 😀', rtl: '\u200fسلام\u200f', control: 'a\u0000b\n\t"c"' };
      await subject.store.write('fa', value);
      expect(await subject.store.read('fa')).toEqual(value);
    });

    it('round-trips large integers exactly, up to 2^53 - 1', async () => {
      const value = { amount: 5_123_456_789, chatId: -1_002_000_000_001, max: Number.MAX_SAFE_INTEGER, min: Number.MIN_SAFE_INTEGER, fraction: 0.1 };
      await subject.store.write('big', value);
      expect(await subject.store.read('big')).toEqual(value);
    });

    it('keeps each key apart', async () => {
      await subject.store.write('1', { step: 'a' });
      await subject.store.write('2', { step: 'b' });
      await subject.store.write('conversation:1', { step: 'c' });
      await subject.store.delete('1');
      expect(await subject.store.read('1')).toBeUndefined();
      expect(await subject.store.read('2')).toEqual({ step: 'b' });
      expect(await subject.store.read('conversation:1')).toEqual({ step: 'c' });
    });

    it('round-trips a primitive value written on its own', async () => {
      await subject.store.write('n', 0);
      await subject.store.write('s', '');
      await subject.store.write('z', null);
      expect(await subject.store.read('n')).toBe(0);
      expect(await subject.store.read('s')).toBe('');
      expect(await subject.store.read('z')).toBeNull();
    });

    it('keeps the value in bot_sessions as JSON text', async () => {
      await subject.store.write('7', { step: 'x', title: 'گیفت' });
      const text = await subject.storedText('7');
      expect(text).toBeDefined();
      expect(JSON.parse(text!)).toEqual({ step: 'x', title: 'گیفت' });
    });

    it('answers several writes to different keys at once', async () => {
      await Promise.all(Array.from({ length: 20 }, (_, i) => subject.store.write(`k${i}`, { i })));
      const values = await Promise.all(Array.from({ length: 20 }, (_, i) => subject.store.read(`k${i}`)));
      expect(values).toEqual(Array.from({ length: 20 }, (_, i) => ({ i })));
    });

    it('reads the sessions under a prefix as stored, with their times, and nothing else', async () => {
      const clock = manual();
      const store = subject.storeWith(clock);
      await store.write('conversation:1', { step: 'سلام' });
      clock.set(T0 + 1_000);
      await store.write('conversation:22', { n: 5_123_456_789 });
      await store.write('settings:1', { x: 1 });
      await store.write('Conversation:3', { x: 1 });
      await store.write('conversation_4', { x: 1 });
      const read = (await store.readPrefix('conversation:')).sort((a, b) => a.key.localeCompare(b.key));
      expect(read).toEqual([
        { key: 'conversation:1', value: JSON.stringify({ step: 'سلام' }), updatedAt: T0 },
        { key: 'conversation:22', value: JSON.stringify({ n: 5_123_456_789 }), updatedAt: T0 + 1_000 },
      ]);
      expect(await store.read('conversation:1')).toEqual({ step: 'سلام' });
    });

    it('takes the idle sessions under a prefix, once, and leaves the young ones and other prefixes', async () => {
      const clock = manual();
      const store = subject.storeWith(clock);
      await store.write('conversation:1', { old: true });
      await store.write('settings:1', { old: true });
      clock.set(T0 + IDLE);
      await store.write('conversation:2', { young: true });
      const taken = await store.takeIdle('conversation:', T0 + IDLE, { chatIdOf });
      expect(taken).toEqual([{ key: 'conversation:1', value: JSON.stringify({ old: true }) }]);
      expect(await store.read('conversation:1')).toBeUndefined();
      expect(await store.read('conversation:2')).toEqual({ young: true });
      expect(await store.read('settings:1')).toEqual({ old: true });
      expect(await store.takeIdle('conversation:', T0 + IDLE, { chatIdOf })).toEqual([]);
    });

    it('leaves the session of a chat whose order is being placed, or was created since its last write', async () => {
      const clock = manual();
      const store = subject.storeWith(clock);
      for (const chat of [1, 2, 3, 4]) await store.write(`conversation:${chat}`, { chat });
      await subject.addOrder(1, 'placing', T0 - 60 * IDLE);
      await subject.addOrder(2, 'intent', T0 - 60 * IDLE);
      await subject.addOrder(3, 'completed', T0 + 1);
      await subject.addOrder(4, 'completed', T0 - 1);
      await subject.addOrder(5, 'intent', T0);
      const taken = await store.takeIdle('conversation:', T0 + IDLE, { chatIdOf });
      expect(taken.map((t) => t.key)).toEqual(['conversation:4']);
      // Without the rule, nothing keeps them.
      expect((await store.takeIdle('conversation:', T0 + IDLE)).map((t) => t.key).sort()).toEqual(['conversation:1', 'conversation:2', 'conversation:3']);
    });

    it('gives each idle session to one of two sweepers that take at once', async () => {
      const clock = manual();
      const store = subject.storeWith(clock);
      for (let chat = 1; chat <= 30; chat += 1) await store.write(`conversation:${chat}`, { chat });
      const other = subject.otherStoreWith(clock);
      const [a, b] = await Promise.all([store.takeIdle('conversation:', T0 + IDLE, { chatIdOf }), other.takeIdle('conversation:', T0 + IDLE, { chatIdOf })]);
      const keys = [...a, ...b].map((t) => t.key);
      expect(keys).toHaveLength(30);
      expect(new Set(keys).size).toBe(30);
    });
  });
}
