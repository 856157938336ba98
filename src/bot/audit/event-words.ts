import type { AuditEntry } from '../../db/audit-queries.js';
import type { Json } from '../../db/json.js';
import type { AuditFacts } from '../../db/audit-log.js';
import { ORDER_STATES } from '../../domain/order-states.js';
import { STAFF_ROLES } from '../../domain/staff-roles.js';
import { clipName, type DescribePerson } from '../describe-person.js';
import { formatGoods, formatId, formatNumber } from '../../text/format.js';
import { factsFromLegacy } from './legacy-rows.js';
import { settingWords } from './setting-words.js';
import { adminChangeWords } from './admin-change-words.js';
import { caseWords } from './case-words.js';
import { showAmount, showDateText, showDateTimeWithZone, type ReaderView } from '../../text/presentation.js';

export type EventWordsView = ReaderView & { describePerson: DescribePerson };

/** Words someone typed or the provider wrote are cut: one event stays a few lines. */
const MAX_QUOTE = 160;
const MAX_PRODUCT = 40;

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);
const text = (value: Json | undefined): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const whole = (value: Json | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * The code words writers put in facts that this release has words for,
 * each a Fluent key `<prefix><code>`. A code not listed (a newer release's)
 * gets no sentence rather than a key shown as text.
 */
const WORDED: Readonly<Record<string, readonly string[]>> = {
  'audit-approval-': ['checking', 'approved', 'self-approved', 'expired', 'withdrawn'],
  'audit-approval-change-': ['price', 'stock', 'region-gone'],
  'audit-approval-blocked-': ['paused', 'funds', 'limit', 'unchecked', 'hidden'],
  'audit-approval-interrupted-': ['checking', 'before-order'],
  'audit-why-': ['review', 'never-sent', 'same-order-pending', 'another-in-flight', 'paused', 'limit', 'no-access', 'hidden', 'rate-limit', 'no-provider-order', 'interrupted', 'accepted-not-recorded', 'approval'],
  'audit-limit-': ['order', 'day', 'month', 'approval'],
  'audit-undeliverable-': ['order-missing', 'removed', 'viewer', 'blocked', 'telegram'],
  'audit-export-': ['orders', 'transactions', 'audit', 'summary', 'statement'],
  'audit-velocity-': ['orders', 'reveals', 'reads', 'pending'],
};

function known(v: EventWordsView, prefix: string, code: string, args?: Record<string, string | number>): string | null {
  return WORDED[prefix]?.includes(code) ? v.t(`${prefix}${code}`, args) : null;
}

/** "approval.not_yet" -> "approval not yet": an action this release has no words for, still readable. */
function humanise(action: string): string {
  return clipName(action.replace(/[._]+/g, ' '), 40);
}

function orderWords(v: EventWordsView, entry: AuditEntry): string {
  const id = entry.orderId === null ? '?' : formatId(entry.orderId, v.locale);
  if (!entry.order) return v.t('audit-order-plain', { id });
  return v.t('audit-order', { id, goods: goodsWords(v, entry.order.goods) });
}

/** Each product's name clipped, then the goods in one line in the reader's digits. */
const goodsWords = (v: EventWordsView, goods: readonly { product: string; quantity: number }[]) =>
  formatGoods(goods.map((item) => ({ product: clipName(item.product, MAX_PRODUCT), quantity: item.quantity })), v.locale);

/** What an approval request asked for: `goods` since requests hold several products; `product` and `quantity` in older rows. */
function requestedGoods(facts: AuditFacts): { product: string; quantity: number }[] | null {
  const goods = facts['goods'];
  if (Array.isArray(goods)) {
    const items = goods.flatMap((item) => {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) return [];
      const product = text(item['product']);
      const quantity = whole(item['quantity']);
      return product === null || quantity === null ? [] : [{ product, quantity }];
    });
    return items.length > 0 ? items : null;
  }
  const product = text(facts['product']);
  const quantity = whole(facts['quantity']);
  return product === null || quantity === null ? null : [{ product, quantity }];
}

const money = (v: EventWordsView, value: number) => showAmount(v, value);
const roleWords = (v: EventWordsView, role: Json | undefined) => (isOneOf(STAFF_ROLES, role) ? v.t(`staff-role-${role}`) : String(role ?? '?'));

/** A person's own words (a rejection reason, a pause reason), quoted as theirs. */
const theirWords = (v: EventWordsView, words: string) => v.t('audit-their-words', { text: clipName(words, MAX_QUOTE) });
/** The provider's own words, never translated. */
const providerWords = (v: EventWordsView, words: string) => v.t('audit-provider-words', { text: clipName(words, MAX_QUOTE) });
/** English text kept for the record (older rows, technical notes): marked, never passed off as translated. */
const noteWords = (v: EventWordsView, note: string) => v.t('audit-note', { text: clipName(note, MAX_QUOTE) });

function withTail(main: string, ...tails: (string | null)[]): string {
  return [main, ...tails.filter((tail): tail is string => tail !== null && tail !== '')].join(' ');
}

function approvalEvent(v: EventWordsView, entry: AuditEntry, step: string, facts: AuditFacts): string | null {
  const id = whole(facts['approval']);
  if (id === null) return null;
  const approval = formatId(id, v.locale);
  const amount = entry.amount === null ? '' : money(v, entry.amount);
  switch (step) {
    case 'requested': {
      const goods = requestedGoods(facts);
      if (goods === null) return v.t('audit-approval-requested-plain', { approval, amount });
      return v.t('audit-approval-requested', { approval, goods: goodsWords(v, goods), amount });
    }
    case 'rejected': {
      const reason = text(facts['reason']);
      return withTail(v.t('audit-approval-rejected', { approval }), reason === null ? null : theirWords(v, reason));
    }
    case 'not_yet': {
      const code = text(facts['change']) ?? text(facts['blocked']) ?? text(facts['interrupted']);
      const kind = facts['change'] !== undefined ? 'change' : facts['blocked'] !== undefined ? 'blocked' : 'interrupted';
      const why = code === null ? null : known(v, `audit-approval-${kind}-`, code);
      return v.t(why === null ? 'audit-approval-not-yet-plain' : 'audit-approval-not-yet', { approval, why: why ?? '' });
    }
    default:
      return known(v, 'audit-approval-', step.replace(/_/g, '-'), { approval, amount });
  }
}

function notPlacedWhy(v: EventWordsView, facts: AuditFacts): string | null {
  const cause = text(facts['cause']);
  if (cause === null) return null;
  const limit = text(facts['limit']);
  const cap = whole(facts['cap']);
  const left = whole(facts['left']);
  const args: Record<string, string | number> = {
    source: facts['source'] === 'provider' ? v.t('audit-by-provider') : v.t('audit-by-admin'),
    limit: limit === null ? '?' : (known(v, 'audit-limit-', limit) ?? limit),
    cap: cap === null ? '?' : money(v, cap),
    left: left === null ? '?' : money(v, left),
    seconds: formatNumber(whole(facts['seconds']) ?? 0, v.locale),
    checks: formatNumber(whole(facts['checks']) ?? 0, v.locale),
    providerOrder: formatId(whole(facts['providerOrder']) ?? '?', v.locale),
    product: clipName(text(facts['product']) ?? '?', MAX_QUOTE),
  };
  return known(v, 'audit-why-', cause, args);
}

function orderEvent(v: EventWordsView, entry: AuditEntry, step: string, facts: AuditFacts): string | null {
  const order = orderWords(v, entry);
  const amount = entry.amount === null ? '' : money(v, entry.amount);
  const note = text(facts['note']);
  const noteTail = note === null ? null : noteWords(v, note);
  switch (step) {
    case 'intent':
      return v.t('audit-order-intent', { order, amount });
    case 'placed': {
      const quoted = whole(facts['quoted']);
      return quoted === null ? v.t('audit-order-placed', { order, amount }) : v.t('audit-order-placed-repriced', { order, amount, quoted: money(v, quoted) });
    }
    case 'adopted': {
      const providerOrder = formatId(whole(facts['providerOrder']) ?? '?', v.locale);
      const quoted = whole(facts['quoted']);
      return withTail(
        v.t(facts['byReview'] === true ? 'audit-order-adopted-review' : 'audit-order-adopted', { order, providerOrder, amount }),
        quoted === null ? null : v.t('audit-order-quoted', { quoted: money(v, quoted) }),
      );
    }
    case 'link_released': {
      const other = whole(facts['order']);
      return v.t('audit-order-link-released', {
        order,
        providerOrder: formatId(whole(facts['providerOrder']) ?? '?', v.locale),
        other: other === null ? '?' : formatId(other, v.locale),
      });
    }
  }
  if (!isOneOf(ORDER_STATES, step)) return null;
  const state = v.t(`track-state-${step}`);
  if (step === 'not_placed') {
    const why = notPlacedWhy(v, facts);
    return why === null ? withTail(v.t('audit-order-state', { order, state }), noteTail) : v.t('audit-order-not-placed', { order, why });
  }
  const cause = notPlacedWhy(v, facts);
  const provider = text(facts['provider']);
  // The provider's status words (COMPLETED, PREPARING) are its vocabulary, not ours: the state says it.
  return withTail(v.t('audit-order-state', { order, state }), cause === null ? null : v.t('audit-because', { why: cause }), provider === null ? null : providerWords(v, provider), noteTail);
}

function notificationEvent(v: EventWordsView, entry: AuditEntry, step: string, facts: AuditFacts): string | null {
  const order = orderWords(v, entry);
  if (step === 'sent') {
    const messages = whole(facts['messages']);
    if (facts['kind'] === 'delivered' && messages !== null) return v.t('audit-notification-delivered', { order, count: messages, messages: formatNumber(messages, v.locale) });
    return v.t('audit-notification-sent', { order });
  }
  if (step !== 'undeliverable') return null;
  const cause = text(facts['cause']);
  const why = cause === null ? null : known(v, 'audit-undeliverable-', cause);
  const note = text(facts['note']);
  return withTail(v.t(why === null ? 'audit-notification-undeliverable' : 'audit-notification-undeliverable-why', { order, why: why ?? '' }), note === null ? null : noteWords(v, note));
}

function staffEvent(v: EventWordsView, entry: AuditEntry, step: string, facts: AuditFacts): string | null {
  const who = entry.subjectId === null ? '?' : v.describePerson(entry.subjectId);
  const roles =
    step === 'added' ? roleWords(v, facts['to']) : step === 'removed' ? roleWords(v, facts['from']) : `${roleWords(v, facts['from'])} → ${roleWords(v, facts['to'])}`;
  const via = text(facts['via']);
  return withTail(v.t(`audit-staff-${step.replace('_', '-')}`, { who, roles }), via === null ? null : v.t('audit-staff-via', { via }));
}

function pauseEvent(v: EventWordsView, step: string, facts: AuditFacts): string | null {
  const byProvider = facts['source'] === 'provider';
  if (step === 'paused') {
    const reason = text(facts['reason']);
    const words = reason === null ? null : byProvider ? providerWords(v, reason) : theirWords(v, reason);
    return withTail(v.t(byProvider ? 'audit-paused-by-provider' : 'audit-paused'), words);
  }
  if (step !== 'resumed') return null;
  const since = whole(facts['since']);
  if (since === null) return v.t('audit-resumed');
  return v.t('audit-resumed-since', { since: showDateTimeWithZone(v, since), by: byProvider ? v.t('audit-by-provider') : v.t('audit-by-admin') });
}

function exportEvent(v: EventWordsView, facts: AuditFacts): string | null {
  const kind = text(facts['kind']);
  const what = kind === null ? null : known(v, 'audit-export-', kind);
  const day = (value: Json | undefined) => {
    const iso = text(value);
    return iso === null ? '?' : (showDateText(v, iso) ?? iso);
  };
  const rows = whole(facts['rows']) ?? 0;
  if (what === null) return null;
  return withTail(
    v.t('audit-export-sent', { what, from: day(facts['from']), to: day(facts['to']), count: rows, rows: formatNumber(rows, v.locale) }),
    facts['cut'] === true ? v.t('audit-export-cut') : null,
  );
}

/** A product or category hidden from staff or shown again (/catalog), by the name it had then. */
function catalogEvent(v: EventWordsView, step: 'hidden' | 'shown', facts: AuditFacts): string | null {
  const kind = facts['kind'];
  const id = whole(facts['id']);
  if ((kind !== 'product' && kind !== 'category') || id === null) return null;
  const item = v.t(`catalog-item-${kind}`, { id: formatId(id, v.locale), title: clipName(text(facts['title']) ?? '?', MAX_PRODUCT) });
  return v.t(`audit-catalog-${step}`, { item });
}

/** The event from its facts; null when this release has no words for them. */
function factsWords(v: EventWordsView, entry: AuditEntry, facts: AuditFacts): string | null {
  const [area, step = ''] = entry.action.split('.', 2) as [string, string?];
  if (area === 'approval') return approvalEvent(v, entry, step, facts);
  if (area === 'order' && entry.orderId !== null) {
    // An order of a batch says which one, so a reader can follow the batch through the trail.
    const words = orderEvent(v, entry, step, facts);
    const batch = whole(facts['batch']);
    return words === null || batch === null ? words : withTail(words, v.t('audit-order-batch', { batch: formatId(batch, v.locale) }));
  }
  if (area === 'notification' && entry.orderId !== null) return notificationEvent(v, entry, step, facts);
  if (area === 'staff' && ['added', 'role_changed', 'removed'].includes(step)) return staffEvent(v, entry, step, facts);
  if (area === 'ordering') return pauseEvent(v, step, facts);
  if (entry.action === 'setting.changed') return settingWords(v, facts);
  if (entry.action === 'export.sent') return exportEvent(v, facts);
  if (area === 'admin_change') return adminChangeWords(v, step, entry.subjectId, facts);
  if (area === 'step_up' && ['enrolled', 'approved', 'reset', 'locked', 'held'].includes(step)) {
    return v.t(`audit-step-up-${step}`, { who: entry.subjectId === null ? '?' : v.describePerson(entry.subjectId) });
  }
  if (area === 'catalog' && (step === 'hidden' || step === 'shown')) return catalogEvent(v, step, facts);
  if (area === 'cost_centre' && ['added', 'renamed', 'retired'].includes(step)) {
    return v.t(`audit-cost-centre-${step}`, { name: clipName(text(facts['name']) ?? '?', MAX_PRODUCT), before: clipName(text(facts['before']) ?? '?', MAX_PRODUCT) });
  }
  if (entry.action === 'cost_centre.budget') {
    const amount = (value: unknown) => (typeof value === 'number' ? showAmount(v, value) : v.t('budgets-none'));
    return v.t('audit-cost-centre-budget', { name: clipName(text(facts['name']) ?? '?', MAX_PRODUCT), before: amount(facts['before']), value: amount(facts['budget']) });
  }
  if (area === 'team_pick' && (step === 'pinned' || step === 'unpinned' || step === 'moved')) return v.t(`audit-team-pick-${step}`, { name: clipName(text(facts['name']) ?? '?', MAX_PRODUCT) });
  if (area === 'team_pick' && step === 'recentred')
    return v.t('audit-team-pick-recentred', { name: clipName(text(facts['name']) ?? '?', MAX_PRODUCT), before: text(facts['before']) ?? '?', after: text(facts['after']) ?? '?' });
  if (area === 'team_pick' && step === 'renamed')
    return v.t('audit-team-pick-renamed', { from: clipName(text(facts['from']) ?? '?', MAX_PRODUCT), name: clipName(text(facts['name']) ?? '?', MAX_PRODUCT) });
  if (area === 'wallet' && (step === 'foreign_debit' || step === 'large_credit' || step === 'unknown_type')) {
    const transaction = whole(facts['transaction']);
    return v.t(`audit-wallet-${step.replace('_', '-')}`, { amount: entry.amount === null ? '?' : showAmount(v, entry.amount), transaction: transaction === null ? '?' : formatId(transaction, v.locale) });
  }
  if (area === 'topup' && (step === 'requested' || step === 'received')) {
    const request = whole(facts['request']);
    return v.t(`audit-topup-${step}`, { amount: entry.amount === null ? '?' : showAmount(v, entry.amount), request: request === null ? '?' : formatId(request, v.locale) });
  }
  if (entry.action === 'codes.handed_over') {
    const cards = whole(facts['cards']) ?? 0;
    return v.t('audit-codes-handed-over', { order: orderWords(v, entry), count: cards, cards: formatNumber(cards, v.locale) });
  }
  if (area === 'case') return caseWords(v, entry, step, facts);
  if (area === 'statement' && step === 'annotated') {
    const kind = text(facts['kind']) ?? '';
    return v.t('audit-statement-annotated', { key: text(facts['key']) ?? '?', month: text(facts['month']) ?? '?', kind: ['explained', 'refunded', 'written-off'].includes(kind) ? v.t(`month-close-note-kind-${kind}`) : '?', note: clipName(text(facts['note']) ?? '', MAX_PRODUCT) });
  }
  if (area === 'statement' && step === 'closed') {
    const requester = whole(facts['requester']);
    return v.t('audit-statement-closed', { month: text(facts['month']) ?? '?', requester: requester === null ? '?' : v.describePerson(requester) });
  }
  if (entry.action === 'velocity.refused') return known(v, 'audit-velocity-', text(facts['limit']) ?? '', { cap: formatNumber(whole(facts['cap']) ?? 0, v.locale) });
  return null;
}

/** Rows written before facts: the action in words where known, their English sentence marked as a note. */
function legacyWords(v: EventWordsView, entry: AuditEntry, note: string | null): string {
  const tail = note === null ? null : noteWords(v, note);
  const [area, step = ''] = entry.action.split('.', 2) as [string, string?];
  if (area === 'staff' && ['added', 'role_changed', 'removed'].includes(step)) {
    // These sentences were role names alone ("staff → viewer"): the roles are ours to name.
    const roles = (note ?? '').replace(/\b(admin|staff|viewer)\b/g, (role) => (isOneOf(STAFF_ROLES, role) ? v.t(`staff-role-${role}`) : role));
    return v.t(`audit-staff-${step.replace('_', '-')}`, { who: entry.subjectId === null ? '?' : v.describePerson(entry.subjectId), roles });
  }
  const plain = factsWords(v, entry, {});
  if (plain !== null) return withTail(plain, tail);
  return withTail(v.t('audit-other', { action: humanise(entry.action) }), entry.orderId === null ? null : orderWords(v, entry), tail);
}

/** The event in plain words, starting after the actor's name. */
export function eventWords(v: EventWordsView, entry: AuditEntry): string {
  if (entry.action === 'codes_revealed') {
    // Older rows name no subject: the order says whose codes they were.
    const ownerId = entry.subjectId ?? entry.order?.userId ?? null;
    if (ownerId !== null && ownerId === entry.actorId) return v.t('audit-codes-own', { order: orderWords(v, entry) });
    return v.t('audit-codes-other', { owner: ownerId === null ? '?' : v.describePerson(ownerId), order: orderWords(v, entry) });
  }
  const detail = entry.detail;
  if (detail?.kind === 'note') {
    const recovered = factsFromLegacy(entry.action, detail.text);
    const words = recovered === null ? null : factsWords(v, entry, recovered);
    return words ?? legacyWords(v, entry, detail.text);
  }
  const words = factsWords(v, entry, detail?.facts ?? {});
  if (words !== null) return words;
  return withTail(v.t('audit-other', { action: humanise(entry.action) }), entry.orderId === null ? null : orderWords(v, entry));
}
