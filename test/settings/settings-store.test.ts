import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createAppStateRepo } from '../../src/db/app-state-repo.js';
import { auditLog } from '../../src/db/schema.js';
import { createSettingsRepo, defineSetting } from '../../src/settings/settings-store.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';
import { encodeAuditFacts } from '../../src/db/audit-log.js';

const threshold = defineSetting('test.threshold', z.number().int().min(0).nullable(), null);

function setup() {
  const db = memoryDb();
  const clock = createManualClock(Date.UTC(2026, 10, 23, 9, 0));
  return { db, clock, settings: createSettingsRepo({ db, clock }) };
}

describe('the settings store', () => {
  it('reads the fallback for a setting never written', () => {
    expect(setup().settings.read(threshold)).toBeNull();
  });

  it('keeps a written value and audits who changed it from what to what', () => {
    const { db, settings } = setup();
    expect(settings.write(threshold, 5_000_000, 42)).toEqual({ before: null, after: 5_000_000, changed: true });
    expect(settings.read(threshold)).toBe(5_000_000);
    const rows = db.select().from(auditLog).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: 42, action: 'setting.changed', detail: encodeAuditFacts({ setting: 'test.threshold', before: null, after: 5_000_000 }) });
  });

  it('refuses a value its schema refuses and writes nothing', () => {
    const { db, settings } = setup();
    expect(() => settings.write(threshold, -1, 42)).toThrow();
    expect(settings.read(threshold)).toBeNull();
    expect(db.select().from(auditLog).all()).toHaveLength(0);
  });

  it('writes no audit row when the value does not change', () => {
    const { db, settings } = setup();
    settings.write(threshold, 7, 42);
    expect(settings.write(threshold, 7, 43).changed).toBe(false);
    expect(db.select().from(auditLog).all()).toHaveLength(1);
  });

  it('goes back to the fallback on reset', () => {
    const { settings } = setup();
    settings.write(threshold, 7, 42);
    expect(settings.reset(threshold, 42)).toEqual({ before: 7, after: null, changed: true });
    expect(settings.read(threshold)).toBeNull();
  });

  it('reads a stored value that no longer fits the schema as the fallback', () => {
    const { db, clock, settings } = setup();
    createAppStateRepo({ db, clock }).set('setting.test.threshold', 'lots');
    expect(settings.read(threshold)).toBeNull();
  });
});
