import { GrammyError, type Api } from 'grammy';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { plain } from '../text/formatted.js';
import { reportPlainText, type Report } from '../text/rich/report.js';
import { toRichMessage } from '../text/rich/rich-message.js';
import { splitMessage } from '../text/split-message.js';
import { sendFormatted } from './send.js';

/**
 * How long a refusal of rich messages is believed: a Bot API server that
 * did not know them is asked again after this, so that an upgraded one is
 * noticed without a restart. Meanwhile reports cost no refused call.
 */
export const RICH_REFUSAL_REMEMBERED_MS = 6 * 60 * 60_000;

/** A Bot API server that does not know sendRichMessage: 404 for an unknown method, or a 400 that says so. */
const NOT_SUPPORTED = /method not found|not (?:supported|implemented)|unknown method|unsupported/i;

export interface RichReports {
  /** Sends the report to the chat: as a rich message where it can, else as today's plain text in parts of at most 4,096 characters. */
  send(api: Api, chatId: number, report: Report, options?: { threadId?: number }): Promise<void>;
  /** False while rich reports are off (RICH_REPORTS=off) or this process believes its Bot API server refuses them. */
  rich(): boolean;
}

/**
 * Long reports as rich messages (tables, expandable blocks) where the Bot
 * API server takes them, plain text otherwise. Feature detection by trying:
 * the first report goes as a rich message; an answer that the method is
 * unknown or unsupported sends that report as plain text and every report
 * of this process after it, for RICH_REFUSAL_REMEMBERED_MS (one log line).
 * Any other failure of a rich message (a refusal of its content, a network
 * fault) sends that one report as plain text and changes nothing after it:
 * a report is never lost to its richer form. A report past the rich
 * message's limits goes as plain text without trying. One per process,
 * shared by the bot and the background senders; each instance of a
 * deployment finds out for itself, at the cost of one refused call.
 */
export function createRichReports(deps: { mode: 'auto' | 'off'; clock: Clock; logger: Logger }): RichReports {
  let refusedUntil = deps.mode === 'off' ? Number.POSITIVE_INFINITY : 0;
  const rich = () => deps.clock.now() >= refusedUntil;

  const sendPlain = async (api: Api, chatId: number, report: Report, threadId: number | undefined) => {
    for (const part of splitMessage(plain(reportPlainText(report)))) await sendFormatted(api, chatId, { text: part, ...(threadId === undefined ? {} : { threadId }) });
  };

  return {
    rich,
    async send(api, chatId, report, options = {}) {
      const { threadId } = options;
      if (!rich()) return sendPlain(api, chatId, report, threadId);
      const rendering = toRichMessage(report);
      if (!rendering.ok) {
        deps.logger.debug({ chatId, over: rendering.reason }, 'report past the rich message limits: sent as plain text');
        return sendPlain(api, chatId, report, threadId);
      }
      try {
        // In the administrators' group, the topic the report belongs to.
        await api.sendRichMessage(chatId, rendering.message, threadId === undefined ? {} : { message_thread_id: threadId });
        return;
      } catch (error) {
        if (isNotSupported(error)) {
          refusedUntil = deps.clock.now() + RICH_REFUSAL_REMEMBERED_MS;
          deps.logger.warn({ refusal: describe(error) }, 'the Bot API server does not take rich messages: reports go as plain text for now');
        } else {
          deps.logger.warn({ chatId, refusal: describe(error) }, 'rich report not sent: sent as plain text');
        }
      }
      await sendPlain(api, chatId, report, threadId);
    },
  };
}

function isNotSupported(error: unknown): boolean {
  if (!(error instanceof GrammyError)) return false;
  return error.error_code === 404 || (error.error_code === 400 && NOT_SUPPORTED.test(error.description));
}

function describe(error: unknown): string {
  if (error instanceof GrammyError) return `${error.error_code}: ${error.description}`;
  return error instanceof Error ? error.name : String(error);
}
