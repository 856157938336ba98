import type { SessionStore } from '../db/session-store.js';

/**
 * Reads a chat's conversation state at the start of its turn, while the
 * checks that come first (the view freshness check, access control) run:
 * on a database server each is a round trip, and the conversation plugin
 * would otherwise wait for them before it asks for its state. The read is
 * handed to the first `read` of that key and to nobody else; a write or a
 * delete of the key before then drops it, so a read never answers with a
 * value older than a write made through this store. Started only once the
 * chat's turn has come (after sequentialize), so the previous update's
 * write is already in.
 */
export interface SessionPrefetch<T> {
  /** The store to give the conversation plugin (and whoever reads the chat's state). */
  readonly store: Pick<SessionStore<T>, 'read' | 'write' | 'delete'>;
  /** Starts reading `key`; the returned function forgets the read if nobody took it (the end of the update). */
  start(key: string): () => void;
}

export function createSessionPrefetch<T>(sessions: Pick<SessionStore<T>, 'read' | 'write' | 'delete'>): SessionPrefetch<T> {
  const started = new Map<string, Promise<T | undefined>>();
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
    start(key) {
      const read = sessions.read(key);
      // A failure is the reader's to see; an untaken read must not surface as an unhandled rejection.
      read.catch(() => undefined);
      started.set(key, read);
      return () => {
        if (started.get(key) === read) started.delete(key);
      };
    },
  };
}
