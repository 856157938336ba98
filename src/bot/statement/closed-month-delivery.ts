import { InputFile, type Api } from 'grammy';
import type { ClosedMonthView } from '../../ledger/month-close.js';
import type { Logger } from '../../logger.js';
import type { Locale } from '../../text/i18n.js';
import { showDay } from '../../text/presentation.js';
import { closedMonthCsv } from './closed-month-files.js';
import type { CostCentresByIds } from './statement-cost-centres.js';
import { closedStatementText } from './month-close-text.js';
import type { StatementView } from './statement-text.js';

/**
 * Sends a month just closed, its statement and CSV as kept, to each
 * administrator privately (each in their language) and to the finance chat
 * when one is set. The CSV goes nowhere else: these are the only chats.
 */
export function createClosedMonthDelivery(deps: {
  api: Pick<Api, 'sendMessage' | 'sendDocument'>;
  admins: () => { telegramId: number; locale: Locale }[];
  /** FINANCE_CHAT_ID, or null; it reads in the deployment's language. */
  financeChat: { chatId: number; locale: Locale } | null;
  viewFor: (locale: Locale) => StatementView;
  maxBytes: number;
  /** The cost centres the month's orders name, for the CSV's columns. */
  costCentres?: CostCentresByIds;
  logger: Logger;
}): { deliver(view: ClosedMonthView): Promise<void> } {
  async function sendTo(chatId: number, locale: Locale, view: ClosedMonthView): Promise<void> {
    const v = deps.viewFor(locale);
    try {
      await deps.api.sendMessage(chatId, closedStatementText(v, view));
      const csv = await closedMonthCsv(v, view, deps.maxBytes, deps.costCentres);
      const caption = v.t('month-close-sent-caption', { from: showDay(v, view.closed.fromAt), to: showDay(v, view.closed.toAt - 1) });
      await deps.api.sendDocument(chatId, new InputFile(csv.content, csv.fileName), { caption });
    } catch (error) {
      // One chat that cannot be reached leaves the others; the statement stays readable with /statement.
      deps.logger.warn({ chatId, month: view.closed.month, err: error instanceof Error ? error.message : String(error) }, 'a closed statement did not reach its chat');
    }
  }
  return {
    async deliver(view) {
      for (const admin of deps.admins()) await sendTo(admin.telegramId, admin.locale, view);
      if (deps.financeChat) await sendTo(deps.financeChat.chatId, deps.financeChat.locale, view);
      deps.logger.info({ month: view.closed.month, finance: deps.financeChat !== null }, 'closed statement sent');
    },
  };
}
