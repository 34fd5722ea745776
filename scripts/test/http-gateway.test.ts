import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalCloud, startLocalCloud } from '../local/cloud.ts';
import { fixtureHttpRoutes, fixtureJobs, fixtureRoot, fixtureWsRoutes } from './fixtures/routes.ts';

let cloud: LocalCloud;

beforeAll(async () => {
  cloud = await startLocalCloud({
    port: 0,
    dataDir: null,
    site: false,
    quiet: true,
    stage: 'test',
    handlerRoot: fixtureRoot,
    httpRoutes: fixtureHttpRoutes,
    wsRoutes: fixtureWsRoutes,
    jobs: fixtureJobs,
  });
});

afterAll(async () => {
  await cloud?.stop();
});

describe('HTTP gateway', () => {
  it('passes an API Gateway v2 (payload 2.0) event and writes the structured result', async () => {
    const res = await fetch(`${cloud.apiUrl}/echo/a%20b?x=1&y=2&x=3`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'sid=abc; lang=ja', 'X-Custom': 'Yes' },
      body: JSON.stringify({ hello: 'せかい' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-fixture')).toBe('echo');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly']);
    const { event, functionName } = (await res.json()) as {
      event: {
        headers: Record<string, string>;
        requestContext: { requestId: string; timeEpoch: number; time: string };
      };
      functionName: string;
    };
    expect(functionName).toBe('kinoko-test-HttpEcho');
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /echo/{id}',
      rawPath: '/api/echo/a%20b',
      rawQueryString: 'x=1&y=2&x=3',
      cookies: ['sid=abc', 'lang=ja'],
      queryStringParameters: { x: '1,3', y: '2' },
      pathParameters: { id: 'a b' },
      body: '{"hello":"せかい"}',
      isBase64Encoded: false,
      requestContext: {
        http: { method: 'POST', path: '/api/echo/a%20b', sourceIp: '127.0.0.1', userAgent: 'node' },
        routeKey: 'POST /echo/{id}',
        stage: 'api',
      },
    });
    expect(event.headers['x-custom']).toBe('Yes');
    expect(event.headers['content-type']).toBe('application/json');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.requestContext.requestId).toMatch(/^\S+$/);
    expect(Math.abs(event.requestContext.timeEpoch - Date.now())).toBeLessThan(10_000);
    expect(event.requestContext.time).toMatch(/^\d{2}\/\w{3}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
  });

  it('prefers a literal route over a parameter and answers the 2.0 shorthand as JSON', async () => {
    const res = await fetch(`${cloud.apiUrl}/echo/fixed`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ hello: 'こんにちは' });
  });

  it('base64-encodes a binary request body and decodes a base64 response', async () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    const res = await fetch(`${cloud.apiUrl}/binary`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: bytes,
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
  });

  it('answers 404 like API Gateway for an unknown route or method', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['GET', '/echo/1'],
      ['POST', '/echo'],
    ] as const) {
      const res = await fetch(`${cloud.apiUrl}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('answers 400 for a path parameter whose percent-encoding does not decode, without calling the handler', async () => {
    for (const path of ['/echo/%E0%A4%A', '/echo/%', '/echo/%zz', '/echo/a%C3']) {
      const res = await fetch(`${cloud.apiUrl}${path}`, { method: 'POST', body: '{}' });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ message: 'Bad Request' });
    }
  });

  it('answers 500 with a generic message when the handler throws or is missing', async () => {
    for (const path of ['/throws', '/missing']) {
      const res = await fetch(`${cloud.apiUrl}${path}`);
      expect(res.status, path).toBe(500);
      expect(await res.json()).toEqual({ message: 'Internal Server Error' });
    }
  });

  it('sets the handler environment', () => {
    expect(process.env.STAGE).toBe('test');
    expect(process.env.TABLE_NAME).toBe(cloud.tableName);
    expect(process.env.SITE_URL).toBe(cloud.url);
    expect(process.env.LINE_API_URL).toBe(`${cloud.url}/_local/line/api`);
    expect((process.env.AUTH_SECRET ?? '').length).toBeGreaterThanOrEqual(32);
  });
});
