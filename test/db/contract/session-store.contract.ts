import { beforeEach, describe, expect, it } from 'vitest';
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
}

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
  });
}
