import { Composer, InlineKeyboard } from 'grammy';
import type { BatchService } from '../../batches/batch-service.js';
import type { BatchRecord } from '../../db/batch-store.js';
import type { CostCentreMode } from '../../domain/cost-centre.js';
import type { Logger } from '../../logger.js';
import { clip } from '../../text/clip.js';
import { formatId } from '../../text/format.js';
import type { BaseContext } from '../context.js';

/** What a batch asks of cost centres, read fresh at the question and at the press (settings and the database). */
export interface BatchCostCentreReads {
  mode(): CostCentreMode;
  active(): Promise<{ id: number; name: string; code: string | null }[]>;
}

/** 'bk:<batch>:<cost centre>' (0: Skip), well under Telegram's 64 bytes. */
export const BATCH_CENTRE_PATTERN = /^bk:([0-9]{1,15}):([0-9]{1,15})$/;
const centreData = (batchId: number, centreId: number) => `bk:${batchId}:${centreId}`;

/**
 * Asks which cost centre a whole batch is for, where /order would ask one
 * and the file named none; false when nothing is to be asked (off, or no
 * active cost centre), so the summary follows at once.
 */
export async function askBatchCostCentre(ctx: BaseContext, reads: BatchCostCentreReads, batchId: number): Promise<boolean> {
  const mode = reads.mode();
  if (mode === 'off') return false;
  const active = await reads.active();
  if (active.length === 0) return false;
  const keyboard = new InlineKeyboard();
  for (const centre of active) keyboard.text(clip(centre.code ? `${centre.name} · ${centre.code}` : centre.name, 40), centreData(batchId, centre.id)).row();
  if (mode === 'optional') keyboard.text(ctx.t('btn-skip'), centreData(batchId, 0));
  const how = ctx.t(mode === 'required' ? 'purpose-required' : 'purpose-optional');
  await ctx.reply(`${ctx.t('batch-ask-cost-centre', { id: formatId(batchId, ctx.member.locale) })}\n${how}`, { reply_markup: keyboard });
  return true;
}

/**
 * The answer: checked again against the cost centres and the mode now and
 * against the batch (the requester's, still a draft), so a stale or forged
 * press changes nothing and says why; then the batch's summary.
 */
export function batchCostCentreFeature(deps: {
  batches: Pick<BatchService, 'forCostCentre'>;
  costCentres: BatchCostCentreReads;
  showSummary: (ctx: BaseContext, batch: BatchRecord) => Promise<void>;
  logger: Logger;
}) {
  const composer = new Composer<BaseContext>();
  composer.callbackQuery(BATCH_CENTRE_PATTERN, async (ctx) => {
    const [, batchText, centreText] = BATCH_CENTRE_PATTERN.exec(ctx.callbackQuery.data)!;
    const batchId = Number(batchText);
    const centreId = Number(centreText) === 0 ? null : Number(centreText);
    const refuse = async (key: string) => {
      deps.logger.warn({ batchId, centreId, actorId: ctx.member.telegramId, refusal: key }, 'refused a batch cost centre press');
      await ctx.answerCallbackQuery({ text: ctx.t(key), show_alert: true });
    };
    if (centreId === null && deps.costCentres.mode() === 'required') return void (await refuse('purpose-skip-refused'));
    const centre = centreId === null ? null : (await deps.costCentres.active()).find((c) => c.id === centreId);
    if (centre === undefined) return void (await refuse('purpose-centre-gone'));
    const batch = await deps.batches.forCostCentre(batchId, ctx.member.telegramId, centreId);
    if (!batch) return void (await refuse('batch-cost-centre-stale'));
    await ctx.answerCallbackQuery();
    const id = formatId(batchId, ctx.member.locale);
    const said = centre ? ctx.t('batch-cost-centre-chosen', { id, name: clip(centre.name, 60) }) : ctx.t('batch-cost-centre-none', { id });
    // The question's buttons go: what was chosen is said in their place.
    await ctx.editMessageText(said).catch((error: unknown) => deps.logger.warn({ err: String(error), batchId }, 'batch cost centre question not edited'));
    await deps.showSummary(ctx, batch);
  });
  return composer;
}
