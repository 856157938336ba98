import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_REASON_LENGTH, type OrderingPauseStore } from '../../../src/db/ordering-pause-store.js';
import type { ManualClock } from '../../support/manual-clock.js';
import { encodeAuditFacts } from '../../../src/db/audit-log.js';

/** The start of every case's clock. */
export const PAUSE_T0 = Date.UTC(2025, 2, 1, 9, 0);

/**
 * What every OrderingPauseStore does, whatever database keeps it: the same
 * cases run on each database by one small test file per dialect.
 */
export interface OrderingPauseSubject {
  store: OrderingPauseStore;
  clock: ManualClock;
  /** Another store on the same database, as another instance (or this one after a restart) opens it. */
  another(): Promise<OrderingPauseStore>;
  /** Every audit row in the order written, detail as stored. */
  audit(): Promise<Array<{ action: string; actorId: number | null; detail: string | null }>>;
}

/** `fresh` gives a store over empty app_state and audit_log tables, its manual clock at PAUSE_T0. */
export function orderingPauseContract(database: string, fresh: () => Promise<OrderingPauseSubject>): void {
  describe(`ordering pause on ${database}`, () => {
    let subject: OrderingPauseSubject;
    let pauses: OrderingPauseStore;
    beforeEach(async () => {
      subject = await fresh();
      pauses = subject.store;
    });

    it('is open until someone pauses it', async () => {
      expect(await pauses.current()).toBeNull();
    });

    it('records who paused, why and when, and audits it', async () => {
      subject.clock.advance(5_000);
      const result = await pauses.pause({ source: 'admin', reason: '  wallet\n audit ', by: 1001 });
      expect(result).toEqual({ started: true, pause: { source: 'admin', reason: 'wallet audit', since: PAUSE_T0 + 5_000, by: 1001 } });
      expect(await pauses.current()).toEqual(result.pause);
      expect(await subject.audit()).toEqual([{ action: 'ordering.paused', actorId: 1001, detail: encodeAuditFacts({ source: 'admin', reason: 'wallet audit' }) }]);
    });

    it('keeps the first pause when paused again, so that it is announced once', async () => {
      const first = await pauses.pause({ source: 'provider', reason: 'key disabled', by: null });
      subject.clock.advance(60_000);
      const second = await pauses.pause({ source: 'admin', reason: 'me too', by: 1001 });
      expect(second).toEqual({ started: false, pause: first.pause });
      expect(await pauses.current()).toEqual(first.pause);
      expect(await subject.audit()).toHaveLength(1);
    });

    it('opens ordering again on resume, returning the pause it ended and auditing who resumed', async () => {
      const { pause } = await pauses.pause({ source: 'provider', reason: 'key disabled', by: null });
      expect(await pauses.resume(1001)).toEqual(pause);
      expect(await pauses.current()).toBeNull();
      expect((await subject.audit()).map((row) => [row.action, row.actorId])).toEqual([
        ['ordering.paused', null],
        ['ordering.resumed', 1001],
      ]);
    });

    it('changes nothing on resume when ordering is open', async () => {
      expect(await pauses.resume(1001)).toBeNull();
      expect(await subject.audit()).toHaveLength(0);
    });

    it('treats an empty reason as none and shortens a long one without cutting a letter in half', async () => {
      expect((await pauses.pause({ source: 'admin', reason: '   ', by: 1 })).pause.reason).toBeNull();
      await pauses.resume(1);
      const reason = (await pauses.pause({ source: 'provider', reason: 'ک'.repeat(MAX_REASON_LENGTH + 50), by: null })).pause.reason!;
      expect(Array.from(reason)).toHaveLength(MAX_REASON_LENGTH);
      expect(reason.endsWith('ک…')).toBe(true);
    });

    it('is seen by another store on the same database at its next read, pause and resume alike', async () => {
      const elsewhere = await subject.another();
      expect(await elsewhere.current()).toBeNull();
      const { pause } = await pauses.pause({ source: 'provider', reason: 'key disabled', by: null });
      expect(await elsewhere.current()).toEqual(pause);
      expect(await elsewhere.resume(1001)).toEqual(pause);
      expect(await pauses.current()).toBeNull();
    });
  });
}
