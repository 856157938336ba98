import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, sharedWorld } from './harness.js';

const PERSIAN_VIEWER: FakeUser = { id: 4014, firstName: 'Dara', languageCode: 'fa' };
const CENTRES = 50;
/** The longest name a cost centre may have (48), in Persian, numbered so each can be found. */
const nameOf = (i: number) => `واحد پشتیبانی مشتریان منطقهٔ شمال غرب شماره ${String(i).padStart(2, '0')}`.padEnd(48, 'ـ');

/** Everything a chat received since `from` (its message count before), in order. */
const textSince = (world: ReturnType<typeof sharedWorld>, user: FakeUser, from: number) =>
  world.telegram
    .messages(user.id)
    .slice(from)
    .map((m) => m.text)
    .join('\n');

describe('a company with 50 cost centres', () => {
  const world = sharedWorld();
  const ada = () => chatDriver(world.telegram, ADMIN);

  beforeAll(async () => {
    await ada().say(`/staff add ${PERSIAN_VIEWER.id} viewer`, new RegExp(`${PERSIAN_VIEWER.id}`));
    for (let i = 1; i <= CENTRES; i++) {
      const added = await ada().say(`/costcentres add ${nameOf(i)} | CC-${i}`, /Added cost centre/);
      const id = /(\d+)\./.exec(added.text)![1]!;
      await ada().say(`/budgets set ${id} ${i * 1_000_000}`, /The monthly budget of/);
    }
  }, 120_000);

  it('shows every budget in /budgets, in as many messages as Telegram needs, to a Persian viewer', async () => {
    const from = world.telegram.messages(PERSIAN_VIEWER.id).length;
    // The last part ends with what an order over a budget meets.
    await chatDriver(world.telegram, PERSIAN_VIEWER).say('/budgets', /سفارشی که از بودجهٔ مرکز هزینه‌اش بگذرد/);
    const parts = world.telegram.messages(PERSIAN_VIEWER.id).slice(from);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.text.length).toBeLessThanOrEqual(4096);
    const text = textSince(world, PERSIAN_VIEWER, from);
    for (let i = 1; i <= CENTRES; i++) expect(text).toContain(nameOf(i));
  });

  it('lists every cost centre in /costcentres, in as many messages as Telegram needs', async () => {
    const from = world.telegram.messages(ADMIN.id).length;
    await ada().say('/costcentres', /\/costcentres add/);
    const text = textSince(world, ADMIN, from);
    for (let i = 1; i <= CENTRES; i++) expect(text).toMatch(new RegExp(`CC-${i}\\b`));
    for (let i = 1; i <= CENTRES; i++) expect(text).toContain(nameOf(i));
  });
});
