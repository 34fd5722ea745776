import { type AuditQuery, auditPage } from '@app/shared/schemas/admin';
import { apiRequest } from '../../../lib/api.ts';

/** GET /admin/audit: a page of the audit log, newest first, with the filters given. */
export const getAudit = (filters: Omit<AuditQuery, 'cursor'>, cursor: string | undefined) =>
  apiRequest({
    method: 'GET',
    path: '/admin/audit',
    query: Object.fromEntries(
      Object.entries({ ...filters, cursor }).filter((e): e is [string, string] => Boolean(e[1])),
    ),
    auth: true,
    response: auditPage,
  });
