import { userReadDeps } from '../../lib/admin-reports-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { getUser } from '../../services/admin/users.ts';

export const handler = httpHandler('GET /admin/users/{id}', {}, async ({ params }) =>
  getUser(userReadDeps(), params.id ?? ''),
);
