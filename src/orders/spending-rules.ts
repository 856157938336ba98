import { z } from 'zod';
import { defineSetting, type SettingDefinition } from '../db/settings-store.js';
import type { Settings } from '../settings/settings-view.js';

/**
 * The money rules for one person: the most one order may cost, the most
 * they may spend in a local day and in a month, and the order total above
 * which an administrator must approve. Each has a team default that
 * administrators set, and a per-person value that overrides it. `null`
 * means "no limit" (or "no approval needed").
 */
export const SPENDING_RULE_KINDS = ['order', 'day', 'month', 'approval'] as const;
export type SpendingRuleKind = (typeof SPENDING_RULE_KINDS)[number];

export type SpendingRules = Record<SpendingRuleKind, number | null>;

const amountOrNone = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable();

/** A per-person value distinguishes "not set, use the default" (undefined in the store) from "no limit for this person" (null). */
const personValue = z.object({ value: amountOrNone });

const defaultRule = (kind: SpendingRuleKind): SettingDefinition<number | null> =>
  defineSetting(`spending.${kind}.default`, amountOrNone, null);

const personRule = (kind: SpendingRuleKind, personId: number): SettingDefinition<{ value: number | null } | null> =>
  defineSetting(`spending.${kind}.person.${personId}`, personValue.nullable(), null);

export interface SpendingRuleBook {
  /** What applies to this person now: their own value where set, else the team default. */
  rulesFor(personId: number): SpendingRules;
  /** The team defaults alone, for /settings. */
  defaults(): SpendingRules;
  /** The person's own values; a kind absent from the result follows the default. */
  overridesFor(personId: number): Partial<SpendingRules>;
  setDefault(kind: SpendingRuleKind, value: number | null, actorId: number): Promise<void>;
  /** `value` undefined removes the person's own value, so the default applies again. */
  setForPerson(kind: SpendingRuleKind, personId: number, value: number | null | undefined, actorId: number): Promise<void>;
}

export function createSpendingRuleBook(deps: { settings: Settings }): SpendingRuleBook {
  const { settings } = deps;
  const defaults = (): SpendingRules =>
    Object.fromEntries(SPENDING_RULE_KINDS.map((kind) => [kind, settings.read(defaultRule(kind))])) as SpendingRules;
  const overridesFor = (personId: number): Partial<SpendingRules> => {
    const result: Partial<SpendingRules> = {};
    for (const kind of SPENDING_RULE_KINDS) {
      const own = settings.read(personRule(kind, personId));
      if (own !== null) result[kind] = own.value;
    }
    return result;
  };
  return {
    defaults,
    overridesFor,
    rulesFor: (personId) => ({ ...defaults(), ...overridesFor(personId) }),
    async setDefault(kind, value, actorId) {
      await settings.write(defaultRule(kind), value, actorId);
    },
    async setForPerson(kind, personId, value, actorId) {
      if (value === undefined) await settings.reset(personRule(kind, personId), actorId);
      else await settings.write(personRule(kind, personId), { value }, actorId);
    },
  };
}
