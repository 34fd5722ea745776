import {
  ApiGatewayManagementApiClient,
  GetConnectionCommand,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type LocalCloud, startLocalCloud } from '../local/cloud.ts';
import { recorded } from './fixtures/recorder.ts';
import { fixtureRoot, fixtureWsRoutes } from './fixtures/routes.ts';

let cloud: LocalCloud;
const IDLE_MS = 1500;
const MAX_MS = 3000;

beforeAll(async () => {
  cloud = await startLocalCloud({
    port: 0,
    dataDir: null,
    site: false,
    quiet: true,
    stage: 'test',
    handlerRoot: fixtureRoot,
    httpRoutes: [],
    wsRoutes: fixtureWsRoutes,
    wsTimeouts: { idleTimeoutMs: IDLE_MS, maxConnectionMs: MAX_MS },
  });
});

afterAll(async () => {
  await cloud?.stop();
});

function open(query = ''): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${cloud.wsUrl}${query}`, { headers: { 'user-agent': 'ws-test' } });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

const nextMessage = (socket: WebSocket) =>
  new Promise<string>((resolve) => socket.once('message', (data: Buffer) => resolve(data.toString('utf8'))));
const closed = (socket: WebSocket) =>
  new Promise<number>((resolve) => socket.once('close', (code: number) => resolve(code)));
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  return check();
};
const connections = () => new ApiGatewayManagementApiClient({ endpoint: process.env.WS_CALLBACK_URL });

describe('WebSocket gateway', () => {
  it('calls $connect with the request, $default with messages, and @connections posts back', async () => {
    const socket = await open('?token=abc&profile=p1');
    const connect = recorded('ws/connect').at(-1);
    expect(connect.requestContext).toMatchObject({ routeKey: '$connect', eventType: 'CONNECT', stage: 'ws' });
    expect(connect.requestContext.connectionId).toMatch(/^\S+=$/);
    expect(connect.queryStringParameters).toEqual({ token: 'abc', profile: 'p1' });
    expect(connect.headers['user-agent']).toBe('ws-test');

    const reply = nextMessage(socket);
    socket.send('こんにちは');
    expect(await reply).toBe('echo: こんにちは');
    const message = recorded('ws/default').at(-1);
    expect(message).toMatchObject({
      body: 'こんにちは',
      isBase64Encoded: false,
      requestContext: {
        routeKey: '$default',
        eventType: 'MESSAGE',
        connectionId: connect.requestContext.connectionId,
      },
    });

    const info = await connections().send(
      new GetConnectionCommand({ ConnectionId: connect.requestContext.connectionId }),
    );
    expect(info.Identity).toEqual({ SourceIp: '127.0.0.1', UserAgent: 'ws-test' });
    expect(info.ConnectedAt).toBeInstanceOf(Date);

    const closing = closed(socket);
    socket.close(1000);
    expect(await closing).toBe(1000);
    expect(await until(() => recorded('ws/disconnect').length > 0)).toBe(true);
    const disconnect = recorded('ws/disconnect').at(-1);
    expect(disconnect.requestContext).toMatchObject({
      routeKey: '$disconnect',
      eventType: 'DISCONNECT',
      connectionId: connect.requestContext.connectionId,
      disconnectStatusCode: 1000,
    });

    // After the close: 410 GoneException through the SDK.
    const gone = await connections()
      .send(new PostToConnectionCommand({ ConnectionId: connect.requestContext.connectionId, Data: 'x' }))
      .then(
        () => undefined,
        (err: { name: string; $metadata: { httpStatusCode: number } }) => err,
      );
    expect(gone?.name).toBe('GoneException');
    expect(gone?.$metadata.httpStatusCode).toBe(410);
  });

  it('closes a socket through DeleteConnection', async () => {
    const socket = await open();
    const closing = closed(socket);
    socket.send('close me');
    expect(await closing).toBe(1000);
  });

  it('refuses the upgrade with the status $connect answers (500 when it throws)', async () => {
    await expect(open('?deny=1')).rejects.toThrow('status 403');
    await expect(open('?boom=1')).rejects.toThrow('status 500');
  });

  it('closes an idle connection after the idle timeout', async () => {
    const socket = await open();
    const started = Date.now();
    expect(await closed(socket)).toBe(1001);
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS - 100);
  });

  it('closes a busy connection at the maximum duration', async () => {
    const socket = await open();
    const started = Date.now();
    const keepBusy = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send('ping'), 300);
    const code = await closed(socket);
    clearInterval(keepBusy);
    expect(code).toBe(1001);
    expect(Date.now() - started).toBeGreaterThanOrEqual(MAX_MS - 100);
  });
});
