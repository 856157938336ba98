import { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Json } from '../../../src/db/json.js';
import { defineSetting, type SettingsStore } from '../../../src/db/settings-store.js';

/**
 * What every SettingsStore does, whatever database keeps it: the same
 * cases run on each database by one small test file per dialect.
 */
export interface SettingsStoreSubject {
  store: SettingsStore;
  /** The setting.changed audit rows in the order written: actor and the decoded facts. */
  audit(): Promise<Array<{ actorId: number | null; action: string; subjectId: number | null; facts: unknown }>>;
  /** Writes a raw value into app_state, as an older or newer release might have. */
  plant(key: string, value: Json): Promise<void>;
}

const threshold = defineSetting('test.threshold', z.number().int().min(0).nullable(), null);
const feed = defineSetting('test.feed', z.boolean(), false);

/** `fresh` gives a store over empty app_state and audit_log tables, its clock stepping forward on every reading. */
export function settingsStoreContract(database: string, fresh: () => Promise<SettingsStoreSubject>): void {
  describe(`settings store on ${database}`, () => {
    let subject: SettingsStoreSubject;
    let settings: SettingsStore;
    beforeEach(async () => {
      subject = await fresh();
      settings = subject.store;
    });

    it('reads the fallback for a setting never written', async () => {
      expect(await settings.read(threshold)).toBeNull();
      expect(await settings.read(feed)).toBe(false);
      expect(await settings.storedValues()).toEqual(new Map());
    });

    it('keeps a written value and audits who changed it from what to what', async () => {
      expect(await settings.write(threshold, 5_000_000, 42)).toEqual({ before: null, after: 5_000_000, changed: true });
      expect(await settings.read(threshold)).toBe(5_000_000);
      expect(await subject.audit()).toEqual([
        { actorId: 42, action: 'setting.changed', subjectId: null, facts: { setting: 'test.threshold', before: null, after: 5_000_000 } },
      ]);
    });

    it('refuses a value its schema refuses before writing anything', async () => {
      await expect(settings.write(threshold, -1, 42)).rejects.toThrow();
      await expect(settings.write(feed, 'yes' as unknown as boolean, 42)).rejects.toThrow();
      expect(await settings.read(threshold)).toBeNull();
      expect(await settings.storedValues()).toEqual(new Map());
      expect(await subject.audit()).toEqual([]);
    });

    it('writes no audit row when the value does not change', async () => {
      await settings.write(threshold, 7, 42);
      expect(await settings.write(threshold, 7, 43)).toEqual({ before: 7, after: 7, changed: false });
      expect(await settings.reset(feed, 43)).toEqual({ before: false, after: false, changed: false });
      expect(await subject.audit()).toHaveLength(1);
    });

    it('goes back to the fallback on reset, audited', async () => {
      await settings.write(threshold, 7, 42);
      expect(await settings.reset(threshold, 43)).toEqual({ before: 7, after: null, changed: true });
      expect(await settings.read(threshold)).toBeNull();
      expect((await subject.audit()).map((a) => [a.actorId, a.facts])).toEqual([
        [42, { setting: 'test.threshold', before: null, after: 7 }],
        [43, { setting: 'test.threshold', before: 7, after: null }],
      ]);
    });

    it('keeps settings apart and lists the stored values by key', async () => {
      await settings.write(threshold, 7, 42);
      await settings.write(feed, true, 42);
      expect(await settings.read(threshold)).toBe(7);
      expect(await settings.read(feed)).toBe(true);
      expect(await settings.storedValues()).toEqual(
        new Map<string, Json>([
          ['test.threshold', 7],
          ['test.feed', true],
        ]),
      );
    });

    it('reads a stored value that no longer fits the schema as the fallback, and audits a change from the fallback', async () => {
      await subject.plant('setting.test.threshold', 'lots');
      expect(await settings.read(threshold)).toBeNull();
      expect(await settings.write(threshold, 3, 42)).toEqual({ before: null, after: 3, changed: true });
      expect(await settings.read(threshold)).toBe(3);
    });

    it('runs changes of the same setting at once one after the other, each audited from what the one before left', async () => {
      // Connections open first, so that the changes really overlap.
      await Promise.all([1, 2, 3, 4].map(() => settings.read(threshold)));
      const values = [5, 9, 13, 17];
      const results = await Promise.all(values.map((value, i) => settings.write(threshold, value, 40 + i)));
      expect(results.every((r) => r.changed)).toBe(true);
      const audit = (await subject.audit()).map((a) => a.facts as { before: number | null; after: number | null });
      expect(audit).toHaveLength(values.length);
      audit.forEach((row, i) => expect(row.before).toBe(i === 0 ? null : audit[i - 1]?.after));
      expect(audit.map((row) => row.after).sort()).toEqual([...values].sort());
      expect(await settings.read(threshold)).toBe(audit.at(-1)?.after);
      // What each caller was told is what the audit says.
      expect(results.map((r) => [r.before, r.after])).toEqual(expect.arrayContaining(audit.map((row) => [row.before, row.after])));
    });

    it('keeps amounts beyond 32 bits exactly', async () => {
      await settings.write(threshold, 7_123_456_789_000, 7_123_456_789);
      expect(await settings.read(threshold)).toBe(7_123_456_789_000);
      expect((await subject.audit())[0]?.actorId).toBe(7_123_456_789);
    });
  });
}
