import { confirmationRequest } from '@app/shared/schemas/social';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { confirm } from '../../services/social/home.ts';

export const handler = httpHandler(
  'POST /confirmation',
  { body: confirmationRequest },
  async ({ caller, body, clock }) => confirm({ db: getDb(), clock }, signedIn(caller).profile, body.type),
);
