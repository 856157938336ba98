import { describe, expect, it } from 'vitest';
import type { StepUpStore } from '../../../src/db/step-up-store.js';
import type { ManualClock } from '../../support/manual-clock.js';

/** What every StepUpStore does, whatever database keeps it. */
export interface StepUpSubject {
  store: StepUpStore;
  /** Another connection to the same database, as another instance would hold (the same store on SQLite). */
  other: StepUpStore;
  clock: ManualClock;
}

export const T0 = 1_700_000_000_000;
const ANNA = 7;
const challenge = (id: string) => ({ id, action: { kind: 'reveal' as const, orderId: 12 }, expiresAt: new Date(T0 + 180_000) });

export function stepUpStoreContract(name: string, open: () => Promise<StepUpSubject>) {
  describe(`step-up store (${name})`, () => {
    it('begins an enrolment, starts it again while unfinished, and never replaces a finished one', async () => {
      const s = await open();
      expect(await s.store.get(ANNA)).toBeNull();
      expect((await s.store.begin(ANNA, 'sealed-1'))?.state).toBe('enrolling');
      expect((await s.store.begin(ANNA, 'sealed-2'))?.secret).toBe('sealed-2');
      expect((await s.store.enrol(ANNA, 100, 'waiting'))?.state).toBe('waiting');
      expect(await s.store.begin(ANNA, 'sealed-3')).toBeNull();
      expect((await s.store.get(ANNA))?.secret).toBe('sealed-2');
      expect(await s.store.approve(ANNA, 8)).toMatchObject({ state: 'active', approvedBy: 8 });
      expect(await s.store.approve(ANNA, 8)).toBeNull();
      expect(await s.store.begin(ANNA, 'sealed-4')).toBeNull();
      expect((await s.store.remove(ANNA))?.personId).toBe(ANNA);
      expect(await s.store.get(ANNA)).toBeNull();
      expect((await s.store.begin(ANNA, 'sealed-5'))?.state).toBe('enrolling');
    });

    it('keeps the QR message until told to forget it', async () => {
      const s = await open();
      await s.store.begin(ANNA, 'sealed');
      await s.store.setQrMessage(ANNA, 55);
      expect((await s.store.get(ANNA))?.qrMessageId).toBe(55);
      await s.store.setQrMessage(ANNA, null);
      expect((await s.store.get(ANNA))?.qrMessageId).toBeNull();
    });

    it('accepts a time-step once, for the prompt it answers only, on any instance', async () => {
      const s = await open();
      await s.store.begin(ANNA, 'sealed');
      await s.store.enrol(ANNA, 100, 'active');
      await s.store.ask(ANNA, challenge('c1'));
      expect((await s.other.get(ANNA))?.challenge).toEqual({ kind: 'reveal', orderId: 12 });
      expect(await s.store.accept(ANNA, 100, 'c1')).toBe(false);
      expect(await s.store.accept(ANNA, 101, 'c-other')).toBe(false);
      const both = await Promise.all([s.store.accept(ANNA, 101, 'c1'), s.other.accept(ANNA, 101, 'c1')]);
      expect(both.filter(Boolean)).toHaveLength(1);
      const row = await s.store.get(ANNA);
      expect(row).toMatchObject({ lastStep: 101, challengeId: null, challenge: null });
      await s.store.ask(ANNA, challenge('c2'));
      expect(await s.other.accept(ANNA, 101, 'c2')).toBe(false);
      expect(await s.other.accept(ANNA, 102, 'c2')).toBe(true);
    });

    it('does not finish an enrolment with a step already used', async () => {
      const s = await open();
      await s.store.begin(ANNA, 'sealed');
      expect(await s.store.enrol(ANNA, 100, 'active')).not.toBeNull();
      expect(await s.store.enrol(ANNA, 101, 'active')).toBeNull();
    });

    it('counts wrong codes from both instances and locks at the limit, counting from zero again', async () => {
      const s = await open();
      await s.store.begin(ANNA, 'sealed');
      await s.store.enrol(ANNA, 100, 'active');
      await s.store.ask(ANNA, challenge('c1'));
      const until = new Date(T0 + 15 * 60_000);
      const counts = await Promise.all([1, 2, 3, 4].map((i) => (i % 2 ? s.store : s.other).fail(ANNA, 5, until)));
      expect(counts.map((c) => c.failures).sort()).toEqual([1, 2, 3, 4]);
      expect(counts.some((c) => c.locked)).toBe(false);
      expect(await s.other.fail(ANNA, 5, until)).toEqual({ failures: 5, locked: true });
      const row = await s.store.get(ANNA);
      expect(row).toMatchObject({ failures: 0, challengeId: null });
      expect(row?.lockedUntil?.getTime()).toBe(until.getTime());
      await s.store.ask(ANNA, challenge('c3'));
      expect(await s.store.accept(ANNA, 101, 'c3')).toBe(true);
      expect((await s.store.get(ANNA))?.failures).toBe(0);
    });

    it('keeps a lock through a fresh enrolment', async () => {
      const s = await open();
      await s.store.begin(ANNA, 'sealed');
      await s.store.fail(ANNA, 1, new Date(T0 + 60_000));
      expect((await s.store.begin(ANNA, 'again'))?.lockedUntil?.getTime()).toBe(T0 + 60_000);
    });
  });
}
