import { asc, eq } from 'drizzle-orm';
import { createCodeMessageStore } from '../../src/db/code-message-store.js';
import { createRetentionStore } from '../../src/db/retention-store.js';
import { forEachDatabase } from '../support/each-database.js';
import { approvalRow, retentionStoresContract } from './contract/retention-stores.contract.js';

forEachDatabase(['code_messages', 'audit_log', 'approvals', 'orders', 'people', 'staff', 'stranger_replies'], (label, fresh) =>
  retentionStoresContract(label, async () => {
    const database = await fresh();
    const { q } = database;
    const { approvals, auditLog, codeMessages, orders, people, staff, strangerReplies } = database.tables;
    return {
      codeMessages: createCodeMessageStore({ database }),
      retention: createRetentionStore({ database }),
      seedOrder: async (row) => (await q.insert(orders).values(row).returning({ id: orders.id }))[0]!.id,
      seedApproval: async (state, at, lines) => (await q.insert(approvals).values(approvalRow(state, at, lines)).returning({ id: approvals.id }))[0]!.id,
      approvalLines: async (id) => (await q.select({ lines: approvals.lines }).from(approvals).where(eq(approvals.id, id)))[0]!.lines,
      order: async (id) => (await q.select().from(orders).where(eq(orders.id, id)))[0]!,
      seedPerson: async (telegramId, seenAt) => void (await q.insert(people).values({ telegramId, firstName: `P${telegramId}`, updatedAt: new Date(seenAt) })),
      seedStaff: async (telegramId) => void (await q.insert(staff).values({ telegramId, role: 'staff', source: 'chat', createdAt: new Date(0) })),
      seedAudit: async (actorId, subjectId) => void (await q.insert(auditLog).values({ at: new Date(0), actorId, subjectId, action: 'staff.added' })),
      seedStrangerReply: async (telegramId, at) => void (await q.insert(strangerReplies).values({ telegramId, lastReplyAt: new Date(at) })),
      peopleIds: async () => (await q.select({ id: people.telegramId }).from(people).orderBy(asc(people.telegramId))).map((row) => row.id),
      strangerReplyIds: async () => (await q.select({ id: strangerReplies.telegramId }).from(strangerReplies).orderBy(asc(strangerReplies.telegramId))).map((row) => row.id),
      codeMessageStates: () => q.select({ messageId: codeMessages.messageId, state: codeMessages.state, attempts: codeMessages.attempts }).from(codeMessages).orderBy(asc(codeMessages.messageId)),
    };
  }),
);
