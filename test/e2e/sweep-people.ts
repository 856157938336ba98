import { SANDBOX_PRODUCTS, type SandboxOrder } from '../../src/sandbox/server.js';
import type { FakeUser } from '../support/fake-bot-api/index.js';
import { STAFF, type World } from './harness.js';
import { recordPlaced } from './record-placed.js';

/** What the sweep's test files share: one product of the sandbox, and many orders spread over ten people. */
export const US = { productId: SANDBOX_PRODUCTS.noFields, regionPropertyId: 5001, quantity: 1 };

const deliveredReferences = (world: World, chatId: number): string[] =>
  world.telegram
    .messages(chatId)
    .map((m) => /^Order (A\d+) is delivered/.exec(m.text)?.[1])
    .filter((reference): reference is string => reference !== undefined);

/**
 * The people many orders are shared among: Telegram takes a message a second
 * in one chat, and deliveries keep to it, so two hundred orders of one person
 * would take over three minutes to arrive whatever the sweep does.
 */
export const PEOPLE: FakeUser[] = [STAFF, ...Array.from({ length: 9 }, (_, i) => ({ id: 4_100 + i, firstName: `Staff ${i + 1}`, languageCode: 'en' }))];

/** The orders recorded as placed by the people in turn, each of whom has started the bot (Telegram lets a bot write only to them). */
export function recordPlacedByEveryone(world: World, placed: readonly SandboxOrder[]): void {
  for (const person of PEOPLE) world.telegram.addChat(person);
  recordPlaced(world, placed, { userIdOf: (index) => PEOPLE[index % PEOPLE.length]!.id, keyPrefix: 'sweep' });
}

export const deliveredToEveryone = (world: World): string[] => PEOPLE.flatMap((person) => deliveredReferences(world, person.id));

export const detailReads = (world: World): number => world.sandbox.requests.filter((r) => r.method === 'GET' && /^\/orders\/[^/]+$/.test(r.path)).length;

export async function allDelivered(world: World, references: readonly string[], timeoutMs: number): Promise<void> {
  await world.telegram.waitFor(() => {
    const seen = new Set(deliveredToEveryone(world));
    return references.every((reference) => seen.has(reference)) || undefined;
  }, { timeoutMs });
}
