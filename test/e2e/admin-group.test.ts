import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF, STRANGER } from './harness.js';

const PERSIAN_ADMIN: FakeUser = { id: 5005, firstName: 'Nasrin', languageCode: 'fa' };
const FORUM = { id: -100_777, type: 'supergroup' as const, title: 'Gift admins', isForum: true };
const LONG = { timeoutMs: 10_000 };
const OTHER_GROUP = { id: -888, type: 'group' as const, title: 'Lunch' };

// Each database keeps the binding in its own app state.
describe.each(['sqlite', 'postgresql'] as const)('the administrators\' group, bound with a second administrator\'s confirmation, on %s', (database) => {
  const world = sharedWorld({ staff: [STAFF], database });
  const ada = () => chatDriver(world.telegram, ADMIN);
  const nasrin = () => chatDriver(world.telegram, PERSIAN_ADMIN);
  const inGroup = (match: RegExp) => world.telegram.waitForMessage(FORUM.id, match, { timeoutMs: 10_000 });

  beforeAll(async () => {
    world.telegram.addChat(PERSIAN_ADMIN);
    await ada().say(`/staff add ${PERSIAN_ADMIN.id} admin`, new RegExp(`${PERSIAN_ADMIN.id} can now use giftdesk`));
    await nasrin().say('/start', /\/staff/);
  });

  it('leaves a group someone who is not an administrator added it to, and tells the administrators privately', async () => {
    world.telegram.addBotToGroup(STRANGER, OTHER_GROUP);
    await world.telegram.waitFor(() => world.telegram.hasLeft(OTHER_GROUP.id) || undefined, { timeoutMs: 10_000 });
    await world.telegram.waitForMessage(ADMIN.id, /Eve added the bot to “Lunch”; it left/, LONG);
    await world.telegram.waitForMessage(PERSIAN_ADMIN.id, /Eve ربات را به «Lunch» اضافه کرد/, LONG);
    expect(world.telegram.messages(OTHER_GROUP.id)).toHaveLength(0);
  });

  it('stays in a group an administrator added it to and says how to bind it', async () => {
    world.telegram.addBotToGroup(ADMIN, FORUM);
    await inGroup(/an administrator sends \/admingroup bind here/);
    expect(world.telegram.hasLeft(FORUM.id)).toBe(false);
  });

  it('binds the group once the second administrator confirms in Persian, with a topic each for approvals, alerts and the feed', async () => {
    world.telegram.sendText(ADMIN, '/admingroup bind', FORUM);
    await inGroup(/Sent to the other administrators: make “Gift admins” the administrators' group/);
    expect((await ada().say('/admingroup', /administrators' group/)).text).toMatch(/No administrators' group is bound/);
    const card = await world.telegram.waitForMessage(PERSIAN_ADMIN.id, /لطفاً تأیید کنید[\s\S]*«Gift admins» گروه مدیران شود/, LONG);
    await nasrin().answerTo(() => world.telegram.clickButton(PERSIAN_ADMIN, card, /تأیید/), /«Gift admins» گروه مدیران شود/);
    await world.telegram.waitForMessage(ADMIN.id, /Done: make “Gift admins” the administrators' group\. Asked by Ada, confirmed by Nasrin/, LONG);
    expect([...world.telegram.topics(FORUM.id).values()]).toEqual(['Approvals', 'Alerts', 'Feed and digest']);
    const state = await ada().say('/admingroup', /administrators' group/);
    expect(state.text).toMatch(/The administrators' group is “Gift admins”, bound since .*, with topics for approvals, alerts and the feed/);
    expect(state.text).toContain('You get them in the group only, not privately.');
    const persianState = await nasrin().say('/admingroup', /گروه مدیران «Gift admins» است/);
    expect(persianState.text).toContain('این‌ها فقط در گروه می‌آیند');
    const audit = await world.database.rows<{ action: string }>("select action from audit_log where action like 'admin_group%' order by id");
    expect(audit.map((row) => row.action)).toContain('admin_group_bound');
  });

  it('lets an administrator choose to still get everything privately', async () => {
    await ada().say('/admingroup private on', /You also get them in your private chat/);
    expect((await ada().say('/admingroup', /administrators' group/)).text).toContain('You also get them in your private chat.');
    await ada().say('/admingroup private off', /in the group only/);
  });

  it('answers a member who is not an administrator nothing in the group, and ignores their commands', async () => {
    const before = world.telegram.messages(FORUM.id).length;
    world.telegram.sendText(STAFF, '/order', FORUM);
    world.telegram.sendText(STAFF, '/admingroup unbind', FORUM);
    // The bound group is not left for its members' talk; an administrator's command after theirs is answered, theirs never.
    world.telegram.sendText(ADMIN, '/admingroup', FORUM);
    await inGroup(/Send \/admingroup bind here/);
    expect(world.telegram.messages(FORUM.id)).toHaveLength(before + 1);
    expect(world.telegram.hasLeft(FORUM.id)).toBe(false);
  });

  it('sends everything back to private chats when the bot is removed from the group, and tells each administrator privately', async () => {
    world.telegram.removeBotFromGroup(STAFF, FORUM.id);
    await world.telegram.waitForMessage(ADMIN.id, /The bot was removed from the administrators' group “Gift admins” \(by Sam\)/, LONG);
    await world.telegram.waitForMessage(PERSIAN_ADMIN.id, /ربات از گروه مدیران «Gift admins» بیرون شد/, LONG);
    expect((await ada().say('/admingroup', /administrators' group/)).text).toMatch(/No administrators' group is bound/);
    const audit = await world.database.rows<{ action: string }>("select action from audit_log where action = 'admin_group_lost'");
    expect(audit).toHaveLength(1);
  });
});
