import { leafGrantRequest } from '@app/shared/schemas/admin-content';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { grantLeaves } from '../../services/admin/points.ts';

export const handler = httpHandler(
  'POST /admin/points/grant',
  { body: leafGrantRequest },
  async ({ caller, body, clock }) => grantLeaves({ db: getDb(), clock }, signedIn(caller).profile, body),
);
