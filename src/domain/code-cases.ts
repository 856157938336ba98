/**
 * A case: a delivered order whose code did not work, reported by its
 * orderer or an administrator and followed by administrators until the
 * provider's support has answered. Numbered by the database; never holds a
 * code (codes are cash: only the orderer's chat ever sees them).
 */
export const CASE_REASONS = ['invalid', 'used', 'wrong', 'other'] as const;
export type CaseReason = (typeof CASE_REASONS)[number];

/** open -> waiting (for the provider) -> refunded | replaced | rejected | closed; any can be set again by an administrator. */
export const CASE_STATES = ['open', 'waiting', 'refunded', 'replaced', 'rejected', 'closed'] as const;
export type CaseState = (typeof CASE_STATES)[number];

/** While a case is in one of these, the same order cannot be reported again. */
export const OPEN_CASE_STATES = ['open', 'waiting'] as const satisfies readonly CaseState[];

export const isOpenCase = (state: CaseState): boolean => (OPEN_CASE_STATES as readonly CaseState[]).includes(state);

/** The longest line of text a report or a provider's answer keeps: one line, read whole in an alert. */
export const MAX_CASE_TEXT = 200;

/** How many days a case may stay open before the statement lists it among the month's exceptions, unless an administrator says otherwise. */
export const DEFAULT_CASE_OVERDUE_DAYS = 14;
