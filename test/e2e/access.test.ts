import { chatDriver } from './chat-driver.js';
import { describe, expect, it } from 'vitest';
import { ADMIN, sharedWorld, STAFF, STRANGER } from './harness.js';

describe('who may use the bot', () => {
  const world = sharedWorld();

  it('greets an administrator with how ordering works and their own commands', async () => {
    world.telegram.sendText(ADMIN, '/start');
    const reply = await world.telegram.waitForMessage(ADMIN.id, /\/order/);
    expect(reply.text).toContain('/staff');
  });

  it('tells a stranger their ID once and then ignores them', async () => {
    world.telegram.sendText(STRANGER, '/start');
    const reply = await world.telegram.waitForMessage(STRANGER.id, /Telegram ID/);
    expect(reply.text).toContain(String(STRANGER.id));
    world.telegram.sendText(STRANGER, '/order');
    world.telegram.sendText(STRANGER, '/balance');
    // A staff member's message after theirs proves the stranger's updates were processed.
    world.telegram.sendText(ADMIN, '/help');
    await world.telegram.waitForMessage(ADMIN.id, (m) => m.text.startsWith('How it works') && m.message_id > 1);
    expect(world.telegram.messages(STRANGER.id)).toHaveLength(1);
    const balanceCalls = world.sandbox.requests.filter((r) => r.path === '/wallet/balance');
    expect(balanceCalls).toHaveLength(0);
  });

  it('leaves a group without a word', async () => {
    const group = { id: -100200, type: 'group' as const, title: 'Office' };
    world.telegram.sendText(ADMIN, '/balance', group);
    await world.telegram.waitFor(() => world.telegram.hasLeft(group.id));
    expect(world.telegram.messages(group.id)).toHaveLength(0);
  });

  it('lets an administrator add and remove staff', async () => {
    world.telegram.sendText(ADMIN, `/staff add ${STAFF.id}`);
    await world.telegram.waitForMessage(ADMIN.id, new RegExp(`${STAFF.id} can now use giftdesk as staff`));
    world.telegram.sendText(STAFF, '/help');
    await world.telegram.waitForMessage(STAFF.id, /\/order/);

    world.telegram.sendText(STAFF, `/staff add 777`);
    await world.telegram.waitForMessage(STAFF.id, /Only administrators/);

    world.telegram.sendText(ADMIN, `/staff remove ${ADMIN.id}`);
    await world.telegram.waitForMessage(ADMIN.id, /ADMIN_IDS/);

    world.telegram.sendText(ADMIN, `/staff remove ${STAFF.id}`);
    await world.telegram.waitForMessage(ADMIN.id, new RegExp(`${STAFF.id} no longer has access`));
    world.telegram.sendText(STAFF, '/order');
    await world.telegram.waitForMessage(STAFF.id, /Telegram ID/);
  });

  it('takes an ID written in Persian digits, and refuses one too large to be exact or followed by stray words', async () => {
    const chat = chatDriver(world.telegram, ADMIN);
    await chat.say('/staff add ۴۴۴۵۵۵', /444555 can now use giftdesk as staff/);
    await chat.say('/staff add 9007199254740993', /"9007199254740993" is not a numeric Telegram user ID/);
    await chat.say('/staff add 444666 admin please', /\/staff add <telegram id>/);
    await chat.say('/staff remove 444555 444666', /\/staff add <telegram id>/);

    const list = await chat.say('/staff', /Staff \(/);
    expect(list.text).toContain('444555: staff');
    expect(list.text).not.toContain('9007199254740992');
    expect(list.text).not.toContain('444666');
  });

  it('shows the wallet balance with thousands separators and the unit', async () => {
    world.telegram.sendText(ADMIN, '/balance');
    const reply = await world.telegram.waitForMessage(ADMIN.id, /Wallet balance/);
    expect(reply.text).toMatch(/Wallet balance: \d{1,3}(,\d{3})+ IRR/);
  });

  it('registers the command menu in English and Persian', () => {
    const scope = { type: 'all_private_chats' };
    expect(world.telegram.commands(scope).map((c) => c.command)).toContain('order');
    expect(world.telegram.commands(scope, 'fa').find((c) => c.command === 'order')?.description).toMatch(/سفارش/);
  });
});
