import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { createOrderingPause, MAX_REASON_LENGTH } from '../../src/orders/ordering-pause.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';
import { encodeAuditFacts } from '../../src/db/audit-log.js';

const T0 = Date.UTC(2025, 2, 1, 9, 0);

function setup(db: Db = memoryDb()) {
  const clock = createManualClock(T0);
  const audit = () =>
    db.$client.prepare('select action, actor_id as actorId, detail from audit_log order by id').all() as { action: string; actorId: number | null; detail: string }[];
  return { db, clock, pauses: createOrderingPause({ db, clock }), audit };
}

describe('ordering pause', () => {
  it('is open until someone pauses it', () => {
    expect(setup().pauses.current()).toBeNull();
  });

  it('records who paused, why and when, and audits it', () => {
    const { pauses, clock, audit } = setup();
    clock.advance(5_000);
    const result = pauses.pause({ source: 'admin', reason: '  wallet\n audit ', by: 1001 });
    expect(result).toEqual({ started: true, pause: { source: 'admin', reason: 'wallet audit', since: T0 + 5_000, by: 1001 } });
    expect(pauses.current()).toEqual(result.pause);
    expect(audit()).toEqual([{ action: 'ordering.paused', actorId: 1001, detail: encodeAuditFacts({ source: 'admin', reason: 'wallet audit' }) }]);
  });

  it('keeps the first pause when paused again, so that it is announced once', () => {
    const { pauses, clock, audit } = setup();
    const first = pauses.pause({ source: 'provider', reason: 'key disabled', by: null });
    clock.advance(60_000);
    const second = pauses.pause({ source: 'admin', reason: 'me too', by: 1001 });
    expect(second).toEqual({ started: false, pause: first.pause });
    expect(pauses.current()).toEqual(first.pause);
    expect(audit()).toHaveLength(1);
  });

  it('opens ordering again on resume, returning the pause it ended and auditing who resumed', () => {
    const { pauses, audit } = setup();
    const { pause } = pauses.pause({ source: 'provider', reason: 'key disabled', by: null });
    expect(pauses.resume(1001)).toEqual(pause);
    expect(pauses.current()).toBeNull();
    expect(audit().map((row) => [row.action, row.actorId])).toEqual([
      ['ordering.paused', null],
      ['ordering.resumed', 1001],
    ]);
  });

  it('changes nothing on resume when ordering is open', () => {
    const { pauses, audit } = setup();
    expect(pauses.resume(1001)).toBeNull();
    expect(audit()).toHaveLength(0);
  });

  it('treats an empty reason as none and shortens a long one without cutting a letter in half', () => {
    const { pauses } = setup();
    expect(pauses.pause({ source: 'admin', reason: '   ', by: 1 }).pause.reason).toBeNull();
    pauses.resume(1);
    const reason = pauses.pause({ source: 'provider', reason: 'ک'.repeat(MAX_REASON_LENGTH + 50), by: null }).pause.reason!;
    expect(Array.from(reason)).toHaveLength(MAX_REASON_LENGTH);
    expect(reason.endsWith('ک…')).toBe(true);
  });

  it('survives a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-pause-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'pause.sqlite');
    const first = openDb(path);
    const { pause } = setup(first).pauses.pause({ source: 'provider', reason: 'key disabled', by: null });
    closeDb(first);

    const second = openDb(path);
    onTestFinished(() => closeDb(second));
    expect(setup(second).pauses.current()).toEqual(pause);
  });
});
