import { PROFILE_ID_RE } from '@app/shared/validation';
import { getDb } from '../db/service.ts';
import { connections } from '../lib/aws/connections.ts';
import { systemClock } from '../lib/clock.ts';
import { wsHandler } from '../lib/ws.ts';
import { connectionIsLive, postToConnection, watchProfile } from '../services/realtime.ts';

/**
 * Heartbeats keep the connection under API Gateway's 10-minute idle limit; a ping gets a pong,
 * unless the socket's session has ended meanwhile: then the socket is closed instead.
 * `{type: 'watch', creator_id}` (a profile id, or null) says which creator's profile the socket's
 * page shows: that creator's purchase log is pushed to it (services/realtime.ts `watchProfile`).
 */
export const handler = wsHandler('$default', async (event) => {
  let message: { type?: unknown; creator_id?: unknown } = {};
  try {
    message = JSON.parse(event.body ?? '{}');
  } catch {
    return;
  }
  const db = getDb();
  const { connectionId } = event.requestContext;
  if (message.type === 'watch') {
    const id = message.creator_id;
    if (id !== null && (typeof id !== 'string' || !PROFILE_ID_RE.test(id))) return;
    await watchProfile(db, systemClock, connectionId, id);
    return;
  }
  if (message.type !== 'ping') return;
  if (!(await connectionIsLive(connections(), db, connectionId))) return;
  await postToConnection(connections(), db, connectionId, { type: 'pong' });
});
