import { systemClock } from '../../src/clock.js';
import { createTelegramPace, TELEGRAM_LIMITS, type PaceLimits, type TelegramPace } from '../../src/bot/telegram-pace.js';

/**
 * Telegram's limits, but a chat's messages spaced 20 ms apart instead of a
 * second: for worlds whose cases look at what is said and to whom (a
 * delivery in parts, a card to the other administrator and its outcome),
 * which waited whole seconds for nothing they check. Telegram's second per
 * chat is the subject of test/delivery/sender-chats.test.ts, on the real
 * pace against a fake Bot API that answers 429 within it, and of the pace's
 * own tests (test/bot/telegram-pace*.test.ts).
 */
export const QUICK_CHAT_PACE: PaceLimits = { ...TELEGRAM_LIMITS, chatSpacingMs: 20 };

/** A pace on the real clock at QUICK_CHAT_PACE. */
export const quickTelegramPace = (): TelegramPace => createTelegramPace({ clock: systemClock, limits: QUICK_CHAT_PACE });
