import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld, STAFF } from './harness.js';

const SECOND_ADMIN: FakeUser = { id: 1002, firstName: 'Bea', languageCode: 'en' };

describe('provider trouble in plain words', () => {
  const world = sharedWorld();
  const alertsTo = (user: FakeUser) => world.telegram.messages(user.id).filter((m) => /refused giftdesk \(HTTP 403\)/.test(m.text));
  const noStackTrace = (text: string) => {
    expect(text).not.toMatch(/Error|at \S+ \(|\.ts:\d+|Provider\w+Error/);
  };

  beforeAll(async () => {
    const admin = chatDriver(world.telegram, ADMIN);
    await admin.say(`/staff add ${STAFF.id}`, new RegExp(`${STAFF.id} can now use giftdesk`));
    await admin.say(`/staff add ${SECOND_ADMIN.id} admin`, new RegExp(`${SECOND_ADMIN.id} can now use giftdesk`));
    // Telegram lets a bot write only to people who have started it.
    await chatDriver(world.telegram, SECOND_ADMIN).say('/start', /\/staff/);
  });
  afterEach(() => {
    world.sandbox.controls.setForbidden(false);
    world.sandbox.controls.setServerErrorRate(0);
  });

  it('tells a staff member that administrators were told when the provider refuses our key, and alerts each administrator once', async () => {
    world.sandbox.controls.setForbidden(true);
    const staff = chatDriver(world.telegram, STAFF);
    const first = await staff.say('/balance', /refused our access/);
    expect(first.text).toMatch(/Administrators have been told/);
    noStackTrace(first.text);
    await staff.say('/balance', /refused our access/);

    await world.telegram.waitFor(() => alertsTo(ADMIN).length > 0 && alertsTo(SECOND_ADMIN).length > 0);
    // Give a duplicate alert time to arrive before counting.
    await staff.say('/help', /\/order/);
    expect(alertsTo(ADMIN)).toHaveLength(1);
    expect(alertsTo(SECOND_ADMIN)).toHaveLength(1);
    expect(alertsTo(ADMIN)[0]?.text).toMatch(/API key/);
    expect(alertsTo(STAFF)).toHaveLength(0);
  });

  it('asks to try again later when the provider is down', async () => {
    world.sandbox.controls.setServerErrorRate(1);
    const reply = await chatDriver(world.telegram, STAFF).say('/balance', /not answering/);
    expect(reply.text).toMatch(/try again in a few minutes/);
    noStackTrace(reply.text);
  });

  // Last in this file: the bot then holds every provider call until the Retry-After has passed.
  it('says until when to wait when the provider limits the request rate for long', async () => {
    // More than one: ordering is paused since the first case, and the pause's probe (a background balance read every
    // 2 minutes) may take the first 429 on a slow machine.
    world.sandbox.controls.force429(3, 60);
    const reply = await chatDriver(world.telegram, STAFF).say('/balance', /asked us to wait until \d\d:\d\d \(Coordinated Universal Time\), about 1 min/);
    expect(reply.text).toMatch(/try again then/);
    noStackTrace(reply.text);
  });
});
