import { castPasswordRequest } from '@app/shared/schemas/organizations';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { chooseCastPassword } from '../../services/organizations/casts.ts';

export const handler = httpHandler(
  'POST /auth/cast-password',
  { body: castPasswordRequest },
  async ({ caller, body, clock }) =>
    chooseCastPassword({ db: getDb(), clock }, signedIn(caller).profile, body.password),
);
