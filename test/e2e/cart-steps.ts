import type { SentMessage } from '../support/fake-bot-api/index.js';
import type { chatDriver } from './chat-driver.js';

/** One user's chat, as chatDriver drives it. */
export type Chat = ReturnType<typeof chatDriver>;

/**
 * The chat steps that add one product to the order being built, from the
 * category step (right after /order or "Add another product") to the
 * summary; each returns the summary. They work on the sandbox's seeded
 * catalog, in English.
 */

/** Google Play 10 USD (product 101): no questions. */
export async function addGoogle(chat: Chat, quantity: string): Promise<SentMessage> {
  await chat.say('Google Play 10', /Products matching/);
  await chat.tap(/^Google Play 10 USD/, /How many\?/);
  return chat.say(quantity, /Please check your order/);
}

/** Free Fire 520 Diamonds (product 109): a player id (5–12 digits), then an optional nickname, skipped. */
export async function addFreeFire(chat: Chat, quantity: string, playerId = '123456789'): Promise<SentMessage> {
  await chat.say('Free Fire', /Products matching/);
  await chat.tap(/^Free Fire 520/, /How many\?/);
  await chat.say(quantity, /Please send/);
  await chat.say(playerId, /optional/);
  return chat.tap(/Skip/, /Please check your order/);
}

/** The Apple card (product 102): an e-mail. */
export async function addApple(chat: Chat, quantity: string, email = 'sam@example.com'): Promise<SentMessage> {
  await chat.say('اپل ۲۵', /Products matching/);
  await chat.tap(/اپل ۲۵/, /How many\?/);
  await chat.say(quantity, /Please send/);
  return chat.say(email, /Please check your order/);
}

/**
 * From /order to the summary of three products: Google Play × `googleQuantity`,
 * Free Fire × 1 (a player id) and the Apple card × 1 (an e-mail).
 */
export async function orderThreeProducts(chat: Chat, answers: { googleQuantity: string; playerId?: string; email?: string }): Promise<SentMessage> {
  await chat.say('/order', /Choose a category/);
  await addGoogle(chat, answers.googleQuantity);
  await chat.tap(/Add another product/, /Products in this order so far: 1/);
  await addFreeFire(chat, '1', answers.playerId);
  await chat.tap(/Add another product/, /Products in this order so far: 2/);
  return addApple(chat, '1', answers.email);
}
