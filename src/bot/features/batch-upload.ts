import { createHash } from 'node:crypto';
import { Composer } from 'grammy';
import type { BatchCatalog } from '../../batches/batch-check.js';
import { checkBatch } from '../../batches/batch-check.js';
import { readBatchFile } from '../../batches/batch-file.js';
import { batchProblemsText, batchRefusalText } from '../../batches/batch-messages.js';
import { planBatch } from '../../batches/batch-plan.js';
import type { BatchService } from '../../batches/batch-service.js';
import type { BatchOrderPlan, BatchSource } from '../../domain/batches.js';
import type { BatchRecord } from '../../db/batch-store.js';
import { askBatchCostCentre, type BatchCostCentreReads } from './batch-cost-centre.js';
import { batchSummaryView } from '../../batches/batch-views.js';
import type { Logger } from '../../logger.js';
import type { ProviderFor } from '../../safeguards/velocity/read-pace.js';
import type { BaseContext } from '../context.js';
import { mayOrder } from '../middleware/roles.js';
import { readerView } from '../reader-view.js';
import { sendFormatted } from '../send.js';
import { keyboardOf } from '../send-port.js';

/** A batch file larger than this is not downloaded: a thousand rows of a few answers each fit in far less. */
export const MAX_BATCH_FILE_BYTES = 2 * 1024 * 1024;

interface BatchUploadDeps {
  batches: Pick<BatchService, 'draft' | 'sameFile' | 'needsApproval' | 'judgeBudgets'>;
  catalog: BatchCatalog;
  providerFor: ProviderFor<'getBalance'>;
  /** The bytes of a file a user sent, through getFile and the Bot API's file download. */
  downloadFile: (fileId: string) => Promise<Uint8Array>;
  maxRows: number;
  perOrderMax: number;
  logger: Logger;
  /** What /order asks of cost centres: a batch whose file named none is asked one for the whole batch (batch-cost-centre.ts). */
  costCentres?: BatchCostCentreReads;
}

/**
 * Shows the one summary a batch is confirmed on, as a draft: orders, units,
 * total, the wallet after it, an earlier batch of the same file, and
 * whether an administrator must approve it. Shared by the file and the
 * quantity batch.
 */
export async function offerBatch(
  ctx: BaseContext,
  deps: Pick<BatchUploadDeps, 'batches' | 'providerFor' | 'maxRows' | 'logger' | 'costCentres'>,
  input: { source: BatchSource; fileHash: string | null; fileName: string | null; plan: BatchOrderPlan[]; costCentreNamed?: boolean },
): Promise<void> {
  // The same bound as a file's rows: a batch of more orders would take hours at the provider's pace.
  if (input.plan.length > deps.maxRows) return void (await ctx.reply(ctx.t('batch-too-many-orders', { orders: input.plan.length, max: deps.maxRows })));
  const requesterId = ctx.member.telegramId;
  // Looked up before the draft is stored, so that the draft does not find itself.
  const sameFile = input.fileHash ? await deps.batches.sameFile(requesterId, input.fileHash) : null;
  const { costCentreNamed, ...drafted } = input;
  const batch = await deps.batches.draft({ ...drafted, requesterId, chatId: ctx.chat!.id });
  // A file without the cost centre column: the whole batch is asked one first, as an order is; its summary follows the answer.
  if (!costCentreNamed && deps.costCentres && (await askBatchCostCentre(ctx, deps.costCentres, batch.id))) return;
  await showBatchSummary(ctx, deps, batch, sameFile);
}

/** The summary once the batch's cost centre was chosen: an earlier batch of the same file is looked for again, the draft itself left out. */
export async function showBatchSummaryAgain(ctx: BaseContext, deps: Pick<BatchUploadDeps, 'batches' | 'providerFor' | 'logger'>, batch: BatchRecord): Promise<void> {
  const found = batch.fileHash ? await deps.batches.sameFile(batch.requesterId, batch.fileHash, batch.id) : null;
  await showBatchSummary(ctx, deps, batch, found);
}

/** The batch's one summary, with Confirm: after the file, or after its cost centre was chosen. */
export async function showBatchSummary(ctx: BaseContext, deps: Pick<BatchUploadDeps, 'batches' | 'providerFor' | 'logger'>, batch: BatchRecord, sameFile: BatchRecord | null): Promise<void> {
  const requesterId = ctx.member.telegramId;
  const [balance, approval, budget] = await Promise.all([
    // Without the balance the summary still shows; Confirm is judged again anyway.
    deps.providerFor(requesterId).getBalance({ priority: 'interactive' }).then((b) => b.balance).catch(() => null),
    deps.batches.needsApproval(requesterId, batch.total),
    // The cost centres' budgets as Confirm will judge them, so that the summary says it first.
    deps.batches.judgeBudgets(batch.plan),
  ]);
  const view = batchSummaryView(readerView(ctx), batch, { balance, sameFile, approval, budget });
  await sendFormatted(ctx.api, ctx.chat!.id, { text: view.text, keyboard: keyboardOf(view.buttons) });
  deps.logger.info({ batchId: batch.id, orders: batch.plan.length, total: batch.total, source: batch.source }, 'batch summarised');
}

/**
 * A CSV sent to the bot becomes a batch: the file is read (encodings and
 * separators as spreadsheets save them), every row is checked against the
 * catalog and the fields' rules before anything is spent, and either every
 * problem is listed (row, column, rule) or the one summary is shown.
 */
export function batchUploadFeature(deps: BatchUploadDeps) {
  const composer = new Composer<BaseContext>();

  composer.on('message:document', async (ctx, next) => {
    if (!mayOrder(ctx.member.role)) return next();
    const document = ctx.message.document;
    if ((document.file_size ?? 0) > MAX_BATCH_FILE_BYTES) {
      await ctx.reply(ctx.t('batch-file-too-large', { max: '2 MB' }));
      return;
    }
    let bytes: Uint8Array;
    try {
      bytes = await deps.downloadFile(document.file_id);
    } catch (error) {
      deps.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'batch file could not be downloaded');
      await ctx.reply(ctx.t('batch-file-download-failed'));
      return;
    }
    const file = await readBatchFile(bytes, { maxRows: deps.maxRows });
    if (!file.ok) {
      await ctx.reply(batchRefusalText(file, ctx.t, ctx.member.locale));
      return;
    }
    await ctx.replyWithChatAction('typing').catch(() => undefined);
    const checked = await checkBatch(file, deps.catalog);
    if (!checked.ok) {
      await ctx.reply(batchProblemsText(checked.problems, ctx.t, ctx.member.locale));
      return;
    }
    const fileHash = createHash('sha256').update(bytes).digest('hex');
    await offerBatch(ctx, deps, { source: 'file', fileHash, fileName: document.file_name ?? null, plan: planBatch(checked.lines, deps.perOrderMax), costCentreNamed: checked.lines.some((line) => line.costCentreId !== undefined) });
  });

  return composer;
}
