import { GrammyError, type Api, type Context } from 'grammy';
import type { Logger } from '../../../logger.js';
import { editFormatted, removeKeyboard, sendFormatted, type Outgoing } from '../../send.js';

/**
 * 'shown'; 'fallback' when Telegram refused the step and the short one went
 * instead; 'failed' when nothing arrived (a long 429, the network).
 */
type ShowResult = 'shown' | 'fallback' | 'failed';

/**
 * The order's menu message in one chat: edited in place while the staff
 * member taps, sent anew after a typed answer. Never throws: a step that
 * cannot be shown is reported, for the conversation to show it again.
 * Create one per run of the conversation, from the menu the previous step
 * left (`current`): on a replay the message ids come back from the recorded
 * API calls.
 */
export function createMenuDisplay(api: Api, chatId: number, logger: Logger, current: number | null = null) {
  let menu: number | null = current;

  /** 'refused' when Telegram will not take this message as it is (too long, bad entities): sending it again cannot help. */
  async function send(out: Outgoing): Promise<'sent' | 'refused' | 'failed'> {
    try {
      menu = await sendFormatted(api, chatId, out);
      return 'sent';
    } catch (error) {
      logger.warn({ chatId, err: telegramFailure(error) }, 'an order step could not be sent');
      return error instanceof GrammyError && error.error_code === 400 ? 'refused' : 'failed';
    }
  }

  return {
    /** The message whose buttons are current, or null when none is. */
    id: (): number | null => menu,

    /** A refused step is replaced by `fallback`, a short plain one with a way on, so there is never a dead prompt. */
    async show(out: Outgoing, fallback: Outgoing | null, editInPlace: boolean): Promise<ShowResult> {
      if (menu !== null && editInPlace) {
        try {
          await editFormatted(api, chatId, menu, out);
          return 'shown';
        } catch {
          // Too old, gone or refused: fall through and send a new menu.
        }
      }
      // The new menu goes first and the old one loses its buttons after, so the staff
      // member waits one round trip, not two; a press on the old menu meanwhile is
      // not the current menu's and is refused as expired.
      const old = menu;
      menu = null;
      const sent = await send(out);
      const shown = sent === 'sent' ? 'shown' : sent === 'refused' && fallback !== null && (await send(fallback)) === 'sent' ? 'fallback' : 'failed';
      if (old !== null) await removeKeyboard(api, chatId, old, { oldOrderMenu: true });
      return shown;
    },
  };
}

/** Answers a button press; best effort, the menu itself answers the press too. */
export async function answerPress(query: Context, text?: string): Promise<void> {
  try {
    await query.answerCallbackQuery(text === undefined ? undefined : { text });
  } catch {
    // Too old to answer, or Telegram is busy.
  }
}

/** What went wrong sending to Telegram, in words safe to log (a network error's cause can carry the URL, token included). */
function telegramFailure(error: unknown): string {
  if (error instanceof GrammyError) return `${error.error_code}: ${error.description}`;
  return error instanceof Error ? error.name : typeof error;
}
