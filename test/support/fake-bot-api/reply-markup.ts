import { badRequest, type BotApiError } from './api-error.js';
import { checkLink } from './entities.js';
import type { ReplyMarkup } from './types.js';

export const MAX_CALLBACK_DATA_BYTES = 64;
export const MAX_COPY_TEXT_LENGTH = 256;

const INLINE_ACTIONS = [
  'callback_data', 'url', 'web_app', 'login_url', 'switch_inline_query', 'switch_inline_query_current_chat',
  'switch_inline_query_chosen_chat', 'copy_text', 'callback_game', 'pay', 'disabled',
];
/** Telegram's button styles (Bot API 9.4). */
const STYLES = ['success', 'danger', 'primary'];
const BOOLEAN_FIELDS = ['resize_keyboard', 'one_time_keyboard', 'is_persistent', 'selective', 'remove_keyboard', 'force_reply'];

/** Validates `reply_markup` with Telegram's error messages and returns it parsed, or undefined when absent. */
export function readReplyMarkup(value: unknown): ReplyMarkup | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let markup: unknown = value;
  if (typeof value === 'string') {
    try {
      markup = JSON.parse(value) as unknown;
    } catch {
      throw badRequest("can't parse reply keyboard markup JSON object");
    }
  }
  if (markup === null || typeof markup !== 'object' || Array.isArray(markup)) {
    throw badRequest("can't parse reply keyboard markup JSON object");
  }
  const fields = markup as Record<string, unknown>;
  for (const field of BOOLEAN_FIELDS) {
    if (fields[field] !== undefined && typeof fields[field] !== 'boolean') {
      throw badRequest(`field "${field}" must be of type Boolean`);
    }
  }
  if (fields['inline_keyboard'] !== undefined) validateInlineKeyboard(fields['inline_keyboard']);
  else if (fields['keyboard'] !== undefined) validateKeyboard(fields['keyboard']);
  else if (fields['remove_keyboard'] === undefined && fields['force_reply'] === undefined) {
    throw badRequest('object expected as reply markup');
  }
  return markup as ReplyMarkup;
}

function rowsOf(value: unknown, field: string): unknown[][] {
  if (!Array.isArray(value)) throw badRequest(`field "${field}" must be of type Array`);
  return value.map((row: unknown) => {
    if (!Array.isArray(row)) throw badRequest(`field "${field}" must be of type Array`);
    return row as unknown[];
  });
}

function validateInlineKeyboard(value: unknown): void {
  const rows = rowsOf(value, 'inline_keyboard');
  const fail = (detail: string) => badRequest(`can't parse inline keyboard button: ${detail}`);
  for (const row of rows) {
    for (const item of row) {
      if (item === null || typeof item !== 'object') throw fail('InlineKeyboardButton must be an Object');
      const button = item as Record<string, unknown>;
      if (button['text'] === undefined) throw fail('Can\'t find field "text"');
      if (typeof button['text'] !== 'string') throw fail('Field "text" must be of type String');
      // Telegram reads an empty callback_data as "no action".
      const actions = INLINE_ACTIONS.filter((key) => button[key] !== undefined && button[key] !== '');
      if (actions.length === 0) throw fail('Text buttons are unallowed in the inline keyboard');
      if (button['text'].trim() === '') throw badRequest('BUTTON_TEXT_INVALID');
      const style = button['style'];
      if (style !== undefined && !STYLES.includes(style as string)) throw badRequest('BUTTON_STYLE_INVALID');
      const disabled = button['disabled'];
      if (disabled !== undefined && (disabled === null || typeof disabled !== 'object')) throw fail('Field "disabled" must be of type Object');
      const data = button['callback_data'];
      if (data !== undefined && data !== '') {
        if (typeof data !== 'string') throw fail('Field "callback_data" must be of type String');
        if (Buffer.byteLength(data, 'utf8') > MAX_CALLBACK_DATA_BYTES) throw badRequest('BUTTON_DATA_INVALID');
      }
      const copy = button['copy_text'];
      if (copy !== undefined) {
        const text = copy !== null && typeof copy === 'object' ? (copy as Record<string, unknown>)['text'] : undefined;
        if (typeof text !== 'string') throw fail('Field "text" must be of type String');
        // Telegram copies 1 to 256 characters.
        if (text.length === 0 || text.length > MAX_COPY_TEXT_LENGTH) throw badRequest('COPY_TEXT_INVALID');
      }
      const url = button['url'];
      if (typeof url === 'string' && url !== '' && checkLink(url) === '') {
        const reason = /^[a-z][a-z0-9+.-]*:/i.test(url) && !/^https?:/i.test(url) ? 'Unsupported URL protocol' : 'Wrong HTTP URL';
        throw badRequest(`inline keyboard button URL '${url}' is invalid: ${reason}`);
      }
    }
  }
}

function validateKeyboard(value: unknown): void {
  for (const row of rowsOf(value, 'keyboard')) {
    for (const item of row) {
      if (typeof item === 'string') continue;
      if (item === null || typeof item !== 'object') throw badRequest("can't parse keyboard button: expected an Object");
      const text = (item as Record<string, unknown>)['text'];
      if (text === undefined) throw badRequest('can\'t parse keyboard button: Can\'t find field "text"');
      if (typeof text !== 'string') throw badRequest('can\'t parse keyboard button: Field "text" must be of type String');
    }
  }
}

/**
 * A Bot API server from before styles and disabled buttons (9.4) that
 * refuses fields it does not know, as some self-hosted ones do (Telegram's
 * own ignores them): the refusal such a server gives this markup, or null.
 */
export function refusedButtonLooks(value: unknown): BotApiError | null {
  let markup: unknown = value;
  if (typeof value === 'string') {
    try {
      markup = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  const rows = markup !== null && typeof markup === 'object' ? (markup as Record<string, unknown>)['inline_keyboard'] : undefined;
  if (!Array.isArray(rows)) return null;
  const buttons = rows.flatMap((row: unknown) => (Array.isArray(row) ? (row as unknown[]) : [])).filter((b): b is Record<string, unknown> => b !== null && typeof b === 'object');
  // A disabled button is, to such a server, a button without an action.
  if (buttons.some((button) => button['disabled'] !== undefined)) return badRequest("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
  if (buttons.some((button) => button['style'] !== undefined)) return badRequest('can\'t parse inline keyboard button: Field "style" is unknown');
  return null;
}
