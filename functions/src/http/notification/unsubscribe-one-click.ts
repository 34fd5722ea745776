import { oneClickRequest, unsubscribeQuery } from '@app/shared/schemas/notification';
import { emailNotificationDeps } from '../../lib/email-notification-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { unsubscribe } from '../../services/email-notifications/preferences.ts';

/** RFC 8058: the mail client posts `List-Unsubscribe=One-Click` (a form body) to the header's URL. */
export const handler = httpHandler(
  'POST /notification/unsubscribe/one-click',
  { query: unsubscribeQuery, body: oneClickRequest, form: true },
  async ({ query, clock }) => unsubscribe(await emailNotificationDeps(clock), query.token),
);
