import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, test } from 'vitest';
import WebSocket from 'ws';
import { systemClock } from '../src/lib/clock.ts';
import { suspendAccount } from '../src/services/account-status.ts';
import { registerConnection, sendToProfile } from '../src/services/realtime.ts';
import { registerAccount, signInFan } from './helpers/accounts.ts';
import { signInAdmin } from './helpers/admin.ts';
import { api, db, manualClock, tableName, testDb } from './helpers/cloud.ts';
import { endSessionDeps, loginAgain, resetPassword } from './helpers/sessions.ts';

function open(query: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${inject('wsUrl')}?${new URLSearchParams(query)}`);
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

const nextMessage = (socket: WebSocket) =>
  new Promise<unknown>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));

async function connectionsOf(profileId: string) {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `connections#${profileId}` },
    }),
  );
  return (out.Items ?? []).map((i) => i.connectionId as string);
}

test('$connect needs the access token and the matching profile id', async () => {
  const { access_token, profile_id } = await registerAccount();
  await expect(open({ profile_id })).rejects.toThrow('refused 401');
  await expect(open({ token: 'garbage', profile_id })).rejects.toThrow('refused 401');
  await expect(open({ token: access_token, profile_id: 'someone-else' })).rejects.toThrow('refused 403');
  expect(await connectionsOf(profile_id)).toEqual([]);
});

test('$connect admits members only: an operator is refused as a foreign token is, a fan gets its socket', async () => {
  const [operator, fan] = await Promise.all([
    signInAdmin('realtime'),
    signInFan({ displayName: 'realtime' }),
  ]);
  await expect(open({ token: operator.access_token, profile_id: operator.profile_id })).rejects.toThrow(
    'refused 403',
  );
  expect(await connectionsOf(operator.profile_id)).toEqual([]);
  const socket = await open({ token: fan.access_token, profile_id: fan.profile_id });
  expect(await connectionsOf(fan.profile_id)).toHaveLength(1);
  socket.close();
});

test('every open connection of a profile is registered, reachable, and forgotten on close', async () => {
  const { access_token, profile_id } = await registerAccount();
  const [tab1, tab2] = await Promise.all([
    open({ token: access_token, profile_id }),
    open({ token: access_token, profile_id }),
  ]);
  const ids = await connectionsOf(profile_id);
  expect(ids).toHaveLength(2);

  // Heartbeat: a ping is answered.
  const pong = nextMessage(tab1);
  tab1.send(JSON.stringify({ type: 'ping' }));
  expect(await pong).toEqual({ type: 'pong' });

  // Services push through the @connections API to each connection.
  const management = new ApiGatewayManagementApiClient({
    endpoint: inject('localEnv').WS_CALLBACK_URL,
    region: 'ap-northeast-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const received = Promise.all([nextMessage(tab1), nextMessage(tab2)]);
  for (const id of ids) {
    await management.send(
      new PostToConnectionCommand({ ConnectionId: id, Data: JSON.stringify({ hello: id }) }),
    );
  }
  expect((await received).map((m) => (m as { hello: string }).hello).sort()).toEqual([...ids].sort());

  tab1.close();
  tab2.close();
  await expect.poll(() => connectionsOf(profile_id)).toEqual([]);
});

const closed = (socket: WebSocket) =>
  new Promise<number>((resolve) => socket.once('close', (code: number) => resolve(code)));
const socketOf = (s: { access_token: string; profile_id: string }) =>
  open({ token: s.access_token, profile_id: s.profile_id });

test('a push meeting a connection still in $connect (410) keeps it registered; a long-gone one is forgotten', async () => {
  const { profile_id } = await registerAccount();
  const store = testDb();
  await registerConnection(store, systemClock, 'connecting-1', profile_id, 'session-1');
  await registerConnection(
    store,
    manualClock(new Date(Date.now() - 60_000)),
    'gone-1',
    profile_id,
    'session-1',
  );
  // What API Gateway answers for both: the first has not finished $connect, the second is gone.
  const gone = {
    send: async () => Promise.reject(Object.assign(new Error('Gone'), { name: 'GoneException' })),
  };
  expect(await sendToProfile(gone, store, profile_id, { type: 'pong' })).toBe(0);
  expect(await connectionsOf(profile_id)).toEqual(['connecting-1']);
});

describe('a socket lives no longer than its session', () => {
  test('logout closes that session’s sockets, not the other device’s', async () => {
    const phone = await registerAccount();
    const laptop = await loginAgain(phone.email as string);
    const [phoneSocket, laptopSocket] = await Promise.all([socketOf(phone), socketOf(laptop)]);
    const phoneClosed = closed(phoneSocket);
    await api('/auth/logout', { body: { refresh_token: phone.refresh_token } });
    expect(await phoneClosed).toBe(1000);
    expect(laptopSocket.readyState).toBe(WebSocket.OPEN);
    await expect.poll(() => connectionsOf(phone.profile_id)).toHaveLength(1);
    // The ended session cannot open a new one either.
    await expect(socketOf(phone)).rejects.toThrow('refused 401');
    laptopSocket.close();
  });

  test('a password reset, a suspension and leaving close every socket', async () => {
    const reset = await registerAccount();
    const suspended = await registerAccount();
    const leaving = await registerAccount();
    const sockets = await Promise.all(
      [reset, suspended, leaving].flatMap(async (s) => {
        const other = await loginAgain(s.email as string);
        return [await socketOf(s), await socketOf(other)];
      }),
    );
    const all = sockets.flat();
    const closings = all.map(closed);
    await resetPassword(reset.email as string);
    await suspendAccount(endSessionDeps(), suspended.profile_id);
    await api('/auth/leave', { body: {}, token: leaving.access_token });
    expect(await Promise.all(closings)).toEqual(all.map(() => 1000));
    for (const s of [reset, suspended, leaving]) expect(await connectionsOf(s.profile_id)).toEqual([]);
    await expect(socketOf(reset)).rejects.toThrow('refused 401');
    await expect(socketOf(suspended)).rejects.toThrow('refused 403');
  });

  test('a socket whose session ended without it is closed at its next heartbeat instead of answered', async () => {
    const session = await registerAccount();
    const socket = await socketOf(session);
    const pong = nextMessage(socket);
    socket.send(JSON.stringify({ type: 'ping' }));
    expect(await pong).toEqual({ type: 'pong' });
    // The session ends behind the socket's back (e.g. a race with a logout): revoke it in the table.
    const [connectionId] = await connectionsOf(session.profile_id);
    const { data } = await testDb()
      .entities.connection.get({ connectionId: connectionId as string })
      .go();
    await testDb()
      .entities.tokenFamily.patch({ familyId: data?.sessionId as string })
      .set({ revoked: true })
      .go();
    const seen = collectAll(socket);
    const closing = closed(socket);
    socket.send(JSON.stringify({ type: 'ping' }));
    expect(await closing).toBe(1000);
    expect(seen).toEqual([]);
  });

  test('a client frame {"action":"$disconnect"} does not unregister its socket', async () => {
    const session = await registerAccount();
    const socket = await socketOf(session);
    const [id] = await connectionsOf(session.profile_id);
    socket.send(JSON.stringify({ action: '$disconnect' }));
    socket.send(JSON.stringify({ action: '$connect' }));
    const pong = nextMessage(socket);
    socket.send(JSON.stringify({ type: 'ping' }));
    expect(await pong).toEqual({ type: 'pong' });
    expect(await connectionsOf(session.profile_id)).toEqual([id]);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });
});

function collectAll(socket: WebSocket): unknown[] {
  const seen: unknown[] = [];
  socket.on('message', (data) => seen.push(String(data)));
  return seen;
}
