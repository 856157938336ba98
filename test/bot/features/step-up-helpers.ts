import { randomBytes } from 'node:crypto';
import { createSecretBox } from '../../../src/safeguards/step-up/secret-box.js';
import { totpCodeAt } from '../../../src/safeguards/step-up/totp.js';
import { chatDriver } from '../../e2e/chat-driver.js';
import type { FakeUser } from '../../support/fake-bot-api/index.js';
import { ADMIN, SECOND_ADMIN, type DualWorld } from './dual-world.js';

/** STEP_UP_KEY of these worlds. */
export const KEY = randomBytes(32).toString('hex');
const box = createSecretBox(Buffer.from(KEY, 'hex'));

/** The person's secret as the app keeps it: read back from the store and opened with the key, as the authenticator app holds it. */
export async function secretOf(world: DualWorld, user: FakeUser): Promise<string> {
  const row = await world.services.stores.stepUp.get(user.id);
  return box.open(row!.secret, user.id);
}

/** The code the app shows now, in a time-step no code was used in yet. */
export function freshCode(world: DualWorld, secret: string): string {
  world.clock.shift(30_000);
  return totpCodeAt(secret, world.clock.now());
}

/** ADMIN enrols (SECOND_ADMIN approves, there being two administrators) and turns step-up on; ADMIN's secret. */
export async function enrolled(world: DualWorld): Promise<string> {
  const ada = chatDriver(world.telegram, ADMIN);
  await ada.say('/stepup enrol', /send the 6-digit code/);
  const secret = await secretOf(world, ADMIN);
  await ada.say(freshCode(world, secret), /another administrator approves/);
  await chatDriver(world.telegram, SECOND_ADMIN).say(`/stepup approve ${ADMIN.id}`, /authenticator is now in force/);
  await ada.say('/stepup on', /Step-up is on/);
  return secret;
}
