/**
 * Roles: work that exactly one giftdesk instance on a database may do at a
 * time. `background` is every background loop (catalog refresh, delivery
 * sweep and sender, approval expiry, feed, digest, low balance, pause probe,
 * idle-order expiry); `polling` is the one getUpdates client Telegram
 * allows per bot. On PostgreSQL each role is a session-level advisory lock
 * held on a connection of its own (src/db/postgres/role-lock.ts); on SQLite
 * only one instance runs at all, so both roles are always this process's.
 */
export type RoleName = 'background' | 'polling';

/** Who holds a role, as the holder recorded it when it took it. */
export interface RoleHolder {
  instance: string;
  host: string;
  pid: number;
  /** When it took the role (ms since the epoch). */
  since: number;
}

export interface RoleLock {
  readonly name: RoleName;
  /** True from a successful tryTake until release() or the loss of the holding connection. */
  readonly held: boolean;
  /** Takes the role when it is free; true when this instance holds it (already held: true at once). */
  tryTake(): Promise<boolean>;
  /** Gives the role up at once, so that another instance takes it over without waiting. Safe when not held. */
  release(): Promise<void>;
  /** Told once per loss: the holding connection failed or the server ended it; the role may already be another's. */
  onLost(listener: (error: Error) => void): void;
  /** Who holds the role now (this instance or another), or null when nobody does. */
  holder(): Promise<RoleHolder | null>;
}

export interface Roles {
  /**
   * True when no other instance can be running on this database (SQLite):
   * start-up repairs may then treat anything left in flight as interrupted.
   * False on PostgreSQL, where other instances may be serving right now.
   */
  readonly exclusive: boolean;
  /**
   * This process's owner lock (src/db/postgres/owner-lock.ts): held for its
   * whole life and recorded on the orders and approvals it works on, so that
   * the repair tells at once whether their instance is alive. Null on
   * SQLite, where no other process can be working on them.
   */
  readonly ownerLock: number | null;
  lock(name: RoleName): RoleLock;
  /**
   * Whether another instance is running on the database now (PostgreSQL:
   * holds its presence, a shared advisory lock taken when it opened the
   * database). Always false on SQLite.
   */
  othersAlive(): Promise<boolean>;
  /** How many instances are running on the database now, this one included (the same presence locks): 1 on SQLite. */
  liveInstances(): Promise<number>;
  /** Releases every role and closes their connections. */
  close(): Promise<void>;
}

/** SQLite: one instance per database (src/db/instance-lock.ts refuses a second), so every role is held for good. */
export function exclusiveRoles(self: { instance: string; host: string; pid: number; since: number }): Roles {
  const locks = new Map<RoleName, RoleLock>();
  const lockOf = (name: RoleName): RoleLock => ({
    name,
    held: true,
    tryTake: async () => true,
    release: async () => undefined,
    onLost: () => undefined,
    holder: async () => ({ ...self }),
  });
  return {
    exclusive: true,
    ownerLock: null,
    lock(name) {
      let lock = locks.get(name);
      if (!lock) locks.set(name, (lock = lockOf(name)));
      return lock;
    },
    othersAlive: async () => false,
    liveInstances: async () => 1,
    close: async () => undefined,
  };
}
