import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireInstanceLock, AnotherInstanceError, STALE_AFTER_MS } from '../../src/db/instance-lock.js';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import type { Database } from '../../src/db/seam/database.js';
import { databaseOf } from '../../src/db/seam/database-of.js';
import type { ProcessMark, ProcessProbe } from '../../src/process-probe.js';
import { createManualClock, type ManualClock } from '../support/manual-clock.js';
import { waitUntil } from '../support/wait-until.js';

/** A probe for one host where the given pids are known to have ended. */
function probeFor(pid: number, ended: number[] = [], host = 'box'): ProcessProbe {
  return {
    self: { host, pid, started: '100' },
    goneReason: (other: ProcessMark) => (other.host === 'box' && ended.includes(other.pid) ? 'its process has ended' : null),
  };
}

/** Until the instance starting found the claim held and waits to see whether its heartbeat goes quiet. */
const waitingToSee = (clock: ManualClock) => waitUntil(() => clock.pendingSleeps() === 1, 'the second instance to wait on a fresh heartbeat');

describe('one giftdesk per database', () => {
  const opened: Db[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    opened.splice(0).forEach(closeDb);
    dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  /** Two connections to one file, as two processes would have. */
  function twoConnections(): [Database, Database] {
    const dir = mkdtempSync(join(tmpdir(), 'giftdesk-lock-'));
    dirs.push(dir);
    const path = join(dir, 'db.sqlite');
    const a = openDb(path);
    const b = openDb(path);
    opened.push(a, b);
    return [databaseOf(a), databaseOf(b)];
  }

  it('is taken at once on a database nobody holds', async () => {
    const [a] = twoConnections();
    const clock = createManualClock(0);
    const lock = await acquireInstanceLock(a, clock, 'first');
    expect(await lock.beat()).toBe(true);
  });

  it('refuses a second instance while the first keeps beating', async () => {
    const [a, b] = twoConnections();
    const clock = createManualClock(0);
    const first = await acquireInstanceLock(a, clock, 'first');
    const second = acquireInstanceLock(b, clock, 'second');
    await waitingToSee(clock);
    // The first keeps its heartbeat while the second waits to see.
    clock.advance(STALE_AFTER_MS / 2);
    await await first.beat();
    clock.advance(STALE_AFTER_MS / 2);
    await expect(second).rejects.toBeInstanceOf(AnotherInstanceError);
    expect(await first.beat()).toBe(true);
  });

  it('takes over from an instance that died without releasing', async () => {
    const [a, b] = twoConnections();
    const clock = createManualClock(0);
    const dead = await acquireInstanceLock(a, clock, 'dead');
    const next = acquireInstanceLock(b, clock, 'next');
    await waitingToSee(clock);
    clock.advance(STALE_AFTER_MS);
    const lock = await next;
    expect(await lock.beat()).toBe(true);
    // The dead run, should it wake up, learns it lost the claim.
    expect(await dead.beat()).toBe(false);
  });

  it('starts at once after a clean release', async () => {
    const [a, b] = twoConnections();
    const clock = createManualClock(0);
    await (await acquireInstanceLock(a, clock, 'first')).release();
    await expect(acquireInstanceLock(b, clock, 'second')).resolves.toBeDefined();
  });

  it('takes over at once, without waiting for the heartbeat, when the holder’s process is proven gone', async () => {
    const [a, b] = twoConnections();
    const clock = createManualClock(0);
    await acquireInstanceLock(a, clock, 'box:41:dead', probeFor(41));
    clock.advance(500);
    const lock = await acquireInstanceLock(b, clock, 'box:42:next', probeFor(42, [41]));
    expect(lock.takeover).toEqual({ reason: 'its process has ended', waitedMs: 0 });
    expect(await lock.beat()).toBe(true);
  });

  it('still refuses a second instance whose holder the probe cannot prove gone', async () => {
    const [a, b] = twoConnections();
    const clock = createManualClock(0);
    const first = await acquireInstanceLock(a, clock, 'box:41:live', probeFor(41));
    const second = acquireInstanceLock(b, clock, 'box:42:second', probeFor(42, [7]));
    await waitingToSee(clock);
    clock.advance(STALE_AFTER_MS / 2);
    await await first.beat();
    clock.advance(STALE_AFTER_MS / 2);
    await expect(second).rejects.toBeInstanceOf(AnotherInstanceError);
  });

  it('proves gone a holder recorded before process marks were kept, from the host and pid in its owner', async () => {
    const [a, b] = twoConnections();
    const clock = createManualClock(0);
    await acquireInstanceLock(a, clock, 'box:41:old-format');
    const lock = await acquireInstanceLock(b, clock, 'box:42:next', probeFor(42, [41]));
    expect(lock.takeover?.reason).toBe('its process has ended');
  });

  it('says the heartbeat went quiet when it took over by waiting', async () => {
    const [a, b] = twoConnections();
    const clock = createManualClock(0);
    await acquireInstanceLock(a, clock, 'elsewhere:41:dead', probeFor(41, [], 'elsewhere'));
    const next = acquireInstanceLock(b, clock, 'box:42:next', probeFor(42, [41]));
    await waitingToSee(clock);
    clock.advance(STALE_AFTER_MS);
    expect((await next).takeover).toEqual({ reason: 'its heartbeat went quiet', waitedMs: STALE_AFTER_MS });
  });
});

