import { expect } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { SentMessage } from '../support/fake-bot-api/index.js';
import { STAFF, type World } from './harness.js';

/** PUBG Mobile 325 UC in the sandbox: no questions, 100 in stock, 580,000 IRR a unit. */
export const PUBG_325 = 123;
/** Batches place one order after another; each completes within a second or so in the test sandbox. */
export const BATCH_WAIT_MS = 60_000;

export type SentFile = SentMessage & { document: NonNullable<SentMessage['document']> };

export function newMessages(world: World, chatId: number, since: number): SentMessage[] {
  return world.telegram.messages(chatId).filter((m) => m.message_id > since);
}

/** The newest message id of the chat: what "after this" means for the waits below. */
export const lastId = (world: World, chatId: number): number => world.telegram.messages(chatId).at(-1)?.message_id ?? 0;

/** The first message after `since` in the chat that matches. */
export function waitNew(world: World, chatId: number, since: number, match: RegExp, timeoutMs = BATCH_WAIT_MS): Promise<SentMessage> {
  return world.telegram.waitForMessage(chatId, (m) => m.message_id > since && match.test(m.text), { timeoutMs });
}

/** The batch's file of codes, sent after `since`. */
export async function waitForFile(world: World, chatId: number, since: number): Promise<SentFile> {
  const sent = await world.telegram.waitFor(() => newMessages(world, chatId, since).find((m) => m.document?.fileName.includes('-codes.csv')), { timeoutMs: BATCH_WAIT_MS });
  return sent as SentFile;
}

/** The rows of a CSV the bot sent, header first, without the byte-order mark (which must be there). */
export function csvRows(content: Buffer): string[][] {
  const text = content.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text.slice(1), { relaxColumnCount: true }) as string[][];
}

/** The data rows of the next file of codes after `since`. */
export async function fileRows(world: World, chatId: number, since: number): Promise<string[][]> {
  return csvRows((await waitForFile(world, chatId, since)).document.content).slice(1);
}

/** The sandbox's orders of PUBG_325 since `before` orders existed, oldest first. */
export const createdSince = (world: World, before: number) => world.sandbox.controls.orders().slice(before).filter((order) => order.items[0]?.productId === PUBG_325);

/** STAFF asks for a quantity batch of PUBG_325 and confirms its summary; the message id before it all. */
export async function confirmBatch(world: World, quantity: number): Promise<number> {
  const since = lastId(world, STAFF.id);
  world.telegram.sendText(STAFF, `/batch ${PUBG_325} ${quantity}`);
  const summary = await waitNew(world, STAFF.id, since, /Batch #\d+/);
  world.telegram.clickButton(STAFF, summary, /Confirm batch/);
  return since;
}
