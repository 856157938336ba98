import { GrammyError, type Api } from 'grammy';
import type { Logger } from '../../logger.js';
import type { BaseContext } from '../context.js';
import { editFormatted, sendFormatted, type Outgoing } from '../send.js';

/**
 * Replaces the message whose button was pressed. A message Telegram no
 * longer lets us edit (too old, deleted) gets the view as a new message, so
 * a press always leads somewhere.
 */
export async function showInPlace(ctx: BaseContext, message: Outgoing): Promise<void> {
  const chatId = ctx.chat?.id;
  if (chatId === undefined) return;
  const messageId = ctx.callbackQuery?.message?.message_id;
  if (messageId === undefined) {
    await sendFormatted(ctx.api, chatId, message);
    return;
  }
  try {
    await editFormatted(ctx.api, chatId, messageId, message);
  } catch (error) {
    if (!(error instanceof GrammyError && error.error_code === 400)) throw error;
    await sendFormatted(ctx.api, chatId, message);
  }
}

/**
 * Shows a decision already made (an approval, a refusal) on the card that
 * was pressed. Whatever Telegram answers (a network error, a 429 in a busy
 * group), the decision stands: the failure is logged and what follows it,
 * the other copies settled and the requester told, still happens.
 */
export async function showDecided(ctx: BaseContext, message: Outgoing, logger: Logger): Promise<void> {
  try {
    await showInPlace(ctx, message);
  } catch (error) {
    logger.warn({ chatId: ctx.chat?.id, err: error instanceof GrammyError ? error.description : String(error) }, 'could not show a decision on the card pressed');
  }
}

/** A message with buttons in a chat other than the one being answered: a card in the administrators' group. */
export interface GroupCard {
  chatId: number;
  messageId: number;
}

/**
 * Replaces a card that was pressed in another update (a code typed
 * privately for a press in the group). A card Telegram no longer lets us
 * edit, or a group that is gone, is left as it is: the answer was shown
 * where the person is.
 */
export async function showOnCard(api: Api, card: GroupCard, message: Outgoing, logger: Logger): Promise<void> {
  try {
    await editFormatted(api, card.chatId, card.messageId, message);
  } catch (error) {
    if (!(error instanceof GrammyError)) throw error;
    logger.warn({ chatId: card.chatId, messageId: card.messageId, err: error.description }, 'could not show the outcome on the card pressed');
  }
}
