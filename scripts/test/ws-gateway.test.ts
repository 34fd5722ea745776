import { randomBytes } from 'node:crypto';
import { type Socket, connect as tcpConnect } from 'node:net';
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

/** A masked client text frame (RFC 6455), for the raw client below. */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  if (payload.length > 125) throw new Error('short frames only');
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((b, i) => b ^ (mask[i % 4] as number)));
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]);
}

/**
 * A WebSocket client that speaks raw frames and never answers a close frame (a misbehaving or
 * hostile client): it shows what the gateway itself does after DeleteConnection.
 */
async function rawClient(): Promise<{ socket: Socket; frames: Buffer[]; ended: Promise<void> }> {
  const url = new URL(cloud.wsUrl);
  const socket = tcpConnect(Number(url.port), url.hostname);
  const frames: Buffer[] = [];
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(head.split('\r\n')[0]));
      socket.on('data', (data: Buffer) => frames.push(data));
      resolve();
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(
      [
        `GET ${url.pathname} HTTP/1.1`,
        `Host: ${url.host}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n'),
    );
  });
  return { socket, frames, ended };
}

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

  it('routes a client message naming $connect or $disconnect to $default, as API Gateway does', async () => {
    const socket = await open();
    const id = recorded('ws/connect').at(-1).requestContext.connectionId;
    const connects = recorded('ws/connect').length;
    const disconnects = recorded('ws/disconnect').length;
    const replies: string[] = [];
    socket.on('message', (data: Buffer) => replies.push(data.toString('utf8')));
    socket.send(JSON.stringify({ action: '$disconnect' }));
    socket.send(JSON.stringify({ action: '$connect' }));
    socket.send('after');
    expect(await until(() => replies.includes('echo: after'))).toBe(true);
    // Only the gateway raises $connect and $disconnect: the frames went to $default.
    expect(recorded('ws/connect')).toHaveLength(connects);
    expect(recorded('ws/disconnect')).toHaveLength(disconnects);
    expect(
      recorded('ws/default')
        .filter((e) => e.requestContext.connectionId === id)
        .map((e) => [e.body, e.requestContext.routeKey, e.requestContext.eventType]),
    ).toEqual([
      ['{"action":"$disconnect"}', '$default', 'MESSAGE'],
      ['{"action":"$connect"}', '$default', 'MESSAGE'],
      ['after', '$default', 'MESSAGE'],
    ]);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close(1000);
  });

  it('DeleteConnection really ends the connection, even for a client that ignores the close', async () => {
    const client = await rawClient();
    const id = recorded('ws/connect').at(-1).requestContext.connectionId;
    client.socket.write(textFrame('close me'));
    // The gateway's close frame (opcode 8) arrives; this client never answers it and keeps talking.
    expect(await until(() => client.frames.some((f) => ((f[0] as number) & 0x0f) === 0x8))).toBe(true);
    client.socket.write(textFrame('still here'));
    await client.ended;
    expect(
      await until(() => recorded('ws/disconnect').some((e) => e.requestContext.connectionId === id)),
    ).toBe(true);
    const bodies = recorded('ws/default')
      .filter((e) => e.requestContext.connectionId === id)
      .map((e) => e.body);
    expect(bodies).toEqual(['close me']);
    const gone = await connections()
      .send(new GetConnectionCommand({ ConnectionId: id }))
      .then(
        () => undefined,
        (err: { name: string }) => err.name,
      );
    expect(gone).toBe('GoneException');
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
