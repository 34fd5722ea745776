import { getDb } from '../db/service.ts';
import { wsHandler } from '../lib/ws.ts';
import { forgetConnection } from '../services/realtime.ts';

export const handler = wsHandler('$disconnect', async (event) => {
  await forgetConnection(getDb(), event.requestContext.connectionId);
});
