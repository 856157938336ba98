import type { Clock } from '../clock.js';
import { createAppStateRepo } from './app-state-repo.js';
import type { Db } from './open.js';

const KEY = 'instance.lock';

/** How often the running instance proves it is alive, and when silence means it died. */
export const HEARTBEAT_MS = 2_000;
export const STALE_AFTER_MS = 5 * HEARTBEAT_MS / 2;

interface Holder {
  owner: string;
  beatAt: number;
}

export interface InstanceLock {
  /** Keeps the claim fresh; call every HEARTBEAT_MS. False when another instance took it over. */
  beat(): boolean;
  release(): void;
}

export class AnotherInstanceError extends Error {
  override name = 'AnotherInstanceError';
}

/**
 * One giftdesk per database. Start-up repairs (interrupted orders, claims
 * of an earlier run) assume nothing else is running, so a second instance
 * started by mistake must stop before it touches anything. The holder
 * writes a heartbeat; a claim whose heartbeat went quiet belongs to a run
 * that died (kill -9) and is taken over after at most STALE_AFTER_MS.
 */
export async function acquireInstanceLock(db: Db, clock: Clock, owner: string): Promise<InstanceLock> {
  const state = createAppStateRepo({ db, clock });
  const tryClaim = (): Holder | null =>
    db.transaction(
      (tx) => {
        const repo = createAppStateRepo({ db: tx, clock });
        const holder = repo.get<Holder>(KEY);
        const now = clock.now();
        if (holder && holder.owner !== '' && holder.owner !== owner && now - holder.beatAt < STALE_AFTER_MS) return holder;
        repo.set(KEY, { owner, beatAt: now });
        return null;
      },
      { behavior: 'immediate' },
    );

  const first = tryClaim();
  if (first) {
    // Fresh heartbeat: wait long enough to tell a dead run from a live one.
    await clock.sleep(STALE_AFTER_MS);
    const second = tryClaim();
    if (second) {
      throw new AnotherInstanceError(
        'another giftdesk is running on this database (its heartbeat is fresh); stop it before starting this one',
      );
    }
  }

  return {
    beat() {
      return db.transaction(
        (tx) => {
          const repo = createAppStateRepo({ db: tx, clock });
          const holder = repo.get<Holder>(KEY);
          if (holder && holder.owner !== owner) return false;
          repo.set(KEY, { owner, beatAt: clock.now() });
          return true;
        },
        { behavior: 'immediate' },
      );
    },
    release() {
      const holder = state.get<Holder>(KEY);
      if (holder?.owner === owner) state.set(KEY, { owner: '', beatAt: 0 });
    },
  };
}
