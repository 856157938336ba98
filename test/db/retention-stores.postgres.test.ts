import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createPostgresCodeMessageStore } from '../../src/db/postgres/code-message-store.js';
import { closePostgres, openPostgres, type PgDb } from '../../src/db/postgres/open.js';
import { createPostgresRetentionStore } from '../../src/db/postgres/retention-store.js';
import { approvals, auditLog, codeMessages, orders, people, staff, strangerReplies } from '../../src/db/postgres/schema.js';
import { freshDatabase } from '../support/postgres-database.js';
import { approvalRow, retentionStoresContract } from './contract/retention-stores.contract.js';

/** One database for the file, emptied before each case. */
let db: PgDb;
beforeAll(async () => {
  db = await openPostgres(await freshDatabase('retention_stores'));
});
afterAll(async () => {
  if (db) await closePostgres(db);
});

retentionStoresContract('PostgreSQL', async () => {
  await db.$client.query('truncate code_messages, audit_log, approvals, orders, people, staff, stranger_replies restart identity cascade');
  return {
    codeMessages: createPostgresCodeMessageStore({ db }),
    retention: createPostgresRetentionStore({ db }),
    seedOrder: async (row) => (await db.insert(orders).values(row).returning({ id: orders.id }))[0]!.id,
    seedApproval: async (state, at, lines) => (await db.insert(approvals).values(approvalRow(state, at, lines)).returning({ id: approvals.id }))[0]!.id,
    approvalLines: async (id) => (await db.select({ lines: approvals.lines }).from(approvals).where(eq(approvals.id, id)))[0]!.lines,
    order: async (id) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!,
    seedPerson: async (telegramId, seenAt) => void (await db.insert(people).values({ telegramId, firstName: `P${telegramId}`, updatedAt: new Date(seenAt) })),
    seedStaff: async (telegramId) => void (await db.insert(staff).values({ telegramId, role: 'staff', source: 'chat', createdAt: new Date(0) })),
    seedAudit: async (actorId, subjectId) => void (await db.insert(auditLog).values({ at: new Date(0), actorId, subjectId, action: 'staff.added' })),
    seedStrangerReply: async (telegramId, at) => void (await db.insert(strangerReplies).values({ telegramId, lastReplyAt: new Date(at) })),
    peopleIds: async () => (await db.select({ id: people.telegramId }).from(people).orderBy(asc(people.telegramId))).map((row) => row.id),
    strangerReplyIds: async () => (await db.select({ id: strangerReplies.telegramId }).from(strangerReplies).orderBy(asc(strangerReplies.telegramId))).map((row) => row.id),
    codeMessageStates: async () =>
      db.select({ messageId: codeMessages.messageId, state: codeMessages.state, attempts: codeMessages.attempts }).from(codeMessages).orderBy(asc(codeMessages.messageId)),
  };
});
