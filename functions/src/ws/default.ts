import { getDb } from '../db/service.ts';
import { connections } from '../lib/aws/connections.ts';
import { wsHandler } from '../lib/ws.ts';
import { connectionIsLive, postToConnection } from '../services/realtime.ts';

/**
 * Heartbeats keep the connection under API Gateway's 10-minute idle limit; a ping gets a pong,
 * unless the socket's session has ended meanwhile: then the socket is closed instead.
 */
export const handler = wsHandler('$default', async (event) => {
  let message: { type?: unknown } = {};
  try {
    message = JSON.parse(event.body ?? '{}');
  } catch {
    return;
  }
  if (message.type !== 'ping') return;
  const db = getDb();
  const { connectionId } = event.requestContext;
  if (!(await connectionIsLive(connections(), db, connectionId))) return;
  await postToConnection(connections(), db, connectionId, { type: 'pong' });
});
