/** The real dependencies handlers pass to services (tests pass their own). */
import { getDb } from '../db/service.ts';
import { sesMailer } from '../services/mail.ts';
import { connections, dynamo } from './aws.ts';
import { systemClock } from './clock.ts';
import { env } from './env.ts';
import { secrets } from './secrets.ts';

export async function appDeps() {
  const s = await secrets();
  const e = env();
  return {
    db: getDb(),
    clock: systemClock,
    mailer: sesMailer,
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
    /** The @connections API: ending sessions (logout, reset, leaving) closes their sockets. */
    sockets: connections(),
  };
}
