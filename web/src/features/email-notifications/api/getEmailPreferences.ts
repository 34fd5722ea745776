import { emailPreferencesResponse } from '@app/shared/schemas/notification';
import { apiRequest } from '../../../lib/api.ts';

/** GET /notification/email: the caller's kinds of e-mail notification and where they go. */
export const getEmailPreferences = () =>
  apiRequest({ method: 'GET', path: '/notification/email', auth: true, response: emailPreferencesResponse });
