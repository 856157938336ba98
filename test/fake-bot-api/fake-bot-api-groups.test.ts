import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../support/manual-clock.js';
import { createFakeBotApi, type ApiResponse, type FakeBotApi } from '../support/fake-bot-api/index.js';

const alice = { id: 1001, firstName: 'Alice', languageCode: 'en' };
const bob = { id: 1002, firstName: 'Bob', languageCode: 'en' };
const forum = { id: -100500, type: 'supergroup' as const, title: 'Admins', isForum: true };
const plainGroup = { id: -600, type: 'group' as const, title: 'Team' };

let api: FakeBotApi;
let clock: ManualClock;

beforeEach(async () => {
  clock = createManualClock(Date.UTC(2026, 0, 5, 9));
  api = await createFakeBotApi({ clock });
});

afterEach(async () => {
  await api.close();
});

async function call(method: string, payload: Record<string, unknown> = {}): Promise<ApiResponse & { status: number }> {
  const res = await fetch(`${api.apiRoot}/bot${api.token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { ...((await res.json()) as ApiResponse), status: res.status };
}

describe('groups in the fake Bot API', () => {
  it('tells the bot it was added to a group by whom, as my_chat_member', () => {
    const update = api.addBotToGroup(alice, forum);
    expect(update.my_chat_member?.chat).toMatchObject({ id: forum.id, type: 'supergroup', is_forum: true });
    expect(update.my_chat_member?.from.id).toBe(alice.id);
    expect(update.my_chat_member?.old_chat_member.status).toBe('left');
    expect(update.my_chat_member?.new_chat_member.status).toBe('member');
  });

  it('creates forum topics and keeps each message in its topic through edits', async () => {
    api.addBotToGroup(alice, forum);
    const topic = await call('createForumTopic', { chat_id: forum.id, name: 'Approvals' });
    expect(topic.ok).toBe(true);
    const threadId = (topic as { result: { message_thread_id: number } }).result.message_thread_id;
    expect(api.topics(forum.id).get(threadId)).toBe('Approvals');
    const sent = await call('sendMessage', { chat_id: forum.id, text: 'a card', message_thread_id: threadId });
    expect(sent.ok).toBe(true);
    const messageId = (sent as { result: { message_id: number } }).result.message_id;
    await call('editMessageText', { chat_id: forum.id, message_id: messageId, text: 'decided' });
    expect(api.messages(forum.id).at(-1)).toMatchObject({ text: 'decided', thread_id: threadId });
  });

  it('refuses a topic that does not exist, and topics in a group without them', async () => {
    api.addBotToGroup(alice, forum);
    api.addBotToGroup(alice, plainGroup);
    expect((await call('sendMessage', { chat_id: forum.id, text: 'x', message_thread_id: 77 })).status).toBe(400);
    expect((await call('createForumTopic', { chat_id: plainGroup.id, name: 'Alerts' })).status).toBe(400);
    expect((await call('sendMessage', { chat_id: plainGroup.id, text: 'x' })).ok).toBe(true);
  });

  it('hands a press in a group to the bot with the presser in from and the group in message.chat', async () => {
    api.addBotToGroup(alice, plainGroup);
    const sent = await call('sendMessage', { chat_id: plainGroup.id, text: 'card', reply_markup: { inline_keyboard: [[{ text: 'Approve', callback_data: 'ap:1' }]] } });
    const messageId = (sent as { result: { message_id: number } }).result.message_id;
    api.pressButton(bob, messageId, 'ap:1', plainGroup);
    const press = api.pendingUpdates().at(-1)?.callback_query;
    expect(press?.from.id).toBe(bob.id);
    expect(press?.message?.chat.id).toBe(plainGroup.id);
    const said = api.sendText(bob, '/admingroup', plainGroup);
    expect(said.chat.id).toBe(plainGroup.id);
    expect(said.from?.id).toBe(bob.id);
  });

  it('answers 429 past 20 messages a minute in one group, and takes them again a minute later', async () => {
    api.addBotToGroup(alice, plainGroup);
    for (let i = 0; i < 20; i += 1) expect((await call('sendMessage', { chat_id: plainGroup.id, text: `line ${i}` })).ok).toBe(true);
    const refused = await call('sendMessage', { chat_id: plainGroup.id, text: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.ok ? undefined : refused.parameters?.retry_after).toBeGreaterThan(0);
    // A private chat is not held by the group's limit.
    api.addChat(alice);
    expect((await call('sendMessage', { chat_id: alice.id, text: 'private' })).ok).toBe(true);
    clock.advance(60_000);
    expect((await call('sendMessage', { chat_id: plainGroup.id, text: 'later' })).ok).toBe(true);
  });

  it('refuses sends to a group the bot was removed from (403) after telling it with my_chat_member', async () => {
    api.addBotToGroup(alice, plainGroup);
    const update = api.removeBotFromGroup(bob, plainGroup.id);
    expect(update.my_chat_member?.new_chat_member.status).toBe('kicked');
    const refused = await call('sendMessage', { chat_id: plainGroup.id, text: 'still here?' });
    expect(refused.status).toBe(403);
  });
});
