import { z } from 'zod';
import { VELOCITY_KINDS } from '../../domain/safeguards.js';
import { type AdminChange } from '../../domain/approvals.js';
import { SPENDING_RULE_KINDS, type SpendingRules } from '../../orders/spending-rules.js';

export type { AdminChange } from '../../domain/approvals.js';

/** How long a privileged change may wait for a second administrator before it lapses. */
export const ADMIN_REQUEST_EXPIRY_MS = 24 * 60 * 60_000;

/**
 * After an administrator removed or demoted another one, the team is still
 * held to dual control this long: otherwise whoever holds one stolen account
 * could demote the other administrator and act alone at once.
 */
export const DUAL_CONTROL_HOLD_MS = 24 * 60 * 60_000;

const telegramId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const amountOrNone = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable();

/** What a stored request may say: read back from the database, it is checked again before it is applied. */
const adminChangeSchema: z.ZodType<AdminChange> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('role'), verb: z.enum(['add', 'role']), personId: telegramId, role: z.literal('admin') }).strict(),
  z
    .object({ kind: z.literal('rule'), personId: telegramId.nullable(), rule: z.enum(SPENDING_RULE_KINDS), value: amountOrNone, reset: z.boolean() })
    .strict()
    .refine((c) => !c.reset || (c.personId !== null && c.value === null), 'only a person goes back to the default'),
  z.object({ kind: z.literal('step-up'), enabled: z.boolean() }).strict(),
  z.object({ kind: z.literal('step-up-orders'), above: amountOrNone }).strict(),
  z.object({ kind: z.literal('velocity'), limit: z.enum(VELOCITY_KINDS), value: z.number().int().min(1).max(1_000_000).nullable() }).strict(),
  z
    .object({ kind: z.literal('month-close'), month: z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/), from: z.number().int().min(0), to: z.number().int().min(0) })
    .strict()
    .refine((c) => c.from < c.to, 'a month ends after it starts'),
  z.object({ kind: z.literal('admin-group'), verb: z.enum(['bind', 'unbind']), chatId: z.number().int().negative(), title: z.string().max(200), forum: z.boolean() }).strict(),
  z.object({ kind: z.literal('budget'), centreId: z.number().int().positive(), name: z.string().min(1).max(200), before: amountOrNone, value: amountOrNone }).strict(),
]);

export function parseAdminChange(value: unknown): AdminChange | null {
  const parsed = adminChangeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A limit or threshold as a number to compare: none at all is the most permissive of all. */
const reach = (value: number | null): number => (value === null ? Number.POSITIVE_INFINITY : value);

/**
 * Whether a rule change gives anyone more room than they have now: a
 * higher limit or threshold, or none at all. `before` and `after` are what
 * applies to the people concerned (for a person, their value in force).
 */
export const widens = (before: number | null, after: number | null): boolean => reach(after) > reach(before);

interface RuleView {
  defaults(): SpendingRules;
  rulesFor(personId: number): SpendingRules;
  overridesFor(personId: number): Partial<SpendingRules>;
}

/** The value in force before the change, and after it, for the people it concerns. */
function ruleEffect(change: Extract<AdminChange, { kind: 'rule' }>, rules: RuleView): { before: number | null; after: number | null } {
  if (change.personId === null) return { before: rules.defaults()[change.rule], after: change.value };
  const before = rules.rulesFor(change.personId)[change.rule];
  return { before, after: change.reset ? rules.defaults()[change.rule] : change.value };
}

/**
 * Whether the change must wait for a second administrator while dual
 * control is in force: making someone an administrator, a team default
 * that widens what people may spend or order without approval, and a
 * person's own value unless it is strictly lower than what applies to them
 * now (one's own rules included). Anything that only makes things safer
 * never waits.
 */
export function needsSecondAdmin(
  change: AdminChange,
  rules: RuleView,
  isAdmin: (personId: number) => boolean,
  velocityCap: (limit: Extract<AdminChange, { kind: 'velocity' }>['limit']) => number | null = () => null,
  stepUpOrderAbove: () => number | null = () => null,
): boolean {
  if (change.kind === 'role') return !isAdmin(change.personId);
  // A month signed off is frozen for good: two people close it.
  if (change.kind === 'month-close') return true;
  // Where every card and alert goes: moving them, or back, is never one person's call.
  if (change.kind === 'admin-group') return true;
  // Step-up off takes the second factor away from every guarded action: turning it on only makes things safer.
  if (change.kind === 'step-up') return !change.enabled;
  // A higher velocity limit, or none, lets a stolen account go faster: it waits; a lower one never does.
  if (change.kind === 'velocity') return widens(velocityCap(change.limit), change.value);
  // A higher budget, or none, lets a cost centre spend more without an administrator: it waits; a lower one never does.
  if (change.kind === 'budget') return widens(change.before, change.value);
  // A higher amount, or none, lets larger orders go without a code: it waits; a lower one never does.
  if (change.kind === 'step-up-orders') return widens(stepUpOrderAbove(), change.above);
  const { before, after } = ruleEffect(change, rules);
  if (change.personId === null || change.reset) return widens(before, after);
  // A person's own value outlives the default: "off" set while the team has no threshold still exempts them once it has one.
  if (rules.overridesFor(change.personId)[change.rule] === change.value) return false;
  return reach(after) >= reach(before);
}
