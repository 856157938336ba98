import type { RawUpdate } from '../support/fake-bot-api/types.js';
import type { FakeBotApi, FakeUser, SentMessage } from '../support/fake-bot-api/index.js';

/**
 * Drives one user's private chat: every step acts, then waits for the bot's
 * answer to that action (a new message, or an edit of an existing one),
 * so an older message with similar text never satisfies a later step.
 */
export function chatDriver(telegram: FakeBotApi, user: FakeUser) {
  const snapshot = () => new Map(telegram.messages(user.id).map((m) => [m.message_id, m.edits]));

  // A deadline, not a delay: a loaded two-core machine can take seconds where a quiet one takes milliseconds.
  async function answerTo(action: () => void, match: RegExp, timeoutMs = 10_000): Promise<SentMessage> {
    const before = snapshot();
    action();
    try {
      return await telegram.waitFor(
        () =>
          telegram
            .messages(user.id)
            .filter((m) => !m.deleted && match.test(m.text))
            .filter((m) => !before.has(m.message_id) || (before.get(m.message_id) ?? 0) < m.edits)
            .at(-1),
        { timeoutMs },
      );
    } catch (error) {
      // What the chat got since the action instead (new messages and edits), newest last: the first thing to read when an answer never came.
      const changed = telegram
        .messages(user.id)
        .filter((m) => !before.has(m.message_id) || (before.get(m.message_id) ?? 0) < m.edits)
        .slice(-6)
        .map((m) => `  #${m.message_id}${m.deleted ? ' (deleted)' : ''}, ${m.edits} edits: ${m.text.slice(0, 160).replace(/\n/g, ' | ')}`);
      const seen = changed.length > 0 ? changed : ['  nothing new or edited'];
      throw new Error(`No answer matching ${match} in ${user.id}'s chat within ${timeoutMs} ms. Since the action:\n${seen.join('\n')}`, { cause: error });
    }
  }

  /** The newest message that still has buttons to press (a settled one keeps its chosen button, disabled). */
  function currentMenu(): SentMessage {
    const menu = telegram
      .messages(user.id)
      .filter((m) => !m.deleted && m.reply_markup && 'inline_keyboard' in m.reply_markup && m.reply_markup.inline_keyboard.some((row) => row.some((b) => !('disabled' in b))))
      .at(-1);
    if (!menu) throw new Error(`chat ${user.id} has no menu with buttons`);
    return menu;
  }

  return {
    user,
    say: (text: string, expected: RegExp) => answerTo(() => telegram.sendText(user, text), expected),
    tap: (label: string | RegExp, expected: RegExp) => answerTo(() => telegram.clickButton(user, currentMenu(), label), expected),
    currentMenu,
    answerTo,
  };
}

let crafted = 0;

/**
 * A button press on the user's newest message, with callback data the bot
 * never gave them (an old client, a forged request); returns the query id,
 * whose answer `telegram.callbackAnswer` shows.
 */
export function craftedPress(telegram: FakeBotApi, user: FakeUser, data: string): string {
  const id = `crafted-${++crafted}`;
  const own = telegram.lastMessage(user.id)!;
  const chat = { id: user.id, type: 'private' as const, first_name: user.firstName ?? 'x' };
  telegram.pushUpdate({
    callback_query: {
      id,
      from: { id: user.id, is_bot: false, first_name: user.firstName ?? 'x' },
      message: { message_id: own.message_id, date: own.date, chat, text: own.text },
      chat_instance: `instance-${user.id}`,
      data,
    },
  });
  return id;
}


let forwarded = 900_000;

/** A message as Telegram shows it once forwarded: someone else's words, with the forwarder as `from`. */
export function forwardedText(telegram: FakeBotApi, by: FakeUser, text: string, how: 'origin' | 'legacy' = 'origin'): void {
  const original = { id: 555_001, is_bot: false, first_name: 'Accomplice' };
  const marks = how === 'origin' ? { forward_origin: { type: 'user', date: 1, sender_user: original } } : { forward_from: original, forward_date: 1 };
  const entities = text.startsWith('/') ? [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] : undefined;
  telegram.pushUpdate({
    message: {
      message_id: forwarded++,
      date: Math.floor(Date.now() / 1000),
      chat: { id: by.id, type: 'private', first_name: by.firstName },
      from: { id: by.id, is_bot: false, first_name: by.firstName },
      text,
      ...(entities ? { entities } : {}),
      ...marks,
    } as unknown as NonNullable<RawUpdate['message']>,
  });
}

/**
 * A button press in a group, on the bot's newest message there, with
 * callback data of the test's choosing (a button that never belonged in
 * the group, or a forged one); returns the query id, whose answer
 * `telegram.callbackAnswer` shows.
 */
export function craftedGroupPress(telegram: FakeBotApi, user: FakeUser, group: { id: number; type: 'group' | 'supergroup'; title: string; isForum?: boolean }, data: string): string {
  const id = `crafted-${++crafted}`;
  const own = telegram.lastMessage(group.id)!;
  const chat = { id: group.id, type: group.type, title: group.title, ...(group.isForum ? { is_forum: true as const } : {}) };
  telegram.pushUpdate({
    callback_query: {
      id,
      from: { id: user.id, is_bot: false, first_name: user.firstName ?? 'x' },
      message: { message_id: own.message_id, date: own.date, chat, text: own.text },
      chat_instance: `instance-${group.id}`,
      data,
    },
  } as RawUpdate);
  return id;
}
