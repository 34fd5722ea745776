import { userFindQuery } from '@app/shared/schemas/admin-reports';
import { getDb } from '../../db/service.ts';
import { httpHandler } from '../../lib/http.ts';
import { findUsers } from '../../services/admin/users.ts';

export const handler = httpHandler('GET /admin/users', { query: userFindQuery }, async ({ query }) =>
  findUsers({ db: getDb() }, query.q),
);
