import { InlineKeyboard, type Transformer } from 'grammy';
import type { Logger } from '../logger.js';
import type { ButtonStyle } from '../text/send-port.js';

/**
 * How a money button looks (Bot API 9.4): what goes ahead (Confirm,
 * Approve) is green, what stops or refuses (Cancel, Reject) is red. The
 * words on the buttons say the same without colour: the style only helps.
 */
export const GOES_AHEAD: ButtonStyle = 'success';
export const STOPS: ButtonStyle = 'danger';

/**
 * The keyboard of a settled message: only the button that was chosen,
 * disabled, in its style, so the message still shows what was pressed and
 * nothing on it can be pressed again. Where the Bot API server does not
 * know disabled buttons, it goes (see buttonLooks): no buttons, as before.
 */
export function chosenKeyboard(text: string, style?: ButtonStyle): InlineKeyboard {
  return new InlineKeyboard([[{ text, disabled: {}, ...(style ? { style } : {}) }]]);
}

/** Every call that may carry an inline keyboard the bot builds. */
const MARKUP_METHODS = new Set(['sendMessage', 'editMessageText', 'editMessageReplyMarkup', 'editMessageCaption', 'sendDocument', 'sendPhoto', 'copyMessage']);

/** Telegram's words when it cannot read a keyboard ("can't parse inline keyboard button", "Text buttons are unallowed", "BUTTON_TYPE_INVALID"). */
const KEYBOARD_REFUSED = /button|keyboard|markup|style|disabled/i;

type Row = Record<string, unknown>[];

/**
 * The markup as a Bot API server before 9.4 takes it: no styles, no
 * disabled buttons (a settled message then has no buttons, as it had
 * before). Undefined when the markup carries neither, so it goes as it is.
 */
export function plainMarkup(markup: unknown): { inline_keyboard: Row[] } | undefined {
  if (markup === null || typeof markup !== 'object' || !('inline_keyboard' in markup) || !Array.isArray(markup.inline_keyboard)) return undefined;
  const rows = markup.inline_keyboard as Row[];
  const fancy = rows.some((row) => row.some((button) => 'style' in button || 'disabled' in button));
  if (!fancy) return undefined;
  const plain = rows
    .map((row) => row.filter((button) => !('disabled' in button)).map(({ style: _style, ...rest }) => rest))
    .filter((row) => row.length > 0);
  return { ...(markup as object), inline_keyboard: plain };
}

export interface ButtonLooks {
  /** Installed on every connection to the Bot API that sends keyboards; the last one installed, so a retry without styles is paced and retried like any call. */
  transformer(): Transformer;
  /** False once this process learnt that its Bot API server refuses styles or disabled buttons. */
  supported(): boolean;
}

/**
 * Button styles and disabled buttons where the Bot API server takes them,
 * today's plain buttons where it does not. Telegram itself ignores fields
 * it does not know, so this is for older or self-hosted Bot API servers
 * that refuse them: a call whose keyboard they refuse is made once more
 * without styles and disabled buttons and, when that goes through, the
 * whole process sends plain keyboards from then on (said in one log line).
 * One per process, shared by all its connections.
 */
export function createButtonLooks(logger: Logger): ButtonLooks {
  let refused = false;
  const withPlain = <P>(payload: P, method: string, plain: { inline_keyboard: Row[] }): P => {
    const next = { ...payload } as Record<string, unknown>;
    // A new message with nothing left to press goes without a keyboard; an edit takes the buttons off.
    if (plain.inline_keyboard.length === 0 && !method.startsWith('edit')) delete next['reply_markup'];
    else next['reply_markup'] = plain;
    return next as P;
  };
  return {
    supported: () => !refused,
    transformer: () => async (prev, method, payload, signal) => {
      const plain = MARKUP_METHODS.has(method) ? plainMarkup((payload as Record<string, unknown>)['reply_markup']) : undefined;
      if (plain === undefined) return prev(method, payload, signal);
      if (refused) return prev(method, withPlain(payload, method, plain), signal);
      const first = await prev(method, payload, signal);
      if (first.ok || first.error_code !== 400 || !KEYBOARD_REFUSED.test(first.description)) return first;
      const again = await prev(method, withPlain(payload, method, plain), signal);
      // Only a plain keyboard going through where the styled one did not says the server lacks them; any other refusal is the call's own.
      if (!again.ok) return first;
      if (refused) return again;
      refused = true;
      logger.warn({ method, refusal: first.description }, 'the Bot API server refuses button styles and disabled buttons: keyboards go without them from now on');
      return again;
    },
  };
}
