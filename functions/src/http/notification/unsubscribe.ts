import { unsubscribeRequest } from '@app/shared/schemas/notification';
import { emailNotificationDeps } from '../../lib/email-notification-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { unsubscribe } from '../../services/email-notifications/preferences.ts';

export const handler = httpHandler(
  'POST /notification/unsubscribe',
  { body: unsubscribeRequest },
  async ({ body, clock }) => unsubscribe(await emailNotificationDeps(clock), body.token),
);
