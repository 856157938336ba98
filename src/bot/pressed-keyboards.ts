import type { InlineKeyboardButton, Update } from 'grammy/types';
import type { Clock } from '../clock.js';

/**
 * The keyboards of pressed messages that hold copy buttons, kept in this
 * process's memory only, for the short while between an update's arrival
 * and its handler. The update queue stores such a keyboard with its copy
 * buttons emptied (their text is the code itself: see storable-update.ts);
 * a handler that redraws the keyboard in place (the handed-over note) needs
 * the whole one. Should another instance handle the press, or this one
 * restart in between, the keyboard is simply not redrawn.
 */
export interface PressedKeyboards {
  /** Remembers the pressed message's keyboard when it holds copy buttons. */
  keep(update: Update): void;
  /** The whole keyboard of this press, once; null when not kept here. */
  take(callbackQueryId: string): InlineKeyboardButton[][] | null;
}

/** Long enough for a queued press to be handled; a press older than this is redrawn from nothing. */
const KEEP_MS = 5 * 60_000;
/** A bound on memory should presses arrive here and be handled elsewhere. */
const MAX_KEPT = 500;

export function createPressedKeyboards(clock: Clock): PressedKeyboards {
  const kept = new Map<string, { rows: InlineKeyboardButton[][]; until: number }>();
  return {
    keep(update) {
      const press = update.callback_query;
      const markup = press?.message && 'reply_markup' in press.message ? press.message.reply_markup : undefined;
      if (!press || !markup?.inline_keyboard.some((row) => row.some((button) => 'copy_text' in button))) return;
      const now = clock.now();
      for (const [id, entry] of kept) if (entry.until <= now || kept.size >= MAX_KEPT) kept.delete(id);
      kept.set(press.id, { rows: markup.inline_keyboard, until: now + KEEP_MS });
    },
    take(callbackQueryId) {
      const entry = kept.get(callbackQueryId);
      kept.delete(callbackQueryId);
      return entry && entry.until > clock.now() ? entry.rows : null;
    },
  };
}
