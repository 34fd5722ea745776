import { emailPreferenceRequest } from '@app/shared/schemas/notification';
import { getDb } from '../../db/service.ts';
import { signedIn } from '../../lib/caller.ts';
import { httpHandler } from '../../lib/http.ts';
import { setEmailPreference } from '../../services/email-notifications/preferences.ts';

export const handler = httpHandler(
  'POST /notification/email',
  { body: emailPreferenceRequest },
  async ({ body, caller, clock, lang }) =>
    setEmailPreference({ db: getDb(), clock }, signedIn(caller).profile, body.kind, body.enabled, lang),
);
