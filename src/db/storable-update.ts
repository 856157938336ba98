import type { InlineKeyboardButton, InlineKeyboardMarkup, Message, Update } from 'grammy/types';

/**
 * What of an update may be written to the update queue (and so to the
 * database files, their WAL and backups). An update carries more than the
 * person's own words: a button press carries the whole message the button
 * sits on (a delivery with its codes, in its text and in its copy buttons), a
 * reply carries the message replied to (a delivery, the step-up enrolment),
 * a forward carries someone else's text. None of that is read by a handler,
 * and a gift-card code or an authenticator key must never reach the disk:
 * erasing the column after handling does not erase its bytes.
 *
 * Kept: the person's own message as sent (what every step reads), and of a
 * pressed message only where it is (chat, id, thread) and its keyboard with
 * every copy button emptied. A forwarded message keeps the command word it
 * started with, if any, so that the answer can say it was a command; the
 * rest of its text is not kept.
 */
export function storableUpdate(update: Update): Update {
  const kept: Update = { ...update };
  if (update.message) kept.message = ownMessage(update.message);
  if (update.edited_message) kept.edited_message = ownMessage(update.edited_message);
  if (update.channel_post) kept.channel_post = ownMessage(update.channel_post);
  if (update.edited_channel_post) kept.edited_channel_post = ownMessage(update.edited_channel_post);
  if (update.callback_query?.message) {
    const pressed = update.callback_query.message;
    const where: Record<string, unknown> = { message_id: pressed.message_id, chat: pressed.chat, date: pressed.date };
    if ('message_thread_id' in pressed && pressed.message_thread_id !== undefined) where.message_thread_id = pressed.message_thread_id;
    if ('reply_markup' in pressed && pressed.reply_markup) where.reply_markup = withoutCopyTexts(pressed.reply_markup);
    kept.callback_query = { ...update.callback_query, message: where as unknown as Message };
  }
  return kept;
}

/** Fields of a message that quote another message, or pin one: never the person's own words. */
const QUOTING = ['reply_to_message', 'quote', 'external_reply', 'pinned_message', 'reply_to_story'] as const;
/** Fields that hold a forwarded message's content. */
const CONTENT = ['text', 'entities', 'caption', 'caption_entities', 'link_preview_options', 'reply_markup'] as const;

function ownMessage<M extends Message>(message: M): M {
  const kept = { ...message } as Record<string, unknown>;
  for (const field of QUOTING) delete kept[field];
  // Which message a reply answers, without a word of it: a reply to the bot's question (a favourite's new name) is told apart by it.
  const answered = message.reply_to_message;
  if (answered) {
    const { message_id, date, chat, from } = answered;
    kept['reply_to_message'] = { message_id, date, chat, ...(from ? { from: { id: from.id, is_bot: from.is_bot, first_name: '' } } : {}) };
  }
  if (isForwarded(message)) {
    for (const field of CONTENT) delete kept[field];
    const command = /^\/\S*/.exec((message.text ?? message.caption ?? '').trimStart());
    if (command) kept.text = command[0];
  } else if (message.reply_markup) {
    kept.reply_markup = withoutCopyTexts(message.reply_markup);
  }
  return kept as unknown as M;
}

/** Bot API 7 sets forward_origin; older servers (a self-hosted Bot API) set the forward_* fields. */
export function isForwarded(message: Message): boolean {
  const fields = message as Message & Record<string, unknown>;
  return ['forward_origin', 'forward_date', 'forward_from', 'forward_from_chat', 'forward_sender_name'].some((field) => fields[field] !== undefined);
}

/** A copy button's text is the secret itself: it is kept empty, so the keyboard's shape and every other button stay. */
function withoutCopyTexts(markup: InlineKeyboardMarkup): InlineKeyboardMarkup {
  return {
    inline_keyboard: markup.inline_keyboard.map((row) =>
      row.map((button): InlineKeyboardButton => ('copy_text' in button && button.copy_text ? { ...button, copy_text: { text: '' } } : button)),
    ),
  };
}

/** Whether a keyboard read from a stored update lost the texts of its copy buttons. */
export function hasEmptiedCopyTexts(rows: InlineKeyboardButton[][]): boolean {
  return rows.some((row) => row.some((button) => 'copy_text' in button && button.copy_text?.text === ''));
}
