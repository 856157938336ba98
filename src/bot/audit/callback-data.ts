import type { AuditFilter } from '../../db/audit-queries.js';

/**
 * Callback data of /audit pages, well under Telegram's 64 bytes:
 *   au:<page>            everything
 *   au:<page>:p<id>      one person's events
 *   au:<page>:o<id>      one order's events
 */
export const AUDIT_PATTERN = /^au:([0-9]{1,9})(?::([po])([0-9]{1,16}))?$/;

export function auditPageData(filter: AuditFilter, page: number): string {
  if (filter.kind === 'person') return `au:${page}:p${filter.telegramId}`;
  if (filter.kind === 'order') return `au:${page}:o${filter.orderId}`;
  return `au:${page}`;
}

export function parseAuditPage(data: string | undefined): { filter: AuditFilter; page: number } | null {
  const m = data === undefined ? null : AUDIT_PATTERN.exec(data);
  if (!m) return null;
  const page = Number(m[1]);
  const id = Number(m[3]);
  if (m[2] === undefined) return { filter: { kind: 'all' }, page };
  if (!Number.isSafeInteger(id)) return null;
  return { filter: m[2] === 'p' ? { kind: 'person', telegramId: id } : { kind: 'order', orderId: id }, page };
}
