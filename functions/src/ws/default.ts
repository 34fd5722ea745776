import { getDb } from '../db/service.ts';
import { connections } from '../lib/aws.ts';
import { wsHandler } from '../lib/ws.ts';
import { postToConnection } from '../services/realtime.ts';

/** Heartbeats keep the connection under API Gateway's 10-minute idle limit; a ping gets a pong. */
export const handler = wsHandler('$default', async (event) => {
  let message: { type?: unknown } = {};
  try {
    message = JSON.parse(event.body ?? '{}');
  } catch {
    return;
  }
  if (message.type === 'ping') {
    await postToConnection(connections(), getDb(), event.requestContext.connectionId, { type: 'pong' });
  }
});
