import { type EmailPreferenceRequest, emailPreferencesResponse } from '@app/shared/schemas/notification';
import { apiRequest } from '../../../lib/api.ts';

/** POST /notification/email: one kind on or off (the mail is written in the language of this call). */
export const setEmailPreference = (body: EmailPreferenceRequest) =>
  apiRequest({
    method: 'POST',
    path: '/notification/email',
    body,
    auth: true,
    response: emailPreferencesResponse,
  });
