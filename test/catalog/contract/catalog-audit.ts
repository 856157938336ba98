import { staffAuditOf, type AuditRowText } from '../../db/contract/subjects.js';

export const CATALOG_AUDIT_SQL = "select actor_id, action, subject_id, detail from audit_log where action like 'catalog.%' order by id";

/** The catalog's audit rows without the subject, which hiding never sets. */
export const catalogAuditOf = (rows: AuditRowText[]) => staffAuditOf(rows).map(({ actorId, action, facts }) => ({ actorId, action, facts }));
