import type { Clock } from '../clock.js';
import type { ProcessMark, ProcessProbe } from '../process-probe.js';
import { createAppStateStore } from './app-state-store.js';
import type { Database } from './seam/database.js';

const KEY = 'instance.lock';

/** How often the running instance proves it is alive, and when silence means it died. */
export const HEARTBEAT_MS = 2_000;
export const STALE_AFTER_MS = 5 * HEARTBEAT_MS / 2;

type Holder = {
  owner: string;
  beatAt: number;
  /** Absent in claims written before it was recorded: the owner then reads host:pid:…. */
  process?: ProcessMark;
};

export interface InstanceLock {
  /** Keeps the claim fresh; call every HEARTBEAT_MS. False when another instance took it over. */
  beat(): Promise<boolean>;
  release(): Promise<void>;
  /** How the claim of a run that ended without releasing it was taken over; null when nobody held it. */
  takeover: { reason: string; waitedMs: number } | null;
}

/** The process behind a claim; claims written before the mark was kept name it in the owner. */
function markOf(holder: Holder): ProcessMark | null {
  if (holder.process) return holder.process;
  const [host, pid] = holder.owner.split(':');
  return host && pid && /^\d+$/.test(pid) ? { host, pid: Number(pid), started: null } : null;
}

export class AnotherInstanceError extends Error {
  override name = 'AnotherInstanceError';
}

/**
 * One giftdesk per database. Start-up repairs (interrupted orders, claims
 * of an earlier run) assume nothing else is running, so a second instance
 * started by mistake must stop before it touches anything. The holder
 * writes a heartbeat; a claim whose heartbeat went quiet belongs to a run
 * that died (kill -9) and is taken over after at most STALE_AFTER_MS. When
 * the probe proves the holder's process gone (same host, pid not running or
 * now another process), it is taken over at once: a restart after a crash
 * waits for nothing.
 */
export async function acquireInstanceLock(database: Database, clock: Clock, owner: string, probe?: ProcessProbe): Promise<InstanceLock> {
  // Each read and write of the claim is one transaction (BEGIN IMMEDIATE on SQLite): two instances never both take it.
  const state = createAppStateStore({ database, clock });
  const record = (now: number): Holder => ({ owner, beatAt: now, ...(probe ? { process: probe.self } : {}) });
  type Claim = { held: true } | { held: false; previous: Holder | null; gone: string | null };
  const tryClaim = (): Promise<Claim> =>
    state.update<Holder, Claim>(KEY, (holder) => {
      const now = clock.now();
      const claimed = holder && holder.owner !== '' && holder.owner !== owner ? holder : null;
      let gone: string | null = null;
      if (claimed && now - claimed.beatAt < STALE_AFTER_MS) {
        const mark = markOf(claimed);
        gone = mark && probe ? probe.goneReason(mark) : null;
        if (gone === null) return { result: { held: true } };
      }
      return { next: record(now), result: { held: false, previous: claimed, gone } };
    });

  const startedAt = clock.now();
  let claim = await tryClaim();
  if (claim.held) {
    // Fresh heartbeat: wait long enough to tell a dead run from a live one.
    await clock.sleep(STALE_AFTER_MS);
    claim = await tryClaim();
    if (claim.held) {
      throw new AnotherInstanceError(
        'another giftdesk is running on this database (its heartbeat is fresh); stop it before starting this one',
      );
    }
  }
  const takeover = claim.previous
    ? { reason: claim.gone ?? 'its heartbeat went quiet', waitedMs: clock.now() - startedAt }
    : null;

  return {
    takeover,
    beat: () =>
      state.update<Holder, boolean>(KEY, (holder) =>
        holder && holder.owner !== owner ? { result: false } : { next: record(clock.now()), result: true },
      ),
    release: () =>
      state.update<Holder, void>(KEY, (holder) => (holder?.owner === owner ? { next: { owner: '', beatAt: 0 }, result: undefined } : { result: undefined })),
  };
}
