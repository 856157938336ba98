import type { Clock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import type { Settings } from '../../settings/settings-view.js';
import type { CodeMessageRow, CodeMessageStore } from '../../db/code-message-store.js';
import { CODES_REMOVE_AFTER_HOURS } from './retention-settings.js';

const HOUR_MS = 3_600_000;
/** Past this, Telegram lets the bot neither delete the message nor, often, edit it: the row is forgotten. */
const TELEGRAM_DELETE_WINDOW_MS = 48 * HOUR_MS;
/** A claim this old was left by a pass that stopped (a crash, a restart). */
const STALE_CLAIM_MS = 5 * 60_000;
/** Network trouble or 429s this many times, and the message is left as it is: never retried forever. */
const MAX_ATTEMPTS = 5;

/**
 * What Telegram said to an edit or a delete: done; gone (the message, or
 * the chat, is no longer there to touch: nothing more to do); refused
 * (the message is there but may not be changed that way, e.g. too old to
 * edit). Trouble worth another try (a 429, the network) is thrown.
 */
export type TouchResult = 'done' | 'gone' | 'refused';

/** How the pass reaches Telegram; implemented over grammY in src/bot/code-message-port.ts. */
export interface CodeMessagePort {
  /** Replaces the message's text, and takes its copy buttons off. */
  edit(chatId: number, messageId: number, text: string): Promise<TouchResult>;
  remove(chatId: number, messageId: number): Promise<TouchResult>;
}

interface CodeMessagePassDeps {
  store: CodeMessageStore;
  settings: Pick<Settings, 'read'>;
  port: CodeMessagePort;
  /** The line that replaces a message, in the chat's language: which order, and after how many hours. */
  replacement: (chatId: number, facts: { order: string; hours: number }) => string;
  clock: Clock;
  logger: Logger;
  batchSize?: number;
}

interface CodeMessagePassRun {
  replaced: number;
  deleted: number;
  gone: number;
  failed: number;
  retried: number;
}

/**
 * Takes delivered codes out of the chats once the administrators' setting
 * says so: each due message is edited into a line saying how to see the
 * codes again (/track), or deleted when it can no longer be edited; a
 * message Telegram no longer has ends its row quietly. Rows are claimed
 * by compare-and-swap, so two instances never both act on one message.
 * Nothing here reads or logs a code: only chat and message ids.
 */
export function createCodeMessagePass(deps: CodeMessagePassDeps): () => Promise<CodeMessagePassRun> {
  const { store, clock, logger, port } = deps;
  const batchSize = deps.batchSize ?? 50;

  async function handle(row: CodeMessageRow, hours: number): Promise<keyof CodeMessagePassRun> {
    const log = { codeMessageId: row.id, orderId: row.orderId, chatId: row.chatId, messageId: row.messageId };
    const finish = async (outcome: 'replaced' | 'deleted' | 'gone' | 'failed', error: string | null = null) => {
      if (!(await store.finish(row.id, row.claimedAt, outcome, clock.now(), error))) logger.warn(log, 'code message claim lost before its outcome was recorded');
      return outcome;
    };
    try {
      const order = row.orderReference ?? `#${row.orderId}`;
      const edited = await port.edit(row.chatId, row.messageId, deps.replacement(row.chatId, { order, hours }));
      if (edited === 'done') return finish('replaced');
      if (edited === 'gone') return finish('gone', 'not found');
      // Too old to edit, or not editable for another reason: a delete may still be allowed.
      const removed = await port.remove(row.chatId, row.messageId);
      if (removed === 'done') return finish('deleted');
      logger.info(log, 'code message could be neither edited nor deleted');
      return finish('gone', removed === 'gone' ? 'not found' : 'refused');
    } catch (error) {
      const why = (error instanceof Error ? `${error.name}: ${error.message}` : 'non-error thrown').slice(0, 200);
      if (row.attempts + 1 >= MAX_ATTEMPTS) {
        logger.warn({ ...log, why }, 'code message left in the chat after repeated trouble');
        return finish('failed', why);
      }
      logger.warn({ ...log, why }, 'code message will be tried again');
      await store.release(row.id, row.claimedAt, why);
      return 'retried';
    }
  }

  return async () => {
    const run: CodeMessagePassRun = { replaced: 0, deleted: 0, gone: 0, failed: 0, retried: 0 };
    const now = clock.now();
    // Rows no removal can act on any more go whatever the setting, so the table holds two days at most.
    await store.prune(now - TELEGRAM_DELETE_WINDOW_MS);
    const hours = deps.settings.read(CODES_REMOVE_AFTER_HOURS);
    if (hours === null) return run;
    const due = await store.claimDue({ sentBefore: now - hours * HOUR_MS, now, staleBefore: now - STALE_CLAIM_MS, limit: batchSize });
    for (const row of due) run[await handle(row, hours)] += 1;
    if (due.length > 0) logger.info({ ...run }, 'code messages taken out of the chats');
    return run;
  };
}
