import type { BaseContext } from './context.js';
import { plain } from '../text/formatted.js';
import { splitMessage } from '../text/split-message.js';
import { sendFormatted } from './send.js';

/**
 * Answers with a plain text that may run past Telegram's 4,096 characters
 * (a list of 50 cost centres with long Persian names, say): sent as several
 * messages cut at line ends, in order, rather than refused by the Bot API.
 */
export async function replyInParts(ctx: BaseContext & { chat: { id: number } }, text: string): Promise<void> {
  for (const part of splitMessage(plain(text))) await sendFormatted(ctx.api, ctx.chat.id, { text: part });
}
