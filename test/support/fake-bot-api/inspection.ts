import { setTimeout as delay } from 'node:timers/promises';
import type { InlineKeyboardButton } from 'grammy/types';
import type { CallbackButton, RecordedCall, ReplyMarkup, SentMessage, WaitOptions } from './types.js';

/**
 * A deadline, not a delay: a wait that holds returns at once. Long enough for an answer the bot gives
 * on a loaded 2-core machine (suite, PostgreSQL and processes on the same cores), where 2 s failed
 * tests that pass alone; a wait for a background loop's next turn names its own (BACKGROUND_WAIT).
 */
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_INTERVAL_MS = 5;
const DUMPED_CALLS = 15;

export function listButtons(markup: ReplyMarkup | undefined): InlineKeyboardButton[] {
  return markup !== undefined && 'inline_keyboard' in markup ? markup.inline_keyboard.flat() : [];
}

const describeButton = (button: InlineKeyboardButton): string =>
  `${JSON.stringify(button.text)} -> ${'callback_data' in button ? JSON.stringify(button.callback_data) : 'disabled' in button ? 'disabled' : 'not a callback button'}`;

export function findButton(message: SentMessage, label: string | RegExp): CallbackButton {
  const buttons = listButtons(message.reply_markup);
  const found = buttons.find((button) => (typeof label === 'string' ? button.text === label : label.test(button.text)));
  if (found === undefined || !('callback_data' in found)) {
    const shown = buttons.length === 0 ? 'no inline keyboard' : buttons.map(describeButton).join(', ');
    throw new Error(
      `No callback button ${String(label)} on message ${message.message_id} (${JSON.stringify(message.text)}); buttons: ${shown}`,
    );
  }
  return found;
}

export function describeMessages(chatId: number, messages: SentMessage[]): string {
  if (messages.length === 0) return `The bot sent nothing to chat ${chatId}.`;
  const lines = messages.map(
    (m) =>
      `  #${m.message_id}${m.deleted ? ' (deleted)' : ''}: ${JSON.stringify(m.text)}` +
      (listButtons(m.reply_markup).length > 0 ? ` [${listButtons(m.reply_markup).map((b) => b.text).join(' | ')}]` : ''),
  );
  return `Messages the bot sent to chat ${chatId}:\n${lines.join('\n')}`;
}

/** The last calls other than getUpdates, which would drown everything else. */
export function describeCalls(calls: RecordedCall[]): string {
  const interesting = calls.filter((call) => call.method !== 'getUpdates').slice(-DUMPED_CALLS);
  if (interesting.length === 0) return 'No Bot API calls besides getUpdates.';
  const lines = interesting.map((call) => {
    const payload = JSON.stringify(call.payload);
    const shortPayload = payload.length > 300 ? `${payload.slice(0, 300)}...` : payload;
    const outcome =
      call.response === undefined
        ? 'pending'
        : call.response.ok
          ? 'ok'
          : `${call.response.error_code} ${call.response.description}`;
    return `  ${call.method} ${shortPayload} -> ${outcome}`;
  });
  return `Last Bot API calls:\n${lines.join('\n')}`;
}

/** Polls in real time: the fake answers over real sockets, so test clocks do not apply here. */
export async function waitFor<T>(
  predicate: () => T | undefined | null | false,
  describe: () => string,
  options: WaitOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = predicate();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const cause = lastError instanceof Error ? `\nLast predicate error: ${lastError.message}` : '';
      throw new Error(`waitFor timed out after ${timeoutMs} ms.${cause}\n${describe()}`);
    }
    await delay(options.intervalMs ?? DEFAULT_INTERVAL_MS);
  }
}
