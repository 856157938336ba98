import type { ChangeCounts } from '../db/change-counters.js';
import type { SessionReadAhead, SessionStore } from '../db/session-store.js';

/**
 * Reads a chat's conversation state at the start of its turn, while the
 * checks that come first (the view freshness check, access control) run:
 * on a database server each is a round trip, and the conversation plugin
 * would otherwise wait for them before it asks for its state. Where the
 * store reads the change counters with the state in one round trip
 * (`readWithCounts`), the start hands them on for the freshness check, so
 * that the update's first two reads cost one. The state read is handed to
 * the first `read` of that key and to nobody else; a write or a delete of
 * the key before then drops it, so a read never answers with a value older
 * than a write made through this store. Started only once the chat's turn
 * has come (after sequentialize), so the previous update's write is
 * already in.
 */
interface SessionPrefetch<T> {
  /** The store to give the conversation plugin (and whoever reads the chat's state). */
  readonly store: Pick<SessionStore<T>, 'read' | 'write' | 'delete'>;
  /**
   * Starts reading `key`. `forget` forgets the read if nobody took it (the
   * end of the update); `counts` are the change counters read with it, or
   * null when the store reads them apart (or was not asked to).
   * `readAhead`: the value and counters the update's claim read already
   * (sessionReadAhead, read-ahead.ts), used instead of reading them.
   */
  start(key: string, readAhead?: SessionReadAhead<T>): { forget: () => void; counts: Promise<ChangeCounts> | null };
}

export function createSessionPrefetch<T>(
  sessions: Pick<SessionStore<T>, 'read' | 'write' | 'delete' | 'readWithCounts'>,
  options: { withCounts: boolean } = { withCounts: false },
): SessionPrefetch<T> {
  const started = new Map<string, Promise<T | undefined>>();
  const readWithCounts = options.withCounts ? sessions.readWithCounts?.bind(sessions) : undefined;
  return {
    store: {
      read(key) {
        const read = started.get(key);
        if (!read) return sessions.read(key);
        started.delete(key);
        return read;
      },
      write(key, value) {
        started.delete(key);
        return sessions.write(key, value);
      },
      delete(key) {
        started.delete(key);
        return sessions.delete(key);
      },
    },
    start(key, readAhead) {
      const both = readWithCounts && (readAhead ? Promise.resolve(readAhead) : readWithCounts(key));
      const read = both ? both.then((answer) => answer.value) : sessions.read(key);
      // A failure is the reader's to see; an untaken read must not surface as an unhandled rejection.
      read.catch(() => undefined);
      started.set(key, read);
      return {
        forget: () => {
          if (started.get(key) === read) started.delete(key);
        },
        counts: both ? both.then((answer) => answer.counts) : null,
      };
    },
  };
}
