import type { FormattedString } from '@grammyjs/parse-mode';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { AuditTrail } from '../orders/audit-trail.js';
import type { OrderRow } from '../orders/order-repo.js';
import { formatId, formatNumber } from '../text/format.js';
import type { OutgoingButton } from '../text/send-port.js';
import { buildCodesFile, type CodesFile, type ReadDetail } from './codes-file.js';
import type { PriceMove } from './batch-runner.js';
import type { BatchRecord, BatchStore } from './batch-store.js';
import { batchCounts, batchHeldView, batchProgressView, type BatchViewContext } from './batch-views.js';

export interface BatchView {
  text: FormattedString;
  buttons: OutgoingButton[][];
}

/** How batch news reaches the orderer's chat; the Telegram side is src/bot/batch-port.ts. */
export interface BatchChatPort {
  send(chatId: number, view: BatchView): Promise<number>;
  edit(chatId: number, messageId: number, view: BatchView): Promise<void>;
  /** A protected document: the file of codes can be neither forwarded nor saved from the chat. */
  sendFile(chatId: number, file: Pick<CodesFile, 'content' | 'fileName'>, caption: string): Promise<void>;
}

/**
 * The progress message is edited at most this often while orders go out:
 * an edit a second for hundreds of orders would spend the chat's share of
 * Telegram's limits on a bar nobody reads that fast. A change of state
 * (held, placed, done, stopped) is shown at once.
 */
export const PROGRESS_EDIT_MS = 3_000;

const SHOWN_AT_ONCE = new Set(['held', 'placed', 'done', 'stopped']);

export interface BatchNoticesDeps {
  store: BatchStore;
  port: BatchChatPort;
  /** How the orderer is written to: their language, the amount unit and the zone. */
  viewFor: (personId: number) => BatchViewContext;
  readDetail: ReadDetail;
  /** Still on the staff and not a viewer, read at the send: someone removed meanwhile gets no codes. */
  mayReceiveCodes: (personId: number) => boolean;
  audit: Pick<AuditTrail, 'record'>;
  clock: Clock;
  logger: Logger;
}

/** What the batch runner tells the orderer: progress in one message, the held question, and the one file of codes. */
export function createBatchNotices(deps: BatchNoticesDeps) {
  const { store, port, clock, logger } = deps;
  const at = () => new Date(clock.now());

  /** The text each progress message shows now: an edit that would change nothing is not sent (memory only; a restart edits once more). */
  const shown = new Map<number, string>();

  /**
   * Sends or edits the progress message; never throws (the next change
   * shows it again). `quiet`: a periodic refresh, edited only when due and
   * when something changed.
   */
  async function progress(batch: BatchRecord, options: { force?: boolean; quiet?: boolean } = {}): Promise<void> {
    try {
      const wait = batch.progressEditedAt === null ? 0 : batch.progressEditedAt.getTime() + PROGRESS_EDIT_MS - clock.now();
      const urgent = options.force === true || (!options.quiet && SHOWN_AT_ONCE.has(batch.state));
      if (batch.progressMessageId !== null && wait > 0) {
        if (!urgent) return;
        // A change of state is shown, but never sooner than the spacing allows: at most a 3 s wait.
        await clock.sleep(wait);
      }
      const view = batchProgressView(deps.viewFor(batch.requesterId), batch, await store.orders(batch.id));
      if (batch.progressMessageId !== null && shown.get(batch.id) === view.text.text) return;
      shown.set(batch.id, view.text.text);
      if (batch.state === 'done' || batch.state === 'cancelled') shown.delete(batch.id);
      if (batch.progressMessageId === null) {
        const messageId = await port.send(batch.chatId, view);
        await store.setProgressMessage(batch.id, messageId, at());
        await store.setProgressEdited(batch.id, at());
      } else {
        await port.edit(batch.chatId, batch.progressMessageId, view);
        await store.setProgressEdited(batch.id, at());
      }
    } catch (error) {
      logger.warn({ batchId: batch.id, err: error instanceof Error ? error.message : String(error) }, 'batch progress not shown');
    }
  }

  async function held(batch: BatchRecord, price: PriceMove | null): Promise<void> {
    try {
      await port.send(batch.chatId, batchHeldView(deps.viewFor(batch.requesterId), batch, price));
    } catch (error) {
      logger.warn({ batchId: batch.id, err: error instanceof Error ? error.message : String(error) }, 'batch held notice not sent');
    }
  }

  /** The file of codes to the orderer's own chat, audited; codes are read afresh from the provider and never written anywhere else. */
  async function sendFile(batch: BatchRecord, orders: OrderRow[], actorId: number, action: 'batch.file_sent' | 'batch.file_resent'): Promise<number> {
    if (!deps.mayReceiveCodes(batch.requesterId)) {
      await deps.audit.record({ actorId, action: 'batch.file_withheld', orderId: null, amount: null, subjectId: batch.requesterId, facts: { batch: batch.id } });
      logger.warn({ batchId: batch.id }, 'batch orderer may no longer receive codes: file withheld');
      return 0;
    }
    const c = deps.viewFor(batch.requesterId);
    const file = await buildCodesFile(batch, orders, deps.readDetail, c.t);
    const counts = batchCounts(batch, orders);
    const caption = c.t('batch-file-caption', {
      id: formatId(batch.id, c.locale),
      delivered: formatNumber(counts.delivered, c.locale),
      orders: formatNumber(batch.plan.length, c.locale),
      failed: formatNumber(counts.failed, c.locale),
    });
    await port.sendFile(batch.chatId, file, caption);
    await deps.audit.record({ actorId, action, orderId: null, amount: counts.spent, subjectId: batch.requesterId, facts: { batch: batch.id, cards: file.cards } });
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
