/**
 * The wrapper every HTTP handler file uses: middy, JSON in and out, zod parsing, the caller check
 * from the route manifest, and the error policy (only errors below 500 reach the client in detail).
 */

import { businessConfig, type Language } from '@app/shared/config';
import { isSafeString, V } from '@app/shared/validation';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import {
  type Access,
  findRoute,
  type HttpRoute,
  PATH_PARAM_MAX,
  type PathParam,
  pathParamNames,
} from '../manifest.ts';
import { authenticate, type Caller } from './auth.ts';
import { type Clock, systemClock } from './clock.ts';
import { cursorScope, openCursor, sealCursor } from './cursor.ts';
import { AppError } from './errors.ts';
import { logger } from './logger.ts';
import { metricsFlush } from './metrics-flush.ts';
import { secrets } from './secrets.ts';

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

interface Options<BS extends z.ZodMiniType | undefined, QS extends z.ZodMiniType | undefined> {
  body?: BS;
  query?: QS;
  /**
   * The route also takes an `application/x-www-form-urlencoded` body (RFC 8058 one-click
   * unsubscribe, posted by mail clients). Others refuse anything but JSON.
   */
  form?: true;
  /**
   * A public answer that browsers may keep this long (`cache-control: public, max-age=…`) instead
   * of `no-store`; only for guest routes whose answer is the same for everyone.
   */
  publicMaxAge?: number;
}

type Out<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

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

function issuesOf(error: z.core.$ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

function parseWith<S extends z.ZodMiniType | undefined>(schema: S, input: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError('validation', 'invalid input', issuesOf(parsed.error));
  return parsed.data as Out<S>;
}

function readBody(event: APIGatewayProxyEventV2, form: boolean): unknown {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  const type = (event.headers?.['content-type'] ?? '').toLowerCase();
  if (form && type.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'body is not JSON');
  }
}

/** Deeper than any request of the API: refused before a schema walks it. */
const MAX_DEPTH = 16;

/**
 * Every string of a request (keys included) is a string of characters: no lone surrogate (JSON
 * can carry one, UTF-8 cannot) and no NUL-like control. One walk, without recursion, for the body
 * and the query, before any schema or service sees them: 422 with the path of the first culprit.
 */
function checkStrings(input: unknown, root: string): void {
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value: input, path: [], depth: 0 }];
  const refuse = (path: string[]) => {
    const at = [root, ...path].join('.');
    throw new AppError('validation', `unsafe characters at ${at}`, [
      { path: path.join('.'), message: V.textCharacters },
    ]);
  };
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as (typeof stack)[number];
    if (typeof value === 'string') {
      if (!isSafeString(value)) refuse(path);
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_DEPTH) throw new AppError('bad_request', `${root} nested too deeply`);
      for (const [key, child] of Object.entries(value)) {
        if (!isSafeString(key)) refuse(path);
        stack.push({ value: child, path: [...path, key], depth: depth + 1 });
      }
    }
  }
}

/** A route that takes no body accepts none, or `{}`: anything else is refused, not ignored. */
const NO_BODY = z.strictObject({});

/** The route's path parameters, each of the form its manifest rule names, else the rule's refusal. */
function pathParams(
  route: HttpRoute,
  event: APIGatewayProxyEventV2,
  caller: Caller | null,
): Record<string, string> {
  const given = event.pathParameters ?? {};
  const params: Record<string, string> = {};
  for (const name of pathParamNames(route.path)) {
    // Every parameter has a rule: httpHandler refuses to build a handler otherwise.
    const rule = route.params?.[name] as PathParam;
    const value = given[name];
    const ok =
      typeof value === 'string' &&
      value.length <= PATH_PARAM_MAX &&
      isSafeString(value) &&
      rule.pattern.test(value);
    if (!ok) throw new AppError(rule.refusal, `path parameter ${name} refused`);
    if (rule.own && value !== caller?.profileId)
      throw new AppError('forbidden', `{${name}} is not the caller`);
    params[name] = value;
  }
  return params;
}

/**
 * `httpHandler('POST /auth/login', { body: loginRequest }, async (ctx) => result)`.
 * The key must be a manifest route; its `access` decides who may call.
 */
export function httpHandler<
  BS extends z.ZodMiniType | undefined = undefined,
  QS extends z.ZodMiniType | undefined = undefined,
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
  if (options.publicMaxAge && access !== 'guest') throw new Error(`${key}: only guest routes are public`);
  for (const name of pathParamNames(route.path))
    if (!route.params?.[name]) throw new Error(`${key}: the manifest gives no rule for {${name}}`);
  // A list that takes a cursor is `paged` in the manifest, so its cursors are sealed and checked.
  const queryShape = (options.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (queryShape && 'cursor' in queryShape && !route.paged)
    throw new Error(`${key} takes ?cursor=: mark the route paged in the manifest`);

  const run = async (
    event: APIGatewayProxyEventV2,
    _context: Context,
  ): Promise<APIGatewayProxyStructuredResultV2> => {
    const headers = event.headers ?? {};
    try {
      const caller = await authenticate(
        headers.authorization,
        access,
        clock,
        route.refusal,
        route.beforePasswordChange === true,
      );
      if (caller) logger.appendKeys({ profileId: caller.profileId });
      const params = pathParams(route, event, caller);
      const rawQuery: Record<string, string | undefined> = { ...event.queryStringParameters };
      checkStrings(rawQuery, 'query');
      // Paged lists: the cursor comes back only as this route sealed it for this caller (checked
      // before a body: a forged cursor is a 400 whatever else a paged POST, a search, carries).
      const cursorSecret = route.paged ? (await secrets()).AUTH_SECRET : undefined;
      const scope = cursorScope(key, caller?.profileId ?? null);
      if (cursorSecret && rawQuery.cursor !== undefined)
        rawQuery.cursor = openCursor(cursorSecret, scope, rawQuery.cursor);
      let body: unknown;
      if (method !== 'GET') {
        const raw = readBody(event, options.form === true);
        checkStrings(raw, 'body');
        body = parseWith(options.body ?? NO_BODY, raw);
      }
      const query = parseWith(options.query, rawQuery);
      const result = await fn({
        body: body as Out<BS>,
        query: query as Out<QS>,
        params,
        caller,
        lang: requestLanguage(headers),
        clock,
        event,
      });
      if (cursorSecret && result && typeof result === 'object' && 'next_cursor' in result) {
        const next = (result as { next_cursor: unknown }).next_cursor;
        if (typeof next === 'string')
          return json(200, { ...result, next_cursor: sealCursor(cursorSecret, scope, next) });
      }
      const cache: Record<string, string> = options.publicMaxAge
        ? { 'cache-control': `public, max-age=${options.publicMaxAge}` }
        : {};
      return json(200, result ?? { ok: true }, cache);
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

  return middy(run)
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(metricsFlush());
}
