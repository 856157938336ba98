import { and, asc, eq } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { CardKind } from './card-locations-table.js';
import type { Database } from './seam/database.js';

export type { CardKind } from './card-locations-table.js';

/** One copy of a card with Approve on it: a private chat, or the administrators' group (in its topic's thread, where kept). */
export interface CardLocation {
  chatId: number;
  messageId: number;
  threadId: number | null;
}

/** Where each copy of one kind of card went, by its subject's id (the approval request's, or the batch's). */
export interface CardsOfKind {
  record(subjectId: number, card: Pick<CardLocation, 'chatId' | 'messageId'> & { threadId?: number | null }): Promise<void>;
  /**
   * The subject's cards, forgotten as they are handed out: they are about
   * to be settled. One statement, so two settlings at once (two
   * instances, a press and a code, a decision and the expiry) share the
   * cards out between them and none is settled twice.
   */
  take(subjectId: number): Promise<CardLocation[]>;
  /**
   * The subject's cards, left in place: an expiry's news settles them and
   * forgets each once Telegram took its edit (`forget`), so that a process
   * stopped in between leaves the card to the next pass. Editing a card
   * twice to the same words changes nothing.
   */
  list(subjectId: number): Promise<CardLocation[]>;
  /** Forgets one card of the subject, settled; nothing when it was taken meanwhile. */
  forget(subjectId: number, card: Pick<CardLocation, 'chatId' | 'messageId'>): Promise<void>;
}

/** Where the cards of approval requests and of batches went, kept alike. */
export interface CardLocations {
  of(kind: CardKind): CardsOfKind;
}

export function createCardLocations(deps: { database: Database; clock: Clock }): CardLocations {
  const { database, clock } = deps;
  const { q } = database;
  const { cardLocations } = database.tables;
  const of = (kind: CardKind): CardsOfKind => ({
    async record(subjectId, card) {
      await q.insert(cardLocations).values({ kind, subjectId, chatId: card.chatId, messageId: card.messageId, threadId: card.threadId ?? null, createdAt: new Date(clock.now()) });
    },
    async take(subjectId) {
      // A DELETE ... RETURNING deletes each row once, so two settlings at once never both get a card.
      const taken = await q
        .delete(cardLocations)
        .where(and(eq(cardLocations.kind, kind), eq(cardLocations.subjectId, subjectId)))
        .returning({ id: cardLocations.id, chatId: cardLocations.chatId, messageId: cardLocations.messageId, threadId: cardLocations.threadId });
      // In the order they were sent: RETURNING promises none.
      return taken.sort((a, b) => a.id - b.id).map(({ chatId, messageId, threadId }) => ({ chatId, messageId, threadId }));
    },
    async list(subjectId) {
      const rows = await q
        .select({ chatId: cardLocations.chatId, messageId: cardLocations.messageId, threadId: cardLocations.threadId })
        .from(cardLocations)
        .where(and(eq(cardLocations.kind, kind), eq(cardLocations.subjectId, subjectId)))
        .orderBy(asc(cardLocations.id));
      return rows.map(({ chatId, messageId, threadId }) => ({ chatId, messageId, threadId }));
    },
    async forget(subjectId, card) {
      await q
        .delete(cardLocations)
        .where(and(eq(cardLocations.kind, kind), eq(cardLocations.subjectId, subjectId), eq(cardLocations.chatId, card.chatId), eq(cardLocations.messageId, card.messageId)));
    },
  });
  const kinds = { order: of('order'), batch: of('batch') } satisfies Record<CardKind, CardsOfKind>;
  return { of: (kind) => kinds[kind] };
}
