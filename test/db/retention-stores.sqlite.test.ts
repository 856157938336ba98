import { asc, eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { closeDb, openDb, type Db } from '../../src/db/open.js';
import { approvals, auditLog, codeMessages, orders, people, staff, strangerReplies } from '../../src/db/schema.js';
import { createSqliteCodeMessageStore } from '../../src/safeguards/retention/code-message-store.js';
import { createSqliteRetentionStore } from '../../src/safeguards/retention/retention-store.js';
import { approvalRow, retentionStoresContract } from './contract/retention-stores.contract.js';

const opened: Db[] = [];
afterAll(() => opened.splice(0).forEach(closeDb));

retentionStoresContract('SQLite', async () => {
  const db = openDb(':memory:');
  opened.push(db);
  return {
    codeMessages: createSqliteCodeMessageStore({ db }),
    retention: createSqliteRetentionStore({ db }),
    seedOrder: async (row) => db.insert(orders).values(row).returning({ id: orders.id }).get().id,
    seedApproval: async (state, at, lines) => db.insert(approvals).values(approvalRow(state, at, lines)).returning({ id: approvals.id }).get().id,
    approvalLines: async (id) => db.select({ lines: approvals.lines }).from(approvals).where(eq(approvals.id, id)).get()!.lines,
    order: async (id) => db.select().from(orders).where(eq(orders.id, id)).get()!,
    seedPerson: async (telegramId, seenAt) => void db.insert(people).values({ telegramId, firstName: `P${telegramId}`, updatedAt: new Date(seenAt) }).run(),
    seedStaff: async (telegramId) => void db.insert(staff).values({ telegramId, role: 'staff', source: 'chat', createdAt: new Date(0) }).run(),
    seedAudit: async (actorId, subjectId) => void db.insert(auditLog).values({ at: new Date(0), actorId, subjectId, action: 'staff.added' }).run(),
    seedStrangerReply: async (telegramId, at) => void db.insert(strangerReplies).values({ telegramId, lastReplyAt: new Date(at) }).run(),
    peopleIds: async () => db.select({ id: people.telegramId }).from(people).orderBy(asc(people.telegramId)).all().map((row) => row.id),
    strangerReplyIds: async () => db.select({ id: strangerReplies.telegramId }).from(strangerReplies).orderBy(asc(strangerReplies.telegramId)).all().map((row) => row.id),
    codeMessageStates: async () =>
      db.select({ messageId: codeMessages.messageId, state: codeMessages.state, attempts: codeMessages.attempts }).from(codeMessages).orderBy(asc(codeMessages.messageId)).all(),
  };
});
