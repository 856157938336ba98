import type { FormattedString } from '@grammyjs/parse-mode';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { AuditTrail } from '../db/audit-trail.js';
import type { OrderRow } from '../db/order-store.js';
import { formatId, formatNumber } from '../text/format.js';
import { SendForbiddenError, SendRejectedError, type OutgoingButton } from '../text/send-port.js';
import { buildCodesFile, type CodesFile, type ReadDetail } from './codes-file.js';
import type { PriceMove } from './batch-runner.js';
import type { BatchRecord, BatchStore } from '../db/batch-store.js';
import { batchCounts, batchHeldView, batchProgressView, type BatchViewContext } from './batch-views.js';

export interface BatchView {
  text: FormattedString;
  buttons: OutgoingButton[][];
}

/** How batch news reaches the orderer's chat; the Telegram side is src/bot/batch-port.ts. */
export interface BatchChatPort {
  send(chatId: number, view: BatchView): Promise<number>;
  edit(chatId: number, messageId: number, view: BatchView): Promise<void>;
  /**
   * A protected document: the file of codes can be neither forwarded nor
   * saved from the chat. Its message id; throws the send port's errors
   * (SendForbiddenError, SendRejectedError for what will never go through).
   */
  sendFile(chatId: number, file: Pick<CodesFile, 'content' | 'fileName'>, caption: string): Promise<number>;
  /** Deletes a message of the bot's; best effort. */
  remove(chatId: number, messageId: number): Promise<void>;
}

/**
 * The progress message is edited at most this often while orders go out:
 * an edit a second for hundreds of orders would spend the chat's share of
 * Telegram's limits on a bar nobody reads that fast. A change of state
 * (held, placed, done, stopped) is shown at once.
 */
const PROGRESS_EDIT_MS = 3_000;

const SHOWN_AT_ONCE = new Set(['held', 'placed', 'done', 'stopped']);

interface BatchNoticesDeps {
  store: BatchStore;
  port: BatchChatPort;
  /** How the orderer is written to: their language, the amount unit and the zone. */
  viewFor: (personId: number) => BatchViewContext;
  readDetail: ReadDetail;
  /** Still on the staff and not a viewer, read at the send: someone removed meanwhile gets no codes. */
  mayReceiveCodes: (personId: number) => boolean;
  /** Reads again who is staff where another instance changed it, right before that check. */
  freshen?: () => Promise<void>;
  /** Records the file's message for the code-message retention (it is removed with the others after the set hours). */
  onCodesSent?: (sent: { chatId: number; messageId: number; orderId: number; sentAt: number }) => Promise<void>;
  audit: Pick<AuditTrail, 'record'>;
  clock: Clock;
  logger: Logger;
}

/**
 * Per database, shared by every BatchNotices over it in this process: whose
 * turn it is to show a batch's progress, and the text each progress
 * message shows now (an edit that would change nothing is not sent; memory
 * only, a restart edits once more).
 */
interface ProgressTurns {
  queue: Map<number, Promise<void>>;
  shown: Map<number, string>;
}
const progressTurns = new WeakMap<BatchStore, ProgressTurns>();

function progressTurnsOf(store: BatchStore): ProgressTurns {
  let turns = progressTurns.get(store);
  if (!turns) progressTurns.set(store, (turns = { queue: new Map(), shown: new Map() }));
  return turns;
}

/** What the batch runner tells the orderer: progress in one message, the held question, and the one file of codes. */
export function createBatchNotices(deps: BatchNoticesDeps) {
  const { store, port, clock, logger } = deps;
  const at = () => new Date(clock.now());

  const turns = progressTurnsOf(store);

  const waitOf = (batch: BatchRecord): number => (batch.progressEditedAt === null ? 0 : batch.progressEditedAt.getTime() + PROGRESS_EDIT_MS - clock.now());
  const isUrgent = (batch: BatchRecord, options: { force?: boolean; quiet?: boolean }): boolean => options.force === true || (!options.quiet && SHOWN_AT_ONCE.has(batch.state));

  /**
   * Sends or edits the progress message; never throws (the next change
   * shows it again). `quiet`: a periodic refresh, edited only when due and
   * when something changed. One batch's calls take turns with every other
   * call on the same database in this process (the Confirm's and the
   * runner's): two at once both found no message and both sent one, the
   * second then deleted, and the bar left at the first's numbers.
   */
  function progress(batch: BatchRecord, options: { force?: boolean; quiet?: boolean } = {}): Promise<void> {
    const mine = (turns.queue.get(batch.id) ?? Promise.resolve()).then(() => showProgress(batch, options));
    turns.queue.set(batch.id, mine);
    return mine.finally(() => {
      if (turns.queue.get(batch.id) === mine) turns.queue.delete(batch.id);
    });
  }

  async function showProgress(given: BatchRecord, options: { force?: boolean; quiet?: boolean }): Promise<void> {
    try {
      // Not due by `given`, not due by the row, edited no earlier: the periodic refresh costs no read.
      if (!isUrgent(given, options) && given.progressMessageId !== null && waitOf(given) > 0) return;
      // Read again at its turn: the call before may have sent the message, or the batch moved on since `given` was read.
      const batch = (await store.get(given.id)) ?? given;
      const wait = waitOf(batch);
      if (batch.progressMessageId !== null && wait > 0) {
        if (!isUrgent(batch, options)) return;
        // A change of state is shown, but never sooner than the spacing allows: at most a 3 s wait.
        await clock.sleep(wait);
      }
      const view = batchProgressView(deps.viewFor(batch.requesterId), batch, await store.orders(batch.id));
      if (batch.progressMessageId !== null && turns.shown.get(batch.id) === view.text.text) return;
      if (batch.progressMessageId === null) {
        const messageId = await port.send(batch.chatId, view);
        // Another instance may have recorded one meanwhile: the first recorded stays, this one goes (with its Stop button), and what it said is not taken as shown.
        if (!(await store.setProgressMessage(batch.id, messageId, at()))) return void (await port.remove(batch.chatId, messageId));
      } else {
        await port.edit(batch.chatId, batch.progressMessageId, view);
        await store.setProgressEdited(batch.id, at());
      }
      // Only what the chat now shows counts as shown: an edit that failed is tried again with the same text.
      if (batch.state === 'done' || batch.state === 'cancelled') turns.shown.delete(batch.id);
      else turns.shown.set(batch.id, view.text.text);
    } catch (error) {
      logger.warn({ batchId: given.id, err: error instanceof Error ? error.message : String(error) }, 'batch progress not shown');
    }
  }

  async function held(batch: BatchRecord, price: PriceMove | null): Promise<void> {
    try {
      await port.send(batch.chatId, batchHeldView(deps.viewFor(batch.requesterId), batch, price));
    } catch (error) {
      logger.warn({ batchId: batch.id, err: error instanceof Error ? error.message : String(error) }, 'batch held notice not sent');
    }
  }

  async function withheld(batch: BatchRecord, actorId: number, action: string, why: string): Promise<number> {
    await deps.audit.record({ actorId, action, orderId: null, amount: null, subjectId: batch.requesterId, facts: { batch: batch.id } });
    logger.warn({ batchId: batch.id }, why);
    return 0;
  }

  /**
   * The file of codes to the orderer's own chat, audited; codes are read
   * afresh from the provider (or taken from what the sweep read) and never
   * written anywhere else. Who may receive codes is read again right before
   * the send: a large file can take a while to build.
   */
  async function sendFile(batch: BatchRecord, orders: OrderRow[], actorId: number, action: 'batch.file_sent' | 'batch.file_resent'): Promise<number> {
    const mayReceive = async () => {
      await deps.freshen?.();
      return deps.mayReceiveCodes(batch.requesterId);
    };
    if (!(await mayReceive())) return withheld(batch, actorId, 'batch.file_withheld', 'batch orderer may no longer receive codes: file withheld');
    const c = deps.viewFor(batch.requesterId);
    const file = await buildCodesFile(batch, orders, deps.readDetail, c.t);
    const counts = batchCounts(batch, orders);
    const caption = c.t('batch-file-caption', {
      id: formatId(batch.id, c.locale),
      delivered: formatNumber(counts.delivered, c.locale),
      orders: formatNumber(batch.plan.length, c.locale),
      failed: formatNumber(counts.failed, c.locale),
    });
    if (!(await mayReceive())) return withheld(batch, actorId, 'batch.file_withheld', 'batch orderer may no longer receive codes: file withheld');
    let messageId: number;
    try {
      messageId = await port.sendFile(batch.chatId, file, caption);
    } catch (error) {
      // Blocked, or the chat is gone: trying again will not help; /batch #id sends it once they are back.
      if (error instanceof SendForbiddenError || error instanceof SendRejectedError) return withheld(batch, actorId, 'batch.file_undeliverable', 'batch file of codes could not be delivered');
      throw error;
    }
    await deps.audit.record({ actorId, action, orderId: null, amount: counts.spent, subjectId: batch.requesterId, facts: { batch: batch.id, cards: file.cards } });
    const anchor = orders.find((order) => order.state === 'completed');
    if (anchor) await deps.onCodesSent?.({ chatId: batch.chatId, messageId, orderId: anchor.id, sentAt: clock.now() });
    logger.info({ batchId: batch.id, cards: file.cards }, 'batch file of codes sent');
    return file.cards;
  }

  return {
    progress,
    held,
    /** Every order settled: the one file goes out. Throws when it could not be sent, so the runner tries again. */
    settled: (batch: BatchRecord, orders: OrderRow[]) => sendFile(batch, orders, batch.requesterId, 'batch.file_sent').then(() => undefined),
    /** `/batch <id>` sends the file again, with what the provider holds now. */
    resend: (batch: BatchRecord, orders: OrderRow[], actorId: number) => sendFile(batch, orders, actorId, 'batch.file_resent'),
  };
}

export type BatchNotices = ReturnType<typeof createBatchNotices>;
