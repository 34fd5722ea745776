/**
 * The real dependencies handlers pass to services (tests pass their own). Only the table's client
 * is made here: a handler that mails or closes sockets adds `mailer` (lib/mailer.ts) or `sockets`
 * (lib/aws/connections.ts) itself, so no other bundle loads the SES or @connections SDK clients.
 */
import { getDb } from '../db/service.ts';
import { dynamo } from './aws/dynamo.ts';
import { systemClock } from './clock.ts';
import { env } from './env.ts';
import { secrets } from './secrets.ts';

export async function appDeps() {
  const s = await secrets();
  const e = env();
  return {
    db: getDb(),
    clock: systemClock,
    authSecret: s.AUTH_SECRET,
    siteUrl: e.SITE_URL,
    line: {
      channelId: e.LINE_CHANNEL_ID,
      channelSecret: s.LINE_CHANNEL_SECRET,
      authorizeUrl: e.LINE_AUTHORIZE_URL,
      apiUrl: e.LINE_API_URL,
    },
    tableName: e.TABLE_NAME,
    client: dynamo(),
  };
}
