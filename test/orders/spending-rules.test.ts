import { describe, expect, it } from 'vitest';
import { sqliteSettings } from '../support/sqlite-settings.js';
import { createSpendingRuleBook } from '../../src/orders/spending-rules.js';
import { createManualClock } from '../support/manual-clock.js';
import { memoryDb } from '../support/memory-db.js';

function setup() {
  const db = memoryDb();
  return createSpendingRuleBook({ settings: sqliteSettings(db, createManualClock(0)) });
}

describe('the spending rule book', () => {
  it('sets no limit and asks no approval until administrators say so', async () => {
    expect(setup().rulesFor(7)).toEqual({ order: null, day: null, month: null, approval: null });
  });

  it('applies the team default to everyone without a value of their own', async () => {
    const book = setup();
    await book.setDefault('day', 10_000_000, 1);
    expect(book.rulesFor(7).day).toBe(10_000_000);
    expect(book.rulesFor(8).day).toBe(10_000_000);
  });

  it('lets a person’s own value override the default, including "no limit"', async () => {
    const book = setup();
    await book.setDefault('order', 2_000_000, 1);
    await book.setForPerson('order', 7, 5_000_000, 1);
    await book.setForPerson('order', 8, null, 1);
    expect(book.rulesFor(7).order).toBe(5_000_000);
    expect(book.rulesFor(8).order).toBeNull();
    expect(book.overridesFor(9)).toEqual({});
  });

  it('returns a person to the default when their own value is removed', async () => {
    const book = setup();
    await book.setDefault('month', 50_000_000, 1);
    await book.setForPerson('month', 7, 1_000, 1);
    await book.setForPerson('month', 7, undefined, 1);
    expect(book.rulesFor(7).month).toBe(50_000_000);
  });
});
