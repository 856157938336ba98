import { CASE_REASONS, CASE_STATES, type CaseReason, type CaseState } from '../../domain/code-cases.js';

/**
 * Callback data of cases, all under `cs:`; ids, one-letter reasons and
 * states only, far under Telegram's 64 bytes. Every press is judged again
 * when it arrives (who presses, the order's state, the case's state):
 * the data only says what was pressed.
 *
 *   cs:p:<orderId>                 "Problem with this code" (a delivery, /track)
 *   cs:c:<orderId>:<card>          which card of an order of several (0: all of them)
 *   cs:r:<orderId>:<reason>[:<card>] a reason chosen, for that card (none: the whole order)
 *   cs:k:<orderId>                 skip the line of text: open the case now
 *   cs:v:<caseId>                  a case's card (/cases)
 *   cs:m:<caseId>:<from>:<to>      move a case from the state its card showed
 *   cs:a:<caseId>                  note what the provider answered
 */
export type CasePress =
  | { kind: 'problem'; orderId: number }
  | { kind: 'card'; orderId: number; card: number | null }
  | { kind: 'reason'; orderId: number; reason: CaseReason; card: number | null }
  | { kind: 'skip'; orderId: number }
  | { kind: 'view'; caseId: number }
  | { kind: 'move'; caseId: number; from: CaseState; to: CaseState }
  | { kind: 'answer'; caseId: number };

const REASON_LETTERS: Record<CaseReason, string> = { invalid: 'i', used: 'u', wrong: 'w', other: 'o' };
const STATE_LETTERS: Record<CaseState, string> = { open: 'o', waiting: 'w', refunded: 'f', replaced: 'p', rejected: 'r', closed: 'c' };
const reasonOf = (letter: string) => CASE_REASONS.find((reason) => REASON_LETTERS[reason] === letter);
const stateOf = (letter: string) => CASE_STATES.find((state) => STATE_LETTERS[state] === letter);

export const CASE_PATTERN = /^cs:/;

export function caseData(press: CasePress): string {
  switch (press.kind) {
    case 'problem':
      return `cs:p:${press.orderId}`;
    case 'card':
      return `cs:c:${press.orderId}:${press.card ?? 0}`;
    case 'reason':
      return `cs:r:${press.orderId}:${REASON_LETTERS[press.reason]}${press.card === null ? '' : `:${press.card}`}`;
    case 'skip':
      return `cs:k:${press.orderId}`;
    case 'view':
      return `cs:v:${press.caseId}`;
    case 'move':
      return `cs:m:${press.caseId}:${STATE_LETTERS[press.from]}:${STATE_LETTERS[press.to]}`;
    case 'answer':
      return `cs:a:${press.caseId}`;
  }
}

const ID = '([0-9]{1,15})';
/** A card's number: 1 to 999 (an order's quantity is far below). */
const CARD = '([1-9][0-9]{0,2})';
const cardOf = (text: string | undefined): number | null => (text === undefined || text === '0' ? null : Number(text));
const FORMS: [RegExp, (m: RegExpExecArray) => CasePress | null][] = [
  [new RegExp(`^cs:p:${ID}$`), (m) => ({ kind: 'problem', orderId: Number(m[1]) })],
  [new RegExp(`^cs:c:${ID}:(0|${CARD.slice(1, -1)})$`), (m) => ({ kind: 'card', orderId: Number(m[1]), card: cardOf(m[2]) })],
  [new RegExp(`^cs:r:${ID}:([a-z])(?::${CARD})?$`), (m) => {
    const reason = reasonOf(m[2]!);
    return reason ? { kind: 'reason', orderId: Number(m[1]), reason, card: cardOf(m[3]) } : null;
  }],
  [new RegExp(`^cs:k:${ID}$`), (m) => ({ kind: 'skip', orderId: Number(m[1]) })],
  [new RegExp(`^cs:v:${ID}$`), (m) => ({ kind: 'view', caseId: Number(m[1]) })],
  [new RegExp(`^cs:m:${ID}:([a-z]):([a-z])$`), (m) => {
    const from = stateOf(m[2]!);
    const to = stateOf(m[3]!);
    return from && to ? { kind: 'move', caseId: Number(m[1]), from, to } : null;
  }],
  [new RegExp(`^cs:a:${ID}$`), (m) => ({ kind: 'answer', caseId: Number(m[1]) })],
];

/** What a press means, or null for data giftdesk never gave (forged, or from an older version). */
export function parseCaseData(data: string | undefined): CasePress | null {
  if (data === undefined) return null;
  for (const [pattern, read] of FORMS) {
    const match = pattern.exec(data);
    if (match) return read(match);
  }
  return null;
}
