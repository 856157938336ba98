import { SPENDING_RULE_KINDS, type SpendingRuleKind } from '../orders/spending-rules.js';
import { parseAmountInput } from '../text/amount-input.js';
import { parsePersonWord } from './person-word.js';

/** Who a /limits command is about: the team default, a numeric id, or a @username still to be looked up. */
export type LimitsTarget = { kind: 'default' } | { kind: 'id'; id: number } | { kind: 'username'; username: string };

/** What to store: an amount, no limit (null), or back to the team default (undefined, people only). */
type LimitsValue = number | null | undefined;

type LimitsCommand =
  | { kind: 'overview' }
  | { kind: 'show'; target: Exclude<LimitsTarget, { kind: 'default' }> }
  | { kind: 'set'; target: LimitsTarget; rule: SpendingRuleKind; value: LimitsValue }
  | { kind: 'usage' }
  | { kind: 'bad-person'; value: string }
  | { kind: 'bad-kind'; value: string }
  | { kind: 'bad-amount'; value: string; defaultAllowed: boolean };

const isKind = (word: string): word is SpendingRuleKind => (SPENDING_RULE_KINDS as readonly string[]).includes(word);

function targetOf(word: string): LimitsTarget | null {
  if (word.toLowerCase() === 'default') return { kind: 'default' };
  return parsePersonWord(word);
}

/**
 * /limits [default|<id>|@username] [order|day|month|approval] [amount|off|default]
 * Words beyond the value are a typo, not something to ignore.
 */
export function parseLimitsCommand(match: string): LimitsCommand {
  const words = match.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { kind: 'overview' };
  if (words.length === 2 || words.length > 3) return { kind: 'usage' };
  const [who, kindWord, valueWord] = words as [string, string | undefined, string | undefined];
  const target = targetOf(who);
  if (target === null) return { kind: 'bad-person', value: who.slice(0, 32) };
  if (kindWord === undefined || valueWord === undefined) return target.kind === 'default' ? { kind: 'usage' } : { kind: 'show', target };
  const rule = kindWord.toLowerCase();
  if (!isKind(rule)) return { kind: 'bad-kind', value: kindWord.slice(0, 32) };
  const defaultAllowed = target.kind !== 'default';
  const word = valueWord.toLowerCase();
  if (word === 'off') return { kind: 'set', target, rule, value: null };
  if (word === 'default' && defaultAllowed) return { kind: 'set', target, rule, value: undefined };
  const amount = parseAmountInput(valueWord);
  if (amount === null) return { kind: 'bad-amount', value: valueWord.slice(0, 32), defaultAllowed };
  return { kind: 'set', target, rule, value: amount };
}
