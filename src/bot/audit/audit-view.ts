import { FormattedString } from '@grammyjs/parse-mode';
import { InlineKeyboard } from 'grammy';
import type { AuditEntry, AuditFilter } from '../../audit/audit-queries.js';
import type { PageOf } from '../../db/paging.js';
import { ORDER_STATES, STAFF_ROLES } from '../../db/schema.js';
import { SAFE_MESSAGE_LENGTH } from '../../delivery/split-message.js';
import { clipName, type DescribePerson } from '../../people/describe-person.js';
import { type AmountUnit, formatAmount, formatDateTime, formatId, formatNumber } from '../../text/format.js';
import { bold, joinLines, plain } from '../../text/formatted.js';
import type { Locale, Translate } from '../../text/i18n.js';
import type { Outgoing } from '../send.js';
import { auditPageData } from './callback-data.js';

export interface AuditView {
  t: Translate;
  locale: Locale;
  amountUnit: AmountUnit;
  timeZone: string;
  describePerson: DescribePerson;
}

/** Free text of the audit (a provider's reason, a setting's values) is cut: one event stays a few lines. */
const MAX_DETAIL = 160;
const MAX_PRODUCT = 40;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

function orderWords(v: AuditView, entry: AuditEntry): string {
  const id = entry.orderId === null ? '?' : formatId(entry.orderId, v.locale);
  if (!entry.order) return v.t('audit-order-plain', { id });
  return v.t('audit-order', {
    id,
    product: clipName(entry.order.productTitle, MAX_PRODUCT),
    quantity: formatNumber(entry.order.quantity, v.locale),
  });
}

/** "staff → viewer" as written by the staff repository, in the reader's words. */
function roleWords(v: AuditView, text: string): string {
  return text.replace(/\b(admin|staff|viewer)\b/g, (role) => (isOneOf(STAFF_ROLES, role) ? v.t(`staff-role-${role}`) : role));
}

/** The event in plain words, starting after the actor's name. */
export function eventWords(v: AuditView, entry: AuditEntry): string {
  const raw = entry.detail ? clipName(entry.detail, MAX_DETAIL) : '';
  // Written by the code in English for the record; shown after a dash when there is one.
  const detail = raw ? ` — ${raw}` : '';
  const subject = entry.subjectId === null ? '?' : v.describePerson(entry.subjectId);
  const [area, step = ''] = entry.action.split('.', 2) as [string, string?];
  if (entry.action === 'codes_revealed') {
    // Older rows name no subject: the order says whose codes they were.
    const ownerId = entry.subjectId ?? entry.order?.userId ?? null;
    if (ownerId !== null && ownerId === entry.actorId) return v.t('audit-codes-own', { order: orderWords(v, entry) });
    return v.t('audit-codes-other', { owner: ownerId === null ? '?' : v.describePerson(ownerId), order: orderWords(v, entry) });
  }
  if (area === 'staff' && (step === 'added' || step === 'role_changed' || step === 'removed')) {
    return v.t(`audit-staff-${step.replace('_', '-')}`, { who: subject, roles: roleWords(v, raw) });
  }
  if (entry.action === 'setting.changed') return v.t('audit-setting-changed', { detail });
  if (entry.action === 'ordering.paused') return v.t('audit-paused', { detail });
  if (entry.action === 'ordering.resumed') return v.t('audit-resumed');
  if (area === 'order' && entry.orderId !== null) {
    const order = orderWords(v, entry);
    const amount = entry.amount === null ? '' : formatAmount(entry.amount, v.locale, v.amountUnit);
    const known = ['intent', 'placed', 'adopted', 'link_released'].includes(step);
    if (known) return v.t(`audit-order-${step.replace('_', '-')}`, { order, amount, detail });
    if (isOneOf(ORDER_STATES, step)) return v.t('audit-order-state', { order, amount, state: v.t(`track-state-${step}`), detail });
  }
  if (area === 'notification' && entry.orderId !== null) {
    return v.t(step === 'sent' ? 'audit-notification-sent' : 'audit-notification-undeliverable', { order: orderWords(v, entry), detail });
  }
  // Events this release has no words for (newer features, older rows): as they were written.
  return v.t('audit-other', { action: clipName(entry.action, 40), detail: entry.orderId === null ? detail : ` ${orderWords(v, entry)}${detail}` });
}

function eventLines(v: AuditView, entry: AuditEntry): FormattedString {
  const who = entry.actorId === null ? v.t('audit-system') : v.describePerson(entry.actorId);
  const when = formatDateTime(entry.at.getTime(), v.locale, v.timeZone);
  return joinLines(bold(`${when} · ${who}`), eventWords(v, entry).trim());
}

function filterTitle(v: AuditView, filter: AuditFilter): string {
  if (filter.kind === 'person') return v.t('audit-title-person', { who: v.describePerson(filter.telegramId) });
  if (filter.kind === 'order') return v.t('audit-title-order', { id: formatId(filter.orderId, v.locale) });
  return v.t('audit-title');
}

/** One page of the audit, newest first, with Newer/Older buttons that keep the filter. */
export function auditPageView(v: AuditView, filter: AuditFilter, page: PageOf<AuditEntry>): Outgoing {
  const title = filterTitle(v, filter);
  if (page.total === 0) return { text: joinLines(bold(title), v.t('audit-none')) };
  const heading = v.t('audit-page', { page: formatNumber(page.page, v.locale), pages: formatNumber(page.pageCount, v.locale) });
  let text = joinLines(bold(title), heading);
  for (const entry of page.items) {
    const next = joinLines(text, '', eventLines(v, entry));
    // Every piece is bounded, so this only guards against a page size raised without thinking.
    if (next.text.length > SAFE_MESSAGE_LENGTH) break;
    text = next;
  }
  const keyboard = new InlineKeyboard();
  if (page.page > 1) keyboard.text(v.t('audit-btn-newer'), auditPageData(filter, page.page - 1));
  if (page.page < page.pageCount) keyboard.text(v.t('audit-btn-older'), auditPageData(filter, page.page + 1));
  return keyboard.inline_keyboard.flat().length > 0 ? { text, keyboard } : { text };
}

export const auditUnknownUser = (v: Pick<AuditView, 't'>, username: string): FormattedString =>
  plain(v.t('audit-unknown-user', { username: clipName(username, 33) }));
