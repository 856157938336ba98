import type { FakeUser, SentMessage } from '../support/fake-bot-api/index.js';
import { chatDriver } from './chat-driver.js';
import { ADMIN, bindAdminGroup, type World } from './harness.js';
import { lastId, PUBG_325, waitNew } from './batch-steps.js';

/** The administrators' group as the fake Bot API knows it; a forum gets its topics when it is bound. */
export type Forum = { id: number; type: 'group' | 'supergroup'; title: string; isForum?: boolean };

const LONG = { timeoutMs: 20_000 };

/** A batch's approval card in the group: addressed to every administrator there, not to "you". */
export const GROUP_BATCH_CARD = /Batch #\d+ waits for an administrator's approval/;

/**
 * `second` made an administrator by Ada, then the group bound with
 * `second`'s confirmation (the harness's `bindAdminGroup`).
 * Returns the approvals topic's thread.
 */
export async function bindWithSecondAdmin(world: World, second: FakeUser, forum: Forum): Promise<number> {
  world.telegram.addChat(second);
  await chatDriver(world.telegram, ADMIN).say(`/staff add ${second.id} admin`, new RegExp(`${second.id} can now use giftdesk`));
  await bindAdminGroup(world, forum, { confirmedBy: second });
  return [...world.telegram.topics(forum.id)].find(([, name]) => name === 'Approvals')![0];
}

/** `who` asks for a batch of `quantity` PUBG Mobile 325 UC and confirms it: it waits for an administrator. Its card in the group. */
export async function batchAwaitingApproval(world: World, who: FakeUser, forum: Forum, quantity = 2): Promise<SentMessage> {
  const cards = () => world.telegram.messages(forum.id).filter((m) => GROUP_BATCH_CARD.test(m.text));
  const before = cards().length;
  const since = lastId(world, who.id);
  world.telegram.sendText(who, `/batch ${PUBG_325} ${quantity}`);
  // The summary: not a word about an earlier batch arriving meanwhile.
  const summary = await waitNew(world, who.id, since, /Batch #\d+[\s\S]* units, /);
  world.telegram.clickButton(who, summary, /Confirm batch/);
  await waitNew(world, who.id, since, /waiting for an administrator's approval/);
  return world.telegram.waitFor(() => (cards().length > before ? cards().at(-1) : undefined), LONG);
}
