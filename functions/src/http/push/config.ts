import { httpHandler } from '../../lib/http.ts';
import { pushConfigOf } from '../../lib/push-deps.ts';
import { pushConfig } from '../../services/push/subscriptions.ts';

export const handler = httpHandler('GET /push/config', {}, async () => pushConfig(await pushConfigOf()));
