import { beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalState } from '../../../src/domain/approvals.js';
import type { OrderLine } from '../../../src/domain/order-line.js';
import type { OrderRow } from '../../../src/db/order-store.js';
import type { CodeMessageStore } from '../../../src/db/code-message-store.js';
import type { RetentionStore } from '../../../src/db/retention-store.js';
import { orderRow, type SeedOrder } from './order-rows.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 0, 10);

/** The two retention stores of one database over empty tables, and plain ways to put rows beside them and read them back. */
export interface RetentionSubject {
  codeMessages: CodeMessageStore;
  retention: RetentionStore;
  seedOrder(row: SeedOrder): Promise<number>;
  order(id: number): Promise<OrderRow>;
  /** An approval request in this state, last changed at `at`, with these lines. */
  seedApproval(state: ApprovalState, at: number, lines: OrderLine[]): Promise<number>;
  approvalLines(id: number): Promise<OrderLine[]>;
  seedPerson(telegramId: number, seenAt: number): Promise<void>;
  seedStaff(telegramId: number): Promise<void>;
  seedAudit(actorId: number | null, subjectId: number | null): Promise<void>;
  seedStrangerReply(telegramId: number, at: number): Promise<void>;
  peopleIds(): Promise<number[]>;
  strangerReplyIds(): Promise<number[]>;
  codeMessageStates(): Promise<{ messageId: number; state: string; attempts: number }[]>;
}

const answered = (title: string) => ({
  product: { id: 101, title },
  region: { regionPropertyId: 5001, title: 'US', price: 1_000 },
  quantity: 1,
  fields: [
    { fieldId: 7, title: 'E-mail', value: 'buyer@example.com' },
    { fieldId: 8, title: 'Player ID', value: '123456' },
  ],
});

/** An approval request row as both schemas take it: its confirm key made unique by its lines and time. */
export const approvalRow = (state: ApprovalState, at: number, lines: OrderLine[]) => ({
  requesterId: 3003,
  chatId: 3003,
  confirmKey: `${state}-${at}-${lines[0]?.product.title ?? ''}`,
  lines,
  state,
  createdAt: new Date(at),
  updatedAt: new Date(at),
  expiresAt: new Date(at + DAY),
});

export function retentionStoresContract(database: string, fresh: () => Promise<RetentionSubject>): void {
  describe(`code message store on ${database}`, () => {
    let s: RetentionSubject;
    beforeEach(async () => {
      s = await fresh();
    });

    it('claims messages once their time has come, oldest first, with the order they showed', async () => {
      const orderId = await s.seedOrder(orderRow(T0, { providerReference: 'A109' }));
      await s.codeMessages.record({ chatId: 11, messageId: 2, orderId, sentAt: T0 + HOUR });
      await s.codeMessages.record({ chatId: 11, messageId: 1, orderId, sentAt: T0 });
      await s.codeMessages.record({ chatId: 11, messageId: 3, orderId: 999, sentAt: T0 + 5 * HOUR });

      expect(await s.codeMessages.claimDue({ sentBefore: T0 - 1, now: T0, staleBefore: T0 - HOUR, limit: 10 })).toEqual([]);
      const claimed = await s.codeMessages.claimDue({ sentBefore: T0 + 2 * HOUR, now: T0 + 3 * HOUR, staleBefore: T0, limit: 10 });
      expect(claimed.map((row) => row.messageId)).toEqual([1, 2]);
      expect(claimed[0]).toMatchObject({ chatId: 11, orderId, orderReference: 'A109', sentAt: T0, attempts: 0, claimedAt: T0 + 3 * HOUR });
      // Claimed rows are not claimed again while the claim is fresh.
      expect(await s.codeMessages.claimDue({ sentBefore: T0 + 6 * HOUR, now: T0 + 3 * HOUR + 1, staleBefore: T0, limit: 10 })).toMatchObject([
        { messageId: 3, orderReference: null },
      ]);
    });

    it('lets two passes at once claim each message once', async () => {
      for (let id = 1; id <= 6; id++) await s.codeMessages.record({ chatId: 11, messageId: id, orderId: 1, sentAt: T0 });
      const input = { sentBefore: T0, now: T0 + HOUR, staleBefore: T0, limit: 10 };
      const [a, b] = await Promise.all([s.codeMessages.claimDue(input), s.codeMessages.claimDue({ ...input, now: T0 + HOUR + 1 })]);
      const ids = [...a, ...b].map((row) => row.messageId).sort();
      expect(ids).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('records an outcome only for the claim that made it, and gives a message back with its attempt counted', async () => {
      await s.codeMessages.record({ chatId: 11, messageId: 1, orderId: 1, sentAt: T0 });
      await s.codeMessages.record({ chatId: 11, messageId: 2, orderId: 1, sentAt: T0 });
      const [one, two] = await s.codeMessages.claimDue({ sentBefore: T0, now: T0 + HOUR, staleBefore: T0, limit: 10 });
      expect(await s.codeMessages.finish(one!.id, T0 + 1, 'replaced', T0 + HOUR)).toBe(false);
      expect(await s.codeMessages.finish(one!.id, one!.claimedAt, 'replaced', T0 + HOUR)).toBe(true);
      expect(await s.codeMessages.finish(one!.id, one!.claimedAt, 'gone', T0 + HOUR)).toBe(false);
      expect(await s.codeMessages.release(two!.id, two!.claimedAt, 'SendTransientError: network')).toBe(true);
      expect(await s.codeMessageStates()).toEqual([
        { messageId: 1, state: 'replaced', attempts: 0 },
        { messageId: 2, state: 'kept', attempts: 1 },
      ]);
      expect((await s.codeMessages.claimDue({ sentBefore: T0, now: T0 + 2 * HOUR, staleBefore: T0, limit: 10 })).map((row) => [row.messageId, row.attempts])).toEqual([[2, 1]]);
    });

    it('claims again a message a stopped pass left claimed, once the claim is stale', async () => {
      await s.codeMessages.record({ chatId: 11, messageId: 1, orderId: 1, sentAt: T0 });
      await s.codeMessages.claimDue({ sentBefore: T0, now: T0 + HOUR, staleBefore: T0, limit: 10 });
      expect(await s.codeMessages.claimDue({ sentBefore: T0, now: T0 + HOUR + 60_000, staleBefore: T0 + HOUR - 1, limit: 10 })).toEqual([]);
      expect(await s.codeMessages.claimDue({ sentBefore: T0, now: T0 + 2 * HOUR, staleBefore: T0 + HOUR, limit: 10 })).toHaveLength(1);
    });

    it('forgets messages sent before the cut, whatever became of them', async () => {
      await s.codeMessages.record({ chatId: 11, messageId: 1, orderId: 1, sentAt: T0 });
      await s.codeMessages.record({ chatId: 11, messageId: 2, orderId: 1, sentAt: T0 + DAY });
      expect(await s.codeMessages.prune(T0 + 1)).toBe(1);
      expect((await s.codeMessageStates()).map((row) => row.messageId)).toEqual([2]);
    });
  });

  describe(`retention store on ${database}`, () => {
    let s: RetentionSubject;
    beforeEach(async () => {
      s = await fresh();
    });

    it('erases the answers of orders settled before the cut only, keeping the order, its amounts and the field titles', async () => {
      const old = await s.seedOrder(orderRow(T0, { state: 'completed', finishedAt: new Date(T0), lines: [answered('Old')], totalAmount: 1_000 }));
      const recent = await s.seedOrder(orderRow(T0, { state: 'completed', finishedAt: new Date(T0 + 10 * DAY), lines: [answered('Recent')] }));
      const open = await s.seedOrder(orderRow(T0, { state: 'in_progress', lines: [answered('Open')] }));
      const review = await s.seedOrder(orderRow(T0, { state: 'needs_review', lines: [answered('Review')] }));
      // A row from before finished_at: settled when it last changed.
      const older = await s.seedOrder(orderRow(T0, { state: 'refunded', finishedAt: null, lines: [answered('Older')] }));

      const erased = await s.retention.eraseAnswers({ settledBefore: T0 + DAY, days: 180, now: T0 + 2 * DAY, limit: 10 });
      expect(erased.sort()).toEqual([old, older].sort());
      const row = await s.order(old);
      expect(row.lines[0]!.fields).toEqual([
        { fieldId: 7, title: 'E-mail', value: '', erasedAfterDays: 180 },
        { fieldId: 8, title: 'Player ID', value: '', erasedAfterDays: 180 },
      ]);
      expect(row).toMatchObject({ state: 'completed', totalAmount: 1_000, answersErasedAt: new Date(T0 + 2 * DAY) });
      expect(row.lines[0]!.product.title).toBe('Old');
      for (const kept of [recent, open, review]) expect((await s.order(kept)).lines[0]!.fields[0]!.value).toBe('buyer@example.com');
      // Once erased, never again: a second pass finds nothing.
      expect(await s.retention.eraseAnswers({ settledBefore: T0 + DAY, days: 30, now: T0 + 3 * DAY, limit: 10 })).toEqual([]);
      expect((await s.order(old)).lines[0]!.fields[0]!.erasedAfterDays).toBe(180);
    });

    it('erases the answers of approval requests settled before the cut, never of one still waiting or being approved', async () => {
      const rejected = await s.seedApproval('rejected', T0, [answered('Rejected')]);
      const lapsed = await s.seedApproval('expired', T0, [answered('Lapsed')]);
      const approved = await s.seedApproval('approved', T0, [answered('Approved')]);
      const lately = await s.seedApproval('rejected', T0 + 10 * DAY, [answered('Lately')]);
      const pending = await s.seedApproval('pending', T0, [answered('Pending')]);
      const approving = await s.seedApproval('approving', T0, [answered('Approving')]);

      const erased = await s.retention.eraseApprovalAnswers({ settledBefore: T0 + DAY, days: 90, now: T0 + 2 * DAY, limit: 10 });
      expect(erased.sort()).toEqual([rejected, lapsed, approved].sort());
      expect((await s.approvalLines(rejected))[0]!.fields).toEqual([
        { fieldId: 7, title: 'E-mail', value: '', erasedAfterDays: 90 },
        { fieldId: 8, title: 'Player ID', value: '', erasedAfterDays: 90 },
      ]);
      for (const kept of [lately, pending, approving]) expect((await s.approvalLines(kept))[0]!.fields[0]!.value).toBe('buyer@example.com');
      expect(await s.retention.eraseApprovalAnswers({ settledBefore: T0 + DAY, days: 30, now: T0 + 3 * DAY, limit: 10 })).toEqual([]);
    });

    it('erases a small batch at a time', async () => {
      for (let n = 0; n < 5; n++) await s.seedOrder(orderRow(T0, { state: 'failed', finishedAt: new Date(T0), lines: [answered(`P${n}`)] }));
      expect(await s.retention.eraseAnswers({ settledBefore: T0 + 1, days: 1, now: T0 + DAY, limit: 2 })).toHaveLength(2);
      expect(await s.retention.eraseAnswers({ settledBefore: T0 + 1, days: 1, now: T0 + DAY, limit: 2 })).toHaveLength(2);
      expect(await s.retention.eraseAnswers({ settledBefore: T0 + 1, days: 1, now: T0 + DAY, limit: 2 })).toHaveLength(1);
    });

    it('forgets strangers seen before the cut, and keeps the names of staff and of anyone in the records', async () => {
      await s.seedPerson(1, T0); // a stranger, long gone
      await s.seedPerson(2, T0 + 40 * DAY); // a stranger seen lately
      await s.seedPerson(3, T0); // on the staff
      await s.seedStaff(3);
      await s.seedPerson(4, T0); // ordered once, removed since
      await s.seedOrder(orderRow(T0, { userId: 4 }));
      await s.seedPerson(5, T0); // in the audit
      await s.seedAudit(3, 5);
      await s.seedStrangerReply(1, T0);
      await s.seedStrangerReply(2, T0 + 40 * DAY);

      expect(await s.retention.expireStrangers(T0 + 30 * DAY)).toEqual({ replies: 1, people: 1 });
      expect(await s.peopleIds()).toEqual([2, 3, 4, 5]);
      expect(await s.strangerReplyIds()).toEqual([2]);
    });
  });
}
