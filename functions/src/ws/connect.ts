import { getDb } from '../db/service.ts';
import { systemClock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { secrets } from '../lib/secrets.ts';
import { verifyToken } from '../lib/tokens.ts';
import { wsHandler } from '../lib/ws.ts';
import { registerConnection } from '../services/realtime.ts';

/** Browsers cannot set headers on a WebSocket: the access token and profile id come in the query string. */
export const handler = wsHandler('$connect', async (event) => {
  const token = event.queryStringParameters?.token;
  const profileId = event.queryStringParameters?.profile_id;
  if (!token || !profileId) throw new AppError('no_token');
  const { AUTH_SECRET } = await secrets();
  const { sub } = await verifyToken(AUTH_SECRET, 'access', token, systemClock.now());
  if (sub !== profileId) throw new AppError('forbidden');
  const db = getDb();
  const { data: profile } = await db.entities.profile.get({ profileId }).go();
  if (!profile) throw new AppError('invalid_token');
  if (profile.status === 'suspended') throw new AppError('account_suspended');
  await registerConnection(db, systemClock, event.requestContext.connectionId, profileId);
});
