/**
 * The WebSocket connection registry and delivery: every open connection of a profile (several
 * tabs and devices) gets the message; a 410 Gone removes the dead connection.
 */
import {
  type DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { ttlAt } from '../db/keys.ts';
import type { Db } from '../db/service.ts';
import type { Clock } from '../lib/clock.ts';

/** API Gateway closes WebSocket connections after 2 hours; the registry forgets them a little later. */
const MAX_CONNECTION_SECONDS = 2 * 3600 + 300;

export interface ConnectionSender {
  send(command: PostToConnectionCommand | DeleteConnectionCommand): Promise<unknown>;
}

export async function registerConnection(db: Db, clock: Clock, connectionId: string, profileId: string) {
  const now = clock.now();
  await db.entities.connection
    .put({
      connectionId,
      profileId,
      connectedAt: now.toISOString(),
      ttl: ttlAt(now) + MAX_CONNECTION_SECONDS,
    })
    .go();
}

export async function forgetConnection(db: Db, connectionId: string) {
  await db.entities.connection.delete({ connectionId }).go();
}

export async function postToConnection(
  sender: ConnectionSender,
  db: Db,
  connectionId: string,
  payload: unknown,
) {
  try {
    await sender.send(
      new PostToConnectionCommand({
        ConnectionId: connectionId,
        Data: new TextEncoder().encode(JSON.stringify(payload)),
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof GoneException || (error as { name?: string }).name === 'GoneException') {
      await forgetConnection(db, connectionId);
      return false;
    }
    throw error;
  }
}

/** Sends to every live connection of a profile; returns how many received it. */
export async function sendToProfile(sender: ConnectionSender, db: Db, profileId: string, payload: unknown) {
  const { data } = await db.entities.connection.query.byProfile({ profileId }).go({ pages: 'all' });
  const results = await Promise.all(data.map((c) => postToConnection(sender, db, c.connectionId, payload)));
  return results.filter(Boolean).length;
}
