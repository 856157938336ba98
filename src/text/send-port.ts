import type { FormattedString } from '@grammyjs/parse-mode';

/**
 * How background work (delivery, reconciliation, alerts) talks to Telegram:
 * through this port only, so it never imports grammY and tests can hand in
 * the real bot's API pointed at the fake server.
 */
/**
 * How a button looks where Telegram shows styles: 'success' (green) for what
 * goes ahead with money (Confirm, Approve, Continue), 'danger' (red) for what
 * stops or refuses it (Cancel, Reject, Stop). Its words must say the same.
 */
export type ButtonStyle = 'success' | 'danger' | 'primary';

/** An inline button: a press the bot answers (at most 64 bytes of data), or text Telegram copies to the clipboard (at most 256 characters). */
export type OutgoingButton = { text: string; callbackData: string; style?: ButtonStyle } | { text: string; copyText: string };

export interface OutgoingMessage {
  text: FormattedString;
  /** Stops forwarding and saving; set on everything that carries codes. */
  protectContent?: boolean;
  /** Inline buttons, in rows. */
  buttons?: OutgoingButton[][];
  /** In a forum supergroup: the topic the message goes to. */
  threadId?: number;
}

export type SendMessage = (chatId: number, message: OutgoingMessage) => Promise<{ messageId: number }>;

/**
 * What became of editing a card: 'settled' when done, or when the message
 * can no longer be edited (gone, too old, already so), which no retry
 * changes; 'try-again' when Telegram was busy (429) or out of reach, so
 * that news kept owed (an expiry's) is tried on a later pass.
 */
export type CardEdit = 'settled' | 'try-again';

/** Takes the buttons off a message sent earlier; best effort, never throws (the message may be too old or gone). */
export type ClearButtons = (chatId: number, messageId: number) => Promise<CardEdit>;

/** Puts this text in place of a message sent earlier, without its buttons; best effort, never throws (at worst the buttons alone go). */
export type ReplaceText = (chatId: number, messageId: number, text: FormattedString) => Promise<CardEdit>;

/** Telegram asked us to slow down (429); try again after `retryAfterMs`. */
export class SendRateLimitedError extends Error {
  override name = 'SendRateLimitedError';
  constructor(readonly retryAfterMs: number) {
    super(`Telegram rate limit: retry after ${retryAfterMs} ms`);
  }
}

/** The user blocked the bot or the chat is gone (403): retrying will not help until they come back. */
export class SendForbiddenError extends Error {
  override name = 'SendForbiddenError';
}

/** Telegram refused the message itself (400): the same message will never be accepted. */
export class SendRejectedError extends Error {
  override name = 'SendRejectedError';
}

/** Network trouble or a Telegram fault: worth retrying with backoff. */
export class SendTransientError extends Error {
  override name = 'SendTransientError';
}

/** Whether a failed send or edit is worth trying again later: Telegram busy (429), a fault of its own, or the network; a refusal (400, 403) never changes. */
export const sendWorthRetrying = (error: unknown): boolean => error instanceof SendRateLimitedError || error instanceof SendTransientError;

/**
 * What became of a message that must reach its reader once (an expiry's
 * news, owed until told): 'sent'; 'refused' for good (blocked, chat gone,
 * the message itself refused), which no retry changes; 'try-again' when
 * Telegram was busy (429) or out of reach, so that it is tried on a later
 * pass.
 */
export type Telling = 'sent' | 'refused' | 'try-again';

/**
 * Sends an owed message once and says what became of it (see Telling);
 * never throws. Any error not worth retrying is a refusal: `onRefused`
 * hears it, for the log.
 */
export async function attemptTelling(send: () => Promise<unknown>, onRefused: (error: unknown) => void): Promise<Telling> {
  try {
    await send();
    return 'sent';
  } catch (error) {
    if (sendWorthRetrying(error)) return 'try-again';
    onRefused(error);
    return 'refused';
  }
}
