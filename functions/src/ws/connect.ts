import { getDb } from '../db/service.ts';
import { isMember } from '../lib/access.ts';
import { callerOf, openSession } from '../lib/auth.ts';
import { systemClock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { wsHandler } from '../lib/ws.ts';
import { forgetConnection, registerConnection } from '../services/realtime.ts';

/**
 * Browsers cannot set headers on a WebSocket: the access token and profile id come in the query
 * string. The token is checked as on every HTTP call (profile, suspension, its session still open);
 * the connection is stored with its session, so that ending the session closes it. Members only:
 * an operator (role 3) is refused like a token for another profile (403).
 */
export const handler = wsHandler('$connect', async (event) => {
  const token = event.queryStringParameters?.token;
  const profileId = event.queryStringParameters?.profile_id;
  if (!token || !profileId) throw new AppError('no_token');
  const db = getDb();
  const caller = await callerOf(token, systemClock, db);
  if (caller.profileId !== profileId) throw new AppError('forbidden');
  // The socket carries a member's chat and pushes: an operator has none (lib/access.ts MEMBERS).
  if (!isMember(caller.roleId)) throw new AppError('forbidden');
  // A cast that must still choose its password has no socket until it did.
  if (caller.profile.passwordChangeRequired) throw new AppError('password_change_required');
  const { connectionId } = event.requestContext;
  await registerConnection(db, systemClock, connectionId, profileId, caller.sessionId);
  // Checked again once stored: a session that ended meanwhile either sees this connection when it
  // closes its sockets, or is seen here.
  try {
    await openSession(db, profileId, caller.sessionId);
  } catch (error) {
    await forgetConnection(db, connectionId);
    throw error;
  }
});
