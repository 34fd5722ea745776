/**
 * The WebSocket connection registry and delivery: every open connection of a profile (several
 * tabs and devices) gets the message; a 410 Gone removes the dead connection.
 */
import {
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { isConditionFailure } from '../db/errors.ts';
import { ttlAt } from '../db/keys.ts';
import type { Db } from '../db/service.ts';
import { openSession } from '../lib/auth.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';

/** API Gateway closes WebSocket connections after 2 hours; the registry forgets them a little later. */
const MAX_CONNECTION_SECONDS = 2 * 3600 + 300;

export interface ConnectionSender {
  send(command: PostToConnectionCommand | DeleteConnectionCommand): Promise<unknown>;
}

export async function registerConnection(
  db: Db,
  clock: Clock,
  connectionId: string,
  profileId: string,
  sessionId: string,
) {
  const now = clock.now();
  await db.entities.connection
    .put({
      connectionId,
      profileId,
      sessionId,
      connectedAt: now.toISOString(),
      ttl: ttlAt(now) + MAX_CONNECTION_SECONDS,
    })
    .go();
}

export async function forgetConnection(db: Db, connectionId: string) {
  await db.entities.connection.delete({ connectionId }).go();
}

/**
 * API Gateway answers 410 for a connection whose $connect has not returned yet, and the registry
 * item is written inside $connect: a push in that window must not forget the connection, or its
 * socket opens unregistered and deaf (the client catches up what it missed when it opens).
 * Older than this grace (beyond $connect's 29-second limit), a 410 means gone.
 */
const CONNECTING_GRACE_MS = 30_000;

async function forgetGoneConnection(db: Db, connectionId: string) {
  const cutoff = new Date(systemClock.now().getTime() - CONNECTING_GRACE_MS).toISOString();
  try {
    await db.entities.connection
      .delete({ connectionId })
      .where((attr, op) => op.lt(attr.connectedAt, cutoff))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

const isGone = (error: unknown) =>
  error instanceof GoneException || (error as { name?: string }).name === 'GoneException';

/** Closes one socket (API Gateway then raises $disconnect) and forgets it; an already closed one is fine. */
export async function closeConnection(sender: ConnectionSender, db: Db, connectionId: string) {
  try {
    await sender.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (error) {
    if (!isGone(error)) throw error;
  }
  await forgetConnection(db, connectionId);
}

/**
 * Closes the sockets of a profile when its sessions end: those opened by one session (logout, a
 * revoked refresh-token family), or all of them (password reset, suspension, leaving).
 * Returns how many were closed.
 */
export async function closeSessionSockets(
  sender: ConnectionSender,
  db: Db,
  profileId: string,
  sessionId?: string,
): Promise<number> {
  const { data } = await db.entities.connection.query.byProfile({ profileId }).go({ pages: 'all' });
  const doomed = data.filter((c) => sessionId === undefined || c.sessionId === sessionId);
  const results = await Promise.allSettled(doomed.map((c) => closeConnection(sender, db, c.connectionId)));
  // The session has ended already (its tokens are refused); a socket that could not be closed now
  // is closed by its next heartbeat (connectionIsLive), so this never fails the caller.
  for (const r of results) {
    if (r.status === 'rejected') logger.warn('closing a socket failed', { error: r.reason as Error });
  }
  return results.filter((r) => r.status === 'fulfilled').length;
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
    if (isGone(error)) {
      await forgetGoneConnection(db, connectionId);
      return false;
    }
    throw error;
  }
}

/** Sends to every live connection of a profile; returns how many received it. */
export async function sendToProfile(sender: ConnectionSender, db: Db, profileId: string, payload: unknown) {
  return sendManyToProfile(sender, db, profileId, async () => [payload]);
}

/**
 * Several pushes to one profile with one look-up of its connections; `payloads` is called only
 * when the profile has a connection, so what they need (e.g. an unread count) is read only then.
 * Each connection gets them in order. Returns the connections that got the first.
 */
export async function sendManyToProfile(
  sender: ConnectionSender,
  db: Db,
  profileId: string,
  payloads: () => Promise<unknown[]>,
) {
  const { data } = await db.entities.connection.query.byProfile({ profileId }).go({ pages: 'all' });
  if (data.length === 0) return 0;
  const list = await payloads();
  const results = await Promise.all(
    data.map(async (c) => {
      let first = false;
      for (const [i, payload] of list.entries()) {
        const ok = await postToConnection(sender, db, c.connectionId, payload);
        if (i === 0) first = Boolean(ok);
        if (!ok) break;
      }
      return first;
    }),
  );
  return results.filter(Boolean).length;
}

/**
 * For every message a socket sends (the heartbeat): is it still registered and its session still
 * open? If not, the socket is closed instead of answered, so a socket that outlived its session
 * (a race with a logout, a registry that forgot it) ends at the next heartbeat at the latest.
 */
export async function connectionIsLive(sender: ConnectionSender, db: Db, connectionId: string) {
  const { data: conn } = await db.entities.connection.get({ connectionId }).go({ consistent: true });
  if (conn?.sessionId) {
    try {
      await openSession(db, conn.profileId, conn.sessionId);
      return true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  await closeConnection(sender, db, connectionId);
  return false;
}

/**
 * `{type: 'watch', creator_id}` from a socket: the page shows that creator's profile, so the
 * creator's purchase log is pushed to it (`sendToWatchers`); `creator_id: null` stops. A socket
 * watches one profile at a time (one page per tab); the registry forgets it with the connection.
 * A socket no longer registered changes nothing (the condition of the patch).
 */
export async function watchProfile(db: Db, clock: Clock, connectionId: string, creatorId: string | null) {
  try {
    const patch = db.entities.connection.patch({ connectionId });
    await (creatorId
      ? patch.set({ watching: creatorId, watchedAt: clock.now().toISOString() })
      : patch.remove(['watching', 'watchedAt'])
    ).go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Sends to every socket watching a creator's profile (gsi2 `watchers#<creatorId>`); returns how many received it. */
export async function sendToWatchers(sender: ConnectionSender, db: Db, creatorId: string, payload: unknown) {
  const { data } = await db.entities.connection.query
    .byWatched({ watching: creatorId })
    .go({ pages: 'all', attributes: ['connectionId'] });
  const results = await Promise.allSettled(
    data.map((c) => postToConnection(sender, db, c.connectionId, payload)),
  );
  for (const r of results) {
    if (r.status === 'rejected') logger.warn('a purchase log push failed', { error: r.reason as Error });
  }
  return results.filter((r) => r.status === 'fulfilled' && r.value).length;
}
