import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/logger.js';
import { createAuditTrail } from '../../../src/db/audit-trail.js';
import { createSecretBox, parseStepUpKey } from '../../../src/safeguards/step-up/secret-box.js';
import { createStepUpStore } from '../../../src/db/step-up-store.js';
import { databaseOf } from '../../../src/db/seam/database-of.js';
import { createStepUp, STEP_UP_CODE_VALID_MS, STEP_UP_LOCK_MS, stepUpSetting } from '../../../src/safeguards/step-up/step-up.js';
import { totpCodeAt } from '../../../src/safeguards/step-up/totp.js';
import { createManualClock } from '../../support/manual-clock.js';
import { memoryDb } from '../../support/memory-db.js';
import { sqliteSettings } from '../../support/sqlite-settings.js';

// On a step boundary, so that "one step later" is exactly 30 s away.
const T0 = 1_700_000_010_000 - (1_700_000_010_000 % 30_000);
const ANNA = 7;
const BEN = 8;
const reveal = { kind: 'reveal' as const, orderId: 12 };

async function world(admins = [ANNA]) {
  const db = memoryDb();
  const clock = createManualClock(T0);
  const box = createSecretBox(randomBytes(32));
  const store = createStepUpStore({ database: databaseOf(db), clock });
  const settings = sqliteSettings(db, clock);
  const locked: number[] = [];
  const stepUp = createStepUp({
    store,
    box,
    settings,
    audit: createAuditTrail({ database: databaseOf(db), clock }),
    adminIds: async () => admins,
    onLocked: async (personId) => void locked.push(personId),
    clock,
    logger: createLogger({ level: 'silent' }),
  });
  await settings.write(stepUpSetting, true, ANNA);
  const enrolled = await stepUp.beginEnrolment(ANNA, 'Anna');
  // Read back as the app would: sealed in the database, opened with the key.
  const secret = box.open((await store.get(ANNA))!.secret, ANNA);
  expect(secret).toBe(enrolled!.secret);
  const codeAt = (ms: number) => totpCodeAt(secret, ms);
  const finished = await stepUp.finishEnrolment(ANNA, codeAt(clock.now()));
  expect(finished.kind).toBe(admins.length > 1 ? 'waiting' : 'active');
  if (finished.kind === 'waiting') expect(await stepUp.approve(ANNA, BEN)).toBe('approved');
  clock.advance(30_000);
  const audits = () => db.$client.prepare("select action, actor_id, subject_id, detail from audit_log where action like 'step_up.%' order by id").all() as Array<{ action: string; detail: string | null }>;
  return { db, clock, store, stepUp, codeAt, locked, audits };
}

describe('step-up codes', () => {
  it('passes when the setting is off, and asks for a code bound to the action when on', async () => {
    const w = await world();
    expect(await w.stepUp.ask(ANNA, reveal)).toEqual({ kind: 'asked', expiresAt: w.clock.now() + STEP_UP_CODE_VALID_MS });
    expect((await w.store.get(ANNA))?.challenge).toEqual(reveal);
    await w.stepUp.setEnabled(false, ANNA);
    expect(await w.stepUp.ask(ANNA, reveal)).toEqual({ kind: 'pass' });
  });

  it('accepts the right code once, and the code of the step before or after', async () => {
    const w = await world();
    await w.stepUp.ask(ANNA, reveal);
    expect(await w.stepUp.answer(ANNA, w.codeAt(w.clock.now()))).toEqual({ kind: 'accepted', action: reveal });
    expect(await w.stepUp.answer(ANNA, w.codeAt(w.clock.now()))).toEqual({ kind: 'no-prompt' });
    w.clock.advance(60_000);
    await w.stepUp.ask(ANNA, reveal);
    expect(await w.stepUp.answer(ANNA, w.codeAt(w.clock.now() - 30_000))).toMatchObject({ kind: 'accepted' });
    w.clock.advance(60_000);
    await w.stepUp.ask(ANNA, reveal);
    expect(await w.stepUp.answer(ANNA, w.codeAt(w.clock.now() + 30_000))).toMatchObject({ kind: 'accepted' });
  });

  it('refuses a code two steps away as wrong', async () => {
    const w = await world();
    await w.stepUp.ask(ANNA, reveal);
    expect(await w.stepUp.answer(ANNA, w.codeAt(w.clock.now() - 60_000))).toEqual({ kind: 'wrong', left: 4 });
    expect(await w.stepUp.answer(ANNA, w.codeAt(w.clock.now() + 60_000))).toEqual({ kind: 'wrong', left: 3 });
  });

  it('refuses a replayed code, also for a new prompt', async () => {
    const w = await world();
    const code = w.codeAt(w.clock.now());
    await w.stepUp.ask(ANNA, reveal);
    expect(await w.stepUp.answer(ANNA, code)).toMatchObject({ kind: 'accepted' });
    await w.stepUp.ask(ANNA, { kind: 'export', args: 'orders' });
    expect(await w.stepUp.answer(ANNA, code)).toEqual({ kind: 'replayed' });
    // The step before the one used is no way round either.
    expect(await w.stepUp.answer(ANNA, w.codeAt(w.clock.now() - 30_000))).toEqual({ kind: 'replayed' });
    w.clock.advance(30_000);
    expect(await w.stepUp.answer(ANNA, w.codeAt(w.clock.now()))).toEqual({ kind: 'accepted', action: { kind: 'export', args: 'orders' } });
  });

  it('refuses any code once the prompt expired', async () => {
    const w = await world();
    await w.stepUp.ask(ANNA, reveal);
    w.clock.advance(STEP_UP_CODE_VALID_MS);
    expect(await w.stepUp.answer(ANNA, w.codeAt(w.clock.now()))).toEqual({ kind: 'expired' });
    expect(await w.stepUp.answer(ANNA, w.codeAt(w.clock.now()))).toEqual({ kind: 'no-prompt' });
  });

  it('locks the person for 15 minutes after five wrong codes in a row, alerting once', async () => {
    const w = await world();
    await w.stepUp.ask(ANNA, reveal);
    for (const left of [4, 3, 2, 1]) expect(await w.stepUp.answer(ANNA, '000000')).toEqual({ kind: 'wrong', left });
    expect(await w.stepUp.answer(ANNA, '000000')).toEqual({ kind: 'locked', until: w.clock.now() + STEP_UP_LOCK_MS });
    expect(w.locked).toEqual([ANNA]);
    expect(await w.stepUp.ask(ANNA, reveal)).toEqual({ kind: 'locked', until: w.clock.now() + STEP_UP_LOCK_MS });
    w.clock.advance(STEP_UP_LOCK_MS);
    expect(await w.stepUp.ask(ANNA, reveal)).toMatchObject({ kind: 'asked' });
    expect(await w.stepUp.answer(ANNA, w.codeAt(w.clock.now()))).toMatchObject({ kind: 'accepted' });
    expect(w.audits().map((a) => a.action)).toEqual(['step_up.enrolled', 'step_up.locked']);
  });

  it('makes an enrolment wait for another administrator while there are two, and lets only another reset it', async () => {
    const w = await world([ANNA, BEN]);
    await w.stepUp.reset(ANNA, BEN);
    const begun = await w.stepUp.beginEnrolment(ANNA, 'Anna');
    expect(await w.stepUp.finishEnrolment(ANNA, totpCodeAt(begun!.secret, w.clock.now()))).toEqual({ kind: 'waiting', approvers: [BEN] });
    expect(await w.stepUp.ask(ANNA, reveal)).toEqual({ kind: 'waiting-approval' });
    expect(await w.stepUp.approve(ANNA, ANNA)).toBe('own');
    expect(await w.stepUp.approve(ANNA, BEN)).toBe('approved');
    expect(await w.stepUp.ask(ANNA, reveal)).toMatchObject({ kind: 'asked' });
    expect(await w.stepUp.reset(ANNA, ANNA)).toBe('own');
    expect(await w.stepUp.reset(ANNA, BEN)).toBe('reset');
    expect(await w.stepUp.ask(ANNA, reveal)).toEqual({ kind: 'not-enrolled' });
    expect(w.audits().every((a) => !(a.detail ?? '').includes(begun!.secret))).toBe(true);
  });

  it('seals secrets so that the wrong key or another person cannot open them', () => {
    const key = parseStepUpKey(randomBytes(32).toString('hex'))!;
    const box = createSecretBox(key);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', ANNA);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, ANNA)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, BEN)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed, ANNA)).toThrow();
    expect(parseStepUpKey('abc')).toBeNull();
    expect(parseStepUpKey(undefined)).toBeNull();
  });
});
