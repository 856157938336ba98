import { GrammyError, InputFile } from 'grammy';
import type { AuditTrail } from '../../db/audit-trail.js';
import type { AuditFacts } from '../../db/audit-log.js';
import type { Logger } from '../../logger.js';
import type { BaseContext } from '../context.js';

export interface StatementFiles {
  csv: { content: Buffer | string; fileName: string; caption: string };
  /** The month's picture, drawn only once the CSV is accepted; null when the statement goes without one. */
  chart?: () => Promise<{ png: Buffer; caption: string } | null>;
  /** What the audit row says of the files sent: the month, the rows, whether the file was cut. */
  facts: AuditFacts;
}

/**
 * A statement's CSV and chart to the reader, then one audit row for them;
 * the same for an open month's statement and a closed one's. A file
 * Telegram refuses is said to the reader and leaves no audit row, since
 * nothing left the bot. Returns whether the files were sent.
 */
export async function sendStatementFiles(ctx: BaseContext, deps: { audit: AuditTrail; logger: Logger }, files: StatementFiles): Promise<boolean> {
  const { csv } = files;
  try {
    await ctx.replyWithDocument(new InputFile(csv.content, csv.fileName), { caption: csv.caption });
    const chart = await files.chart?.();
    if (chart) await ctx.replyWithPhoto(new InputFile(chart.png, csv.fileName.replace(/\.csv$/, '.png')), { caption: chart.caption });
  } catch (error) {
    if (!(error instanceof GrammyError)) throw error;
    deps.logger.warn({ actorId: ctx.member.telegramId, status: error.error_code }, 'statement file not accepted by Telegram');
    await ctx.reply(ctx.t('export-not-sent'));
    return false;
  }
  await deps.audit.record({ actorId: ctx.member.telegramId, action: 'export.sent', orderId: null, amount: null, facts: files.facts });
  return true;
}
