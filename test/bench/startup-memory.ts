/**
 * The memory half of the start-up benchmark (startup.bench.ts): the resident
 * set of a giftdesk process, read from /proc (Linux), idle once its start
 * and its catalog refresh are over, and again with a conversation open in
 * each of STAFF_AT_ONCE staff chats at once, beside a bare grammY bot idle.
 */
import { readFileSync } from 'node:fs';
import type { FakeBotApi, FakeUser } from '../support/fake-bot-api/index.js';

export const STAFF_AT_ONCE = Number(process.env.BENCH_STAFF ?? 50);
const ADMIN: FakeUser = { id: 1001, firstName: 'Ada', languageCode: 'en' };
/** Time for what the start left behind (timers, the first refresh's garbage) to settle before idle is read. */
const SETTLE_MS = 3_000;

/** The staff the memory runs order as: added once, by the administrator, as an operator would. */
export const benchStaff: FakeUser[] = Array.from({ length: STAFF_AT_ONCE }, (_, index) => ({ id: 50_001 + index, firstName: `Staff ${index + 1}`, languageCode: 'en' }));

export async function addBenchStaff(telegram: FakeBotApi): Promise<void> {
  for (const user of benchStaff) {
    // Only an answer to this command counts: the same fake served the database measured before, and its chat holds that one's answers.
    const before = telegram.messages(ADMIN.id).length;
    telegram.sendText(ADMIN, `/staff add ${user.id}`);
    const added = new RegExp(`${user.id} can now use giftdesk`);
    await telegram.waitFor(() => telegram.messages(ADMIN.id).slice(before).some((m) => added.test(m.text)) || undefined, { timeoutMs: 30_000 });
  }
}

/** Resident now and the most it has been since the process started (VmRSS, VmHWM), in MiB. */
export function residentMiB(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { now: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

export const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/**
 * Every bench staff member sends /order at the same moment; resolves once
 * each has the category menu, that is with STAFF_AT_ONCE order
 * conversations open, waiting for a choice.
 */
export async function openConversations(telegram: FakeBotApi): Promise<void> {
  const before = new Map(benchStaff.map((user) => [user.id, telegram.messages(user.id).length]));
  for (const user of benchStaff) telegram.sendText(user, '/order');
  await Promise.all(
    benchStaff.map((user) =>
      telegram.waitFor(() => telegram.messages(user.id).slice(before.get(user.id)).some((m) => /Choose a category/.test(m.text)) || undefined, { timeoutMs: 60_000 }),
    ),
  );
}
