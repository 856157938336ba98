import type { Update } from 'grammy/types';
import type { Clock } from '../clock.js';
import { updateChatKey, type ClaimedUpdate, type ReadAhead, type UpdateQueueStore } from '../db/update-queue-store.js';
import type { Logger } from '../logger.js';

/**
 * Takes stored updates (posted to the webhook or fetched by the poller)
 * from the queue and hands them to the bot, on every instance. A chat's
 * next update becomes claimable only once the previous one is marked done,
 * so a chat's updates run one at a time in update_id order wherever they
 * arrived; different chats run side by side. Updates stored by this
 * instance wake the worker at once; those stored by another are found by
 * reading the queue every POLL_MS.
 */

/**
 * How often the queue is read for updates posted to other instances while
 * there is work; an idle worker reads it less and less often, down to once
 * every IDLE_POLL_MS. An update posted to this instance wakes it at once
 * whatever the wait, and one posted to another is taken by that instance's
 * own worker, which it wakes: the reads only find what a full instance could
 * not take, and at rest they were most of what an idle instance cost.
 */
const POLL_MS = 150;
const IDLE_POLL_MS = 1_000;
/**
 * A claim's lease: another instance takes the update over only after it
 * ends, so a crashed handler's chat waits at most this long. A live
 * handler renews it every third of it, however long the provider keeps it.
 */
const LEASE_MS = 15_000;
/** Handlers running at once on one instance (each on a different chat). */
const CONCURRENCY = 16;
/** Handled rows are kept this long: Telegram posts an update again for up to 24 hours. */
const KEEP_DONE_MS = 26 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Tries at marking an update done: a lost mark would let another instance handle it again. */
const DONE_TRIES = 5;
/**
 * Claims of one update before it is given up on unhandled: an update whose
 * handler kills the process each time would otherwise hold its chat and
 * take down every instance in turn.
 */
const MAX_ATTEMPTS = 3;
/** Why the worker's sleep ended early: an update was stored (see wake). */
const WOKEN = 'woken';

export interface UpdateWorker {
  /**
   * Stores an update that arrived at this instance; false when it was stored
   * before. With `claimOnArrival`, while a slot is free, the update is
   * claimed in the same statement when its chat has nothing else to do,
   * and its handler starts at once: the claim's own round trip is not on
   * the way to the answer. Otherwise (and when its chat is busy) the worker
   * is woken to claim it in turn.
   */
  accept(update: Update): Promise<boolean>;
  /** An update was just stored here: look for work now rather than at the next poll. */
  wake(): void;
  /**
   * Claims nothing more from now on (a stop begins here: every update not
   * yet claimed is left to another instance at once, rather than taken while
   * the rest of the stop goes on).
   */
  stopClaiming(): void;
  /** Stops claiming, waits for running handlers at most `timeoutMs`, releases the claims of those still running; returns how many. */
  stop(timeoutMs: number): Promise<number>;
  inFlight(): number;
}

interface UpdateWorkerOptions {
  /**
   * Claim an update as it is stored (UpdateQueueStore.acceptAndClaim): only
   * where two updates of one chat are never stored at once (the poller, or
   * SQLite's one writer), as that statement requires.
   */
  claimOnArrival?: boolean;
  /**
   * The key of the chat's state the handler reads first (by the queue's chat
   * key), for an arrival claim to read in its own statement where the store
   * can (ArrivalRead); the read is handed to `handle` with the update.
   */
  readKeyOf?: (chatKey: string) => string | undefined;
  pollMs?: number;
  leaseMs?: number;
  concurrency?: number;
  keepDoneMs?: number;
}

export function startUpdateWorker(
  deps: {
    store: UpdateQueueStore;
    /** Handles one update, with what its claim read ahead if anything; must not reject (dispatchTo's handler). */
    handle: (update: Update, readAhead?: ReadAhead) => Promise<void>;
    /** Names this instance in the claims it holds. */
    holder: string;
    clock: Clock;
    logger: Logger;
  } & UpdateWorkerOptions,
): UpdateWorker {
  const { store, clock, logger } = deps;
  const pollMs = deps.pollMs ?? POLL_MS;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const concurrency = deps.concurrency ?? CONCURRENCY;
  const keepDoneMs = deps.keepDoneMs ?? KEEP_DONE_MS;
  /** By update id. `claim` is the newest claim this instance holds on it (see fill). */
  const running = new Map<number, { claim: ClaimedUpdate; task: Promise<void> }>();
  const current = (claim: ClaimedUpdate) => running.get(claim.updateId)?.claim ?? claim;
  let stopped = false;
  let waiting: AbortController | null = null;
  let failing = false;
  let prunedAt = 0;

  // A plain reason: abort() with none builds a DOMException and its stack on every update's wake-up.
  const wake = () => waiting?.abort(WOKEN);

  async function handleClaimed(claim: ClaimedUpdate): Promise<void> {
    if (claim.attempts > MAX_ATTEMPTS) {
      logger.error({ updateId: claim.updateId, attempts: claim.attempts }, 'giving up on an update whose handler never finished; it is not handled');
      await markDone(claim);
      return;
    }
    if (claim.attempts > 1) logger.info({ updateId: claim.updateId, attempts: claim.attempts }, 'taking over an update whose handler did not finish');
    const renewal = setInterval(() => {
      store.renew(current(claim).claimToken, claim.updateId, leaseMs).then(
        (held) => {
          if (!held) logger.warn({ updateId: claim.updateId }, 'the claim on an update was lost while it was being handled');
        },
        () => logger.warn({ updateId: claim.updateId }, 'could not renew the claim on an update'),
      );
    }, Math.max(1, Math.floor(leaseMs / 3)));
    try {
      await deps.handle(claim.update, claim.readAhead);
    } catch {
      // Handled as the runner would: the update counts as handled, so that its chat goes on.
      logger.error({ updateId: claim.updateId }, 'an update handler failed');
    } finally {
      clearInterval(renewal);
    }
    await markDone(current(claim));
  }

  async function markDone(claim: ClaimedUpdate): Promise<void> {
    for (let attempt = 1; attempt <= DONE_TRIES; attempt += 1) {
      try {
        if (!(await store.done(claim.claimToken, claim.updateId))) logger.warn({ updateId: claim.updateId }, 'an update was handled after its claim had been taken over');
        return;
      } catch {
        if (attempt === DONE_TRIES) logger.error({ updateId: claim.updateId }, 'could not mark an update handled; another instance may handle it again');
        else await clock.sleep(200 * attempt);
      }
    }
  }

  /** Claims and starts updates until the queue has none runnable or every slot is taken; returns how many it started. */
  async function fill(): Promise<number> {
    let started = 0;
    while (!stopped && running.size < concurrency) {
      let claim: ClaimedUpdate | null;
      try {
        claim = await store.claim(deps.holder, leaseMs);
        if (failing) logger.info({}, 'the update queue can be read again');
        failing = false;
      } catch (error) {
        // Only the error's name: a failed statement's message may quote its parameters.
        if (!failing) logger.warn({ err: error instanceof Error ? error.name : 'unknown' }, 'could not read the update queue; trying again');
        failing = true;
        return started;
      }
      if (!claim) return started;
      if (stopped) {
        await store.release(claim.claimToken, claim.updateId).catch(() => undefined);
        return started;
      }
      const mine = running.get(claim.updateId);
      if (mine) {
        // Our own lease on an update still in hand had lapsed (a renewal failed) and we took it
        // again: keep the one handler, under the new claim, rather than run the update twice.
        mine.claim = claim;
        continue;
      }
      begin(claim);
      started += 1;
    }
    return started;
  }

  /** Starts handling a claim this instance holds. */
  function begin(held: ClaimedUpdate): void {
    const task = handleClaimed(held)
      .catch(() => logger.error({ updateId: held.updateId }, 'an update handler failed'))
      .finally(() => {
        running.delete(held.updateId);
        // A slot is free and this chat's next update may be runnable now.
        wake();
      });
    running.set(held.updateId, { claim: held, task });
  }

  async function accept(update: Update): Promise<boolean> {
    if (!deps.claimOnArrival || stopped || running.size >= concurrency) {
      const fresh = await store.accept(update);
      if (fresh) wake();
      return fresh;
    }
    const stored = await store.acceptAndClaim(update, deps.holder, leaseMs, deps.readKeyOf?.(updateChatKey(update)));
    if (stored === 'repeat') return false;
    if (stored === 'queued') {
      wake();
    } else if (stopped) {
      // The stop began while it was being stored: another instance, or the next start, takes it.
      await store.release(stored.claimToken, stored.updateId).catch(() => undefined);
    } else {
      begin(stored);
    }
    return true;
  }

  async function prune(): Promise<void> {
    if (clock.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = clock.now();
    await store.prune(new Date(clock.now() - keepDoneMs)).catch(() => logger.warn({}, 'could not prune handled updates'));
  }

  let idleMs = pollMs;
  const loop = (async () => {
    while (!stopped) {
      await prune();
      const wait = new AbortController();
      waiting = wait;
      const started = await fill();
      if (stopped) break;
      // Found work, or woken: read again soon. Found none: wait longer each time, up to IDLE_POLL_MS.
      idleMs = started > 0 || wait.signal.aborted ? pollMs : Math.min(Math.max(idleMs, pollMs) * 2, Math.max(pollMs, IDLE_POLL_MS));
      // A wake during fill has already aborted `wait`: the sleep then ends at once.
      await clock.sleep(idleMs, wait.signal).catch(() => undefined);
    }
  })();

  const stopClaiming = () => {
    stopped = true;
    wake();
  };
  return {
    accept,
    wake,
    inFlight: () => running.size,
    stopClaiming,
    async stop(timeoutMs) {
      stopClaiming();
      await loop;
      const deadline = clock.now() + timeoutMs;
      while (running.size > 0 && clock.now() < deadline) {
        await Promise.race([Promise.all([...running.values()].map((r) => r.task)), clock.sleep(Math.min(50, Math.max(1, deadline - clock.now())))]);
      }
      const left = [...running.values()];
      if (left.length > 0) {
        logger.warn({ pending: left.length }, 'stopped before every update was handled; their claims are released for another instance');
        await Promise.all(left.map((r) => store.release(r.claim.claimToken, r.claim.updateId).catch(() => undefined)));
      }
      return left.length;
    },
  };
}
