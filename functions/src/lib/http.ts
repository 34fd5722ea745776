/**
 * The wrapper every HTTP handler file uses: middy, JSON in and out, zod parsing, the caller check
 * from the route manifest, and the error policy (only errors below 500 reach the client in detail).
 */

import { businessConfig, type Language } from '@app/shared/config';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ZodType, z } from 'zod';
import { type Access, findRoute, type HttpRoute } from '../manifest.ts';
import { authenticate, type Caller } from './auth.ts';
import { type Clock, systemClock } from './clock.ts';
import { AppError } from './errors.ts';
import { logger } from './logger.ts';

export interface RequestContext<B, Q> {
  body: B;
  query: Q;
  params: Record<string, string>;
  /** Null only on guest routes, or optional ones called without a token. */
  caller: Caller | null;
  lang: Language;
  clock: Clock;
  event: APIGatewayProxyEventV2;
}

interface Options<BS extends ZodType | undefined, QS extends ZodType | undefined> {
  body?: BS;
  query?: QS;
}

type Out<S> = S extends ZodType ? z.output<S> : undefined;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function json(
  status: number,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return { statusCode: status, headers: { ...JSON_HEADERS, ...extraHeaders }, body: JSON.stringify(body) };
}

/** The request's language: the client's X-Lang header, else Accept-Language, else Japanese. */
export function requestLanguage(headers: Record<string, string | undefined>): Language {
  const pick = (headers['x-lang'] ?? headers['accept-language'] ?? '').trim().toLowerCase();
  if (pick.startsWith('en')) return 'en';
  return businessConfig.defaultLanguage;
}

function issuesOf(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

function parseWith<S extends ZodType | undefined>(schema: S, input: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError('validation', 'invalid input', issuesOf(parsed.error));
  return parsed.data as Out<S>;
}

function readBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'body is not JSON');
  }
}

/**
 * `httpHandler('POST /auth/login', { body: loginRequest }, async (ctx) => result)`.
 * The key must be a manifest route; its `access` decides who may call.
 */
export function httpHandler<
  BS extends ZodType | undefined = undefined,
  QS extends ZodType | undefined = undefined,
>(
  key: string,
  options: Options<BS, QS>,
  fn: (ctx: RequestContext<Out<BS>, Out<QS>>) => Promise<unknown>,
  clock: Clock = systemClock,
) {
  const [method = '', path = ''] = key.split(' ');
  const route: HttpRoute | undefined = findRoute(method, path);
  if (!route) throw new Error(`No manifest route for ${key}`);
  const access: Access = route.access;

  const run = async (
    event: APIGatewayProxyEventV2,
    _context: Context,
  ): Promise<APIGatewayProxyStructuredResultV2> => {
    const headers = event.headers ?? {};
    try {
      const caller = await authenticate(headers.authorization, access, clock, route.refusal);
      if (caller) logger.appendKeys({ profileId: caller.profileId });
      const body = method === 'GET' ? undefined : parseWith(options.body, readBody(event));
      const query = parseWith(options.query, event.queryStringParameters ?? {});
      const result = await fn({
        body: body as Out<BS>,
        query: query as Out<QS>,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        caller,
        lang: requestLanguage(headers),
        clock,
        event,
      });
      return json(200, result ?? { ok: true });
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        logger.info('request refused', { code: error.code, status: error.status });
        const retry: Record<string, string> =
          error.retryAfter === undefined ? {} : { 'retry-after': String(error.retryAfter) };
        return json(error.status, error.toBody(), retry);
      }
      logger.error('request failed', { error: error as Error, route: key });
      return json(500, new AppError('internal').toBody());
    } finally {
      logger.resetKeys();
    }
  };

  return middy(run).use(injectLambdaContext(logger, { resetKeys: true }));
}
