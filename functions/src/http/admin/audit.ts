import { auditQuery } from '@app/shared/schemas/admin';
import { getDb } from '../../db/service.ts';
import { httpHandler } from '../../lib/http.ts';
import { listAudit } from '../../services/admin/audit.ts';

export const handler = httpHandler('GET /admin/audit', { query: auditQuery }, async ({ query, clock }) =>
  listAudit({ db: getDb(), clock }, query, query.cursor),
);
