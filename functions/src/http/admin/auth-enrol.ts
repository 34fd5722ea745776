import { adminEnrolRequest } from '@app/shared/schemas/admin';
import { appDeps } from '../../lib/deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { enrolAdmin } from '../../services/admin/auth.ts';

export const handler = httpHandler('POST /admin/auth/enrol', { body: adminEnrolRequest }, async ({ body }) =>
  enrolAdmin(await appDeps(), body),
);
