import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect, inject, test } from 'vitest';
import WebSocket from 'ws';
import { registerAccount } from './helpers/accounts.ts';
import { db, tableName } from './helpers/cloud.ts';

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
