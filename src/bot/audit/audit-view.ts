import { FormattedString } from '@grammyjs/parse-mode';
import { InlineKeyboard } from 'grammy';
import type { AuditEntry, AuditFilter } from '../../db/audit-queries.js';
import type { PageOf } from '../../db/paging.js';
import { SAFE_MESSAGE_LENGTH } from '../../text/split-message.js';
import { clipName } from '../describe-person.js';
import { formatId, formatNumber } from '../../text/format.js';
import { bold, joinLines, plain } from '../../text/formatted.js';
import type { Outgoing } from '../send.js';
import { auditPageData } from './callback-data.js';
import { eventWords, type EventWordsView } from './event-words.js';
import { showDateTime, showZone } from '../../text/presentation.js';

export { eventWords } from './event-words.js';
export type AuditView = EventWordsView;

function eventLines(v: AuditView, entry: AuditEntry): FormattedString {
  const who = entry.actorId === null ? v.t('audit-system') : v.describePerson(entry.actorId);
  const when = showDateTime(v, entry.at.getTime());
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
  // One line names the zone of every time below, as the order lists do.
  let text = joinLines(bold(title), heading, v.t('times-in-zone', { zone: showZone(v) }));
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
