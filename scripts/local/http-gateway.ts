/** The local API Gateway HTTP API (stage `api`): manifest routes -> payload 2.0 events -> handlers. */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpRoute } from '../../functions/src/manifest.ts';
import { BodyTooLargeError, isTextContentType, joinedHeaders, readBody, sendJson } from './http-util.ts';
import { HandlerNotFoundError, type LambdaRuntime } from './lambda.ts';
import type { Log } from './log.ts';

export const API_STAGE = 'api';
const API_ID = 'localhttp';

interface CompiledRoute {
  route: HttpRoute;
  regex: RegExp;
  params: string[];
  literalSegments: number;
}

export function compileRoutes(routes: readonly HttpRoute[]): CompiledRoute[] {
  const compiled = routes.map((route) => {
    // API Gateway refuses such a route at deployment (CDK: RoutePathAlwaysStart), so the stand-in does too.
    if (!route.path.startsWith('/') || (route.path !== '/' && route.path.endsWith('/')))
      throw new Error(`${route.method} ${route.path}: a route path must start with "/" and not end with "/"`);
    const params: string[] = [];
    let literalSegments = 0;
    const body = route.path
      .split('/')
      .slice(1)
      .map((seg) => {
        const greedy = /^\{(\w+)\+\}$/.exec(seg);
        if (greedy) {
          params.push(greedy[1] as string);
          return '(.+)';
        }
        const param = /^\{(\w+)\}$/.exec(seg);
        if (param) {
          params.push(param[1] as string);
          return '([^/]+)';
        }
        literalSegments++;
        return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    return { route, regex: new RegExp(`^/${body}$`), params, literalSegments };
  });
  // API Gateway prefers the most specific route: more literal segments first.
  return compiled.sort((a, b) => b.literalSegments - a.literalSegments);
}

/** A path whose percent-encoding does not decode (e.g. `%E0%A4%A`): API Gateway answers 400. */
export class MalformedPathError extends Error {}

function decodePathParameter(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new MalformedPathError(`malformed percent-encoding in ${raw.slice(0, 80)}`);
  }
}

export function matchRoute(
  routes: readonly CompiledRoute[],
  method: string,
  path: string,
): { route: HttpRoute; pathParameters: Record<string, string> } | undefined {
  for (const candidate of routes) {
    if (candidate.route.method !== method) continue;
    const match = candidate.regex.exec(path);
    if (!match) continue;
    const pathParameters: Record<string, string> = {};
    candidate.params.forEach((name, i) => {
      pathParameters[name] = decodePathParameter(match[i + 1] ?? '');
    });
    return { route: candidate.route, pathParameters };
  }
  return undefined;
}

/** API Gateway's access-log time format: 12/Mar/2020:19:03:58 +0000 */
function requestTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

export function apiRequestId(): string {
  return `${randomBytes(6).toString('base64url').slice(0, 7)}=`;
}

function sourceIp(req: IncomingMessage): string {
  const ip = req.socket.remoteAddress ?? '127.0.0.1';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip === '::1' ? '127.0.0.1' : ip;
}

export function buildHttpEvent(input: {
  req: IncomingMessage;
  route: HttpRoute;
  pathParameters: Record<string, string>;
  rawPath: string;
  rawQueryString: string;
  body: Buffer;
  requestId: string;
}) {
  const { req, route, body } = input;
  const now = new Date();
  const headers = joinedHeaders(req, ['cookie']);
  const ip = sourceIp(req);
  headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${ip}` : ip;
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-forwarded-port'] ??= String(req.socket.localPort ?? '');
  headers['x-amzn-trace-id'] ??=
    `Root=1-${Math.floor(now.getTime() / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;
  const cookieHeader = req.headers.cookie;
  const cookies = cookieHeader
    ? cookieHeader
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean)
    : undefined;
  const query = new URLSearchParams(input.rawQueryString);
  const queryStringParameters: Record<string, string> = {};
  for (const [key, value] of query) {
    queryStringParameters[key] =
      key in queryStringParameters ? `${queryStringParameters[key]},${value}` : value;
  }
  const text = isTextContentType(headers['content-type']);
  const routeKey = `${route.method} ${route.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: input.rawPath,
    rawQueryString: input.rawQueryString,
    ...(cookies ? { cookies } : {}),
    headers,
    ...(query.size > 0 ? { queryStringParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: API_ID,
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method: route.method,
        path: input.rawPath,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: ip,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: input.requestId,
      routeKey,
      stage: API_STAGE,
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(Object.keys(input.pathParameters).length > 0 ? { pathParameters: input.pathParameters } : {}),
    ...(body.length > 0 ? { body: text ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !text,
  };
}

interface StructuredResult {
  statusCode: number;
  headers?: Record<string, string | number | boolean>;
  multiValueHeaders?: Record<string, (string | number | boolean)[]>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
}

/** Payload 2.0 response rules: an object with statusCode is used as is; anything else is JSON with 200. */
export function normalizeResult(result: unknown): StructuredResult {
  if (result && typeof result === 'object' && 'statusCode' in result) return result as StructuredResult;
  const body = typeof result === 'string' ? result : result === undefined ? '' : JSON.stringify(result);
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body };
}

export function writeResult(res: ServerResponse, result: StructuredResult, requestId: string): void {
  const headers: Record<string, string | string[]> = { 'apigw-requestid': requestId };
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
    headers[name.toLowerCase()] = values.map(String).join(',');
  }
  for (const [name, value] of Object.entries(result.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  headers['content-type'] ??= 'application/json';
  const body = result.body
    ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8')
    : Buffer.alloc(0);
  headers['content-length'] = String(body.length);
  res.writeHead(result.statusCode, headers);
  res.end(body);
}

export function createHttpGateway(opts: { routes: readonly HttpRoute[]; runtime: LambdaRuntime; log: Log }) {
  const compiled = compileRoutes(opts.routes);
  /** `rawPath` includes the stage prefix `/api`. */
  return async (req: IncomingMessage, res: ServerResponse, rawPath: string, rawQueryString: string) => {
    const requestId = apiRequestId();
    const routePath = rawPath.slice(`/${API_STAGE}`.length) || '/';
    let matched: ReturnType<typeof matchRoute>;
    try {
      matched = matchRoute(compiled, req.method ?? 'GET', routePath);
    } catch (err) {
      if (!(err instanceof MalformedPathError)) throw err;
      req.resume();
      sendJson(res, 400, { message: 'Bad Request' }, { 'apigw-requestid': requestId });
      return;
    }
    if (!matched) {
      req.resume();
      sendJson(res, 404, { message: 'Not Found' }, { 'apigw-requestid': requestId });
      return;
    }
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        sendJson(res, 413, { message: 'Request Entity Too Large' }, { 'apigw-requestid': requestId });
        return;
      }
      throw err;
    }
    const event = buildHttpEvent({ req, ...matched, rawPath, rawQueryString, body, requestId });
    const started = Date.now();
    try {
      const result = normalizeResult(await opts.runtime.invoke(matched.route.handler, event));
      writeResult(res, result, requestId);
      opts.log.info(`${event.routeKey} -> ${result.statusCode} (${Date.now() - started} ms)`);
    } catch (err) {
      const hint = err instanceof HandlerNotFoundError ? err.message : err;
      opts.log.error(`${event.routeKey} -> 500: handler ${matched.route.handler} failed`, hint);
      if (!res.headersSent)
        sendJson(res, 500, { message: 'Internal Server Error' }, { 'apigw-requestid': requestId });
      else res.destroy();
    }
  };
}
