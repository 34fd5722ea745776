import { unsubscribeQuery } from '@app/shared/schemas/notification';
import { emailNotificationDeps } from '../../lib/email-notification-deps.ts';
import { httpHandler } from '../../lib/http.ts';
import { unsubscribeInfo } from '../../services/email-notifications/preferences.ts';

export const handler = httpHandler(
  'GET /notification/unsubscribe',
  { query: unsubscribeQuery },
  async ({ query, clock }) => unsubscribeInfo(await emailNotificationDeps(clock), query.token),
);
