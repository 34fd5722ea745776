import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { type WsEvent, wsHandler } from './ws.ts';

const event = (routeKey: string, eventType: string) =>
  ({ requestContext: { routeKey, eventType, connectionId: 'c1=' } }) as unknown as WsEvent;

describe('wsHandler', () => {
  it('runs $connect and $disconnect only for the events the gateway raises them with', async () => {
    const calls: string[] = [];
    const connect = wsHandler('$connect', async () => void calls.push('connect'));
    const disconnect = wsHandler('$disconnect', async () => void calls.push('disconnect'));
    const ctx = {} as Context;
    // A client message that reached them (a gateway routing on `action`) is refused unrun.
    expect(await disconnect(event('$disconnect', 'MESSAGE'), ctx)).toEqual({ statusCode: 403 });
    expect(await connect(event('$connect', 'MESSAGE'), ctx)).toEqual({ statusCode: 403 });
    expect(calls).toEqual([]);
    expect(await disconnect(event('$disconnect', 'DISCONNECT'), ctx)).toEqual({ statusCode: 200 });
    expect(await connect(event('$connect', 'CONNECT'), ctx)).toEqual({ statusCode: 200 });
    expect(calls).toEqual(['disconnect', 'connect']);
  });

  it('runs message routes only for messages', async () => {
    let ran = 0;
    const message = wsHandler('$default', async () => void ran++);
    expect(await message(event('$default', 'CONNECT'), {} as Context)).toEqual({ statusCode: 403 });
    expect(await message(event('$default', 'MESSAGE'), {} as Context)).toEqual({ statusCode: 200 });
    expect(ran).toBe(1);
  });
});
