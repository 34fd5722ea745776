/**
 * The local cloud behind `npm start` and the integration tests: one HTTP server (site, /api gateway,
 * /ws gateway, stand-ins under /_local) plus DynamoDB Local and the S3 stand-in on their own ports.
 * See docs/architecture.md, "The local cloud".
 */

import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mediaConfig } from '@app/shared/media';
import { SAMPLE_OPERATOR } from '@app/shared/operator';
import type { RuntimeConfig } from '@app/shared/runtime-config';
import { type WithdrawalFaultField, withdrawalFaultFields } from '@app/shared/schemas/business';
import { type DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { clockOffset, setClockOffset, systemClock } from '../../functions/src/lib/clock.ts';
import { queueUrlVariable } from '../../functions/src/lib/env.ts';
import {
  type HttpRoute,
  handlerId,
  type JobDef,
  httpRoutes as manifestHttpRoutes,
  jobs as manifestJobs,
  queues as manifestQueues,
  streamConsumers as manifestStreamConsumers,
  wsRoutes as manifestWsRoutes,
  type QueueDef,
  type StreamConsumerDef,
  scheduleDelivery,
  streamDelivery,
  type WsRoute,
} from '../../functions/src/manifest.ts';
import { securityHeaders } from '../../infra/src/security-headers.ts';
import { checkJava, ensureTable, startDynamo, streamArnOf } from './dynamo.ts';
import {
  applyEnv,
  LOCAL_ACCESS_KEY_ID,
  LOCAL_REGION,
  LOCAL_SECRET_ACCESS_KEY,
  type LocalStage,
  localEnv,
} from './env.ts';
import { API_STAGE, createHttpGateway } from './http-gateway.ts';
import { readBody, sendHtml, sendJson } from './http-util.ts';
import { type LambdaHandler, LambdaRuntime } from './lambda.ts';
import { LineStandIn } from './line.ts';
import { createLog, type Log } from './log.ts';
import { localVapidKeys, PushStandIn } from './push.ts';
import { LocalQueues } from './queues.ts';
import { privateMediaRoute, publicMediaRoute, startS3 } from './s3.ts';
import { SchedulerStandIn } from './scheduler.ts';
import { createSesStandIn, Outbox, outboxJson, outboxPage } from './ses.ts';
import { checkSiteBuild, createSiteServer } from './site.ts';
import { SqsStandIn } from './sqs.ts';
import { SquareStandIn } from './square.ts';
import { StreamPoller } from './streams.ts';
import { WsGateway, type WsTimeouts } from './ws-gateway.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.local');

export interface LocalCloudOptions {
  /** 0 = a random free port. Default 3000. */
  port?: number;
  /** Where data persists; null = in-memory DynamoDB and a temp dir for S3. Default `.local`. */
  dataDir?: string | null;
  /** Serve the built site (web/dist, must be built). Default true. */
  site?: boolean;
  /** Default web/dist. */
  siteDir?: string;
  /** Seed demo data (scripts/seed.ts default export, if present) when the table is empty. Default false. */
  seed?: boolean;
  /** Run the manifest's `runAtStart` jobs once after the seed (`npm start`: home filled at once). Default false. */
  runStartJobs?: boolean;
  quiet?: boolean;
  /** Where handler modules live. Default functions/src. */
  handlerRoot?: string;
  /** Default 'local'; tests use 'test'. */
  stage?: LocalStage;
  /** Override the manifest (tests with fixture handlers). */
  httpRoutes?: readonly HttpRoute[];
  wsRoutes?: readonly WsRoute[];
  jobs?: readonly JobDef[];
  streamConsumers?: readonly StreamConsumerDef[];
  queues?: readonly QueueDef[];
  /**
   * Every queue's visibility timeout in seconds, instead of 6 x its consumer's timeout (as in AWS):
   * tests and benchmarks make retries come back sooner. `npm start`: LOCAL_QUEUE_VISIBILITY_SECONDS.
   */
  queueVisibilityTimeoutSeconds?: number;
  /**
   * Queues that no in-process poller consumes: separate `scripts/local/queue-worker.ts` processes
   * do (the benchmark kills one). `npm start`: LOCAL_QUEUE_WORKERS=external (all) or a comma list.
   */
  externalQueueWorkers?: readonly string[];
  /** In-process handlers by module name (fixtures of tests and benchmarks). */
  handlers?: Record<string, LambdaHandler>;
  /** WebSocket idle timeout and maximum duration (tests make them short). */
  wsTimeouts?: WsTimeouts;
  /** Fixed ports for DynamoDB Local and S3 (default: random free ports). */
  dynamoPort?: number;
  s3Port?: number;
}

export interface LocalCloud {
  url: string;
  apiUrl: string;
  wsUrl: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  tableName: string;
  stage: LocalStage;
  /** The variables set in process.env for handlers. */
  env: Record<string, string>;
  outbox: Outbox;
  scheduler: SchedulerStandIn;
  square: SquareStandIn;
  /** The Web Push stand-in (subscriptions and the pushes it accepted). */
  push: PushStandIn;
  /** The stream consumers' poller (`drain()` waits until they caught up). */
  streams: StreamPoller;
  /** The manifest's queues in the SQS stand-in and their pollers (`drain()` waits until all are empty). */
  queues: LocalQueues;
  sqs: SqsStandIn;
  /** True when this start created the table (an empty database). */
  tableCreated: boolean;
  stop(): Promise<void>;
}

type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void;

export async function startLocalCloud(opts: LocalCloudOptions = {}): Promise<LocalCloud> {
  const stage = opts.stage ?? 'local';
  const quiet = opts.quiet ?? false;
  const log = createLog(quiet);
  const dataDir = opts.dataDir === undefined ? DEFAULT_DATA_DIR : opts.dataDir;
  // Fail fast, with an install hint, before anything starts.
  checkJava();
  const siteDir = (opts.site ?? true) ? (opts.siteDir ?? join(REPO_ROOT, 'web/dist')) : null;
  if (siteDir) checkSiteBuild(siteDir);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const stoppers: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) {
      try {
        await stop();
      } catch (err) {
        log.warn('error while stopping', err);
      }
    }
  };

  try {
    const server = createServer();
    // The port is taken first (so it is known to the handlers' env); requests that arrive while the
    // rest starts wait here instead of hanging with no listener.
    let dispatch: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
    const early: [IncomingMessage, ServerResponse][] = [];
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (dispatch) dispatch(req, res);
      else early.push([req, res]);
    });
    const sockets = new Set<import('node:net').Socket>();
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolvePromise, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 3000, '127.0.0.1', () => {
        server.off('error', reject);
        resolvePromise();
      });
    });
    stoppers.push(
      () =>
        new Promise<void>((resolvePromise) => {
          for (const socket of sockets) socket.destroy();
          server.close(() => resolvePromise());
        }),
    );
    const port = (server.address() as AddressInfo).port;
    const url = `http://localhost:${port}`;

    const dynamo = await startDynamo({
      dir: dataDir ? join(dataDir, 'dynamodb') : null,
      ...(opts.dynamoPort !== undefined ? { port: opts.dynamoPort } : {}),
    });
    stoppers.push(dynamo.stop);

    const s3Dir = dataDir ? join(dataDir, 's3') : mkdtempSync(join(tmpdir(), 'kinoko-s3-'));
    if (!dataDir) stoppers.push(() => rmSync(s3Dir, { recursive: true, force: true }));
    const bucket = `kinoko-${stage}-uploads`;
    const s3 = await startS3({
      dir: s3Dir,
      bucket,
      siteOrigins: [url, `http://127.0.0.1:${port}`],
      ...(opts.s3Port !== undefined ? { port: opts.s3Port } : {}),
    });
    stoppers.push(s3.stop);
    const s3Endpoint = s3.endpoint;

    const vapid = localVapidKeys(dataDir ? join(dataDir, 'vapid.json') : null);
    const queueDefs = opts.queues ?? manifestQueues;
    const env = localEnv({
      stage,
      url,
      dynamoEndpoint: dynamo.endpoint,
      s3Endpoint,
      quiet,
      queues: queueDefs,
      vapid,
    });
    if (env.UPLOAD_BUCKET !== bucket) throw new Error('UPLOAD_BUCKET and the S3 bucket disagree');
    // Handlers read process.env at import time or first call: set it before any handler loads.
    stoppers.push(applyEnv(env));
    const tableName = env.TABLE_NAME as string;
    const tableCreated = await ensureTable(dynamo.client, tableName);

    const runtime = new LambdaRuntime(
      opts.handlerRoot ?? join(REPO_ROOT, 'functions/src'),
      `kinoko-${stage}`,
    );
    for (const [handler, fn] of Object.entries(opts.handlers ?? {})) runtime.register(handler, fn);
    // The table's stream into the consumers, as Lambda's event source mappings do in AWS.
    const streams = new StreamPoller({
      endpoint: dynamo.endpoint,
      region: LOCAL_REGION,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      streamArn: await streamArnOf(dynamo.client, tableName),
      consumers: opts.streamConsumers ?? manifestStreamConsumers,
      delivery: { ...streamDelivery },
      invoke: (handler, event) => runtime.invoke(handler, event),
      checkpointFile: dataDir ? join(dataDir, 'streams.json') : null,
      log,
    });
    streams.start();
    stoppers.push(() => streams.stop());
    // The manifest's queues (each with its DLQ) and their pollers, as SQS and Lambda's mappings in AWS.
    const sqs = new SqsStandIn({
      baseUrl: env.AWS_ENDPOINT_URL_SQS as string,
      region: LOCAL_REGION,
      secrets: new Map([[LOCAL_ACCESS_KEY_ID, LOCAL_SECRET_ACCESS_KEY]]),
    });
    const queues = new LocalQueues({
      sqs,
      defs: queueDefs,
      namePrefix: `kinoko-${stage}`,
      endpoint: env.AWS_ENDPOINT_URL_SQS as string,
      region: LOCAL_REGION,
      credentials: { accessKeyId: LOCAL_ACCESS_KEY_ID, secretAccessKey: LOCAL_SECRET_ACCESS_KEY },
      invoke: (handler, event) => runtime.invoke(handler, event),
      log,
      ...(opts.queueVisibilityTimeoutSeconds !== undefined
        ? { visibilityTimeoutSeconds: opts.queueVisibilityTimeoutSeconds }
        : {}),
      externalWorkers: opts.externalQueueWorkers ?? [],
    });
    for (const q of queues.queues) {
      if (env[queueUrlVariable(q.def.name)] !== q.url)
        throw new Error(`QUEUE_URL of ${q.def.name} and the SQS stand-in disagree`);
    }
    stoppers.push(() => queues.stop());
    const outbox = new Outbox(dataDir ? join(dataDir, 'outbox.json') : null);
    const httpGateway = createHttpGateway({ routes: opts.httpRoutes ?? manifestHttpRoutes, runtime, log });
    const ses = createSesStandIn({ outbox, log });
    const line = new LineStandIn({
      channelId: env.LINE_CHANNEL_ID as string,
      channelSecret: env.LINE_CHANNEL_SECRET as string,
      siteUrl: url,
      usersFile: dataDir ? join(dataDir, 'line-users.json') : null,
    });
    const square = new SquareStandIn({
      accessToken: env.SQUARE_ACCESS_TOKEN as string,
      locationId: env.SQUARE_LOCATION_ID as string,
      applicationId: env.SQUARE_APPLICATION_ID as string,
      file: dataDir ? join(dataDir, 'square.json') : null,
      log,
    });
    const push = new PushStandIn({ url, file: dataDir ? join(dataDir, 'push.json') : null, log });
    const scheduler = new SchedulerStandIn({
      runtime,
      handlers: [
        ...(opts.jobs ?? manifestJobs).map((j) => j.handler),
        ...(opts.httpRoutes ?? manifestHttpRoutes).map((r) => r.handler),
        ...(opts.wsRoutes ?? manifestWsRoutes).map((r) => r.handler),
      ],
      log,
      file: dataDir ? join(dataDir, 'scheduler.json') : null,
    });
    stoppers.push(() => scheduler.stop());
    // The recurring schedules the Jobs stack creates in AWS, in the same time zone.
    for (const job of opts.jobs ?? manifestJobs) {
      if (!job.recurring) continue;
      scheduler.ensure(job.recurring.name, `kinoko-${stage}`, {
        ScheduleExpression: job.recurring.expression,
        ScheduleExpressionTimezone: 'Asia/Tokyo',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Description: job.handler,
        Target: {
          Arn: `arn:aws:lambda:ap-northeast-1:000000000000:function:kinoko-${stage}-${handlerId(job.handler)}`,
          RoleArn: env.SCHEDULER_ROLE_ARN as string,
          RetryPolicy: {
            MaximumRetryAttempts: scheduleDelivery.maxRetries,
            MaximumEventAgeInSeconds: scheduleDelivery.maxEventAgeSeconds,
          },
          DeadLetterConfig: { Arn: env.SCHEDULER_DEAD_LETTER_ARN as string },
        },
      });
    }
    const wsGateway = new WsGateway({
      routes: opts.wsRoutes ?? manifestWsRoutes,
      runtime,
      log,
      ...opts.wsTimeouts,
    });
    stoppers.push(() => wsGateway.stop());
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const requestUrl = new URL(req.url ?? '/', url);
      if (requestUrl.pathname !== '/ws') {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      wsGateway.handleUpgrade(req, socket, head, requestUrl).catch((err: unknown) => {
        log.error('websocket upgrade failed', err);
        socket.destroy();
      });
    });

    // What the distribution serves (the site, /config.json and /api/*) gets its security headers.
    const headers = securityHeaders({ websocket: `ws://localhost:${port}`, uploads: s3Endpoint });
    const behindCloudFront =
      (route: Route): Route =>
      (req, res, u) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        return route(req, res, u);
      };
    // The web client's runtime configuration: written into the app shell (as the deployment does)
    // and served as /config.json.
    const webConfig: RuntimeConfig = {
      stage,
      apiBase: `/${API_STAGE}`,
      wsUrl: `ws://localhost:${port}/ws`,
      operator: SAMPLE_OPERATOR,
    };
    const routes: [prefix: string, route: Route][] = [
      [
        `/${API_STAGE}`,
        behindCloudFront((req, res, u) => httpGateway(req, res, u.pathname, u.search.slice(1))),
      ],
      ['/_local/ses', (req, res, u) => ses(req, res, u.pathname.slice('/_local/ses'.length))],
      ['/_local/outbox.json', (_req, res, u) => outboxJson(outbox, res, u.searchParams)],
      ['/_local/outbox', (_req, res, u) => outboxPage(outbox, res, u.searchParams)],
      ['/_local/push.json', (req, res, u) => push.handle(req, res, '.json', u.searchParams)],
      [
        '/_local/push',
        (req, res, u) => push.handle(req, res, u.pathname.slice('/_local/push'.length), u.searchParams),
      ],
      [
        '/_local/line',
        (req, res, u) => line.handle(req, res, u.pathname.slice('/_local/line'.length), u.searchParams),
      ],
      [
        '/_local/square',
        (req, res, u) => square.handle(req, res, u.pathname.slice('/_local/square'.length), u.searchParams),
      ],
      [
        '/_local/scheduler',
        (req, res, u) =>
          scheduler.handle(req, res, u.pathname.slice('/_local/scheduler'.length), u.searchParams),
      ],
      [
        '/_local/connections',
        (req, res, u) => wsGateway.handleManagement(req, res, u.pathname.slice('/_local/connections'.length)),
      ],
      ['/_local/clock', (req, res) => clockRoute(req, res)],
      ['/_local/streams', (req, res, u) => streamsRoute(streams, req, res, u.pathname)],
      ['/_local/sqs', (req, res) => sqs.handle(req, res)],
      ['/_local/queues', (req, res, u) => queues.route(req, res, u.pathname, u.searchParams, env)],
      ['/_local/demo/home', (req, res) => demoHomeRoute(req, res)],
      ['/_local/demo/withdrawal', (req, res) => demoWithdrawalRoute(req, res)],
      ['/_local/demo/item', (req, res) => demoItemRoute(req, res)],
      ['/_local/demo/fanclub', (req, res) => demoFanclubRoute(req, res)],
      ['/_local/demo/purchase', (req, res) => demoPurchaseRoute(req, res)],
      ['/_local/demo/trigger', (req, res) => demoTriggerRoute(req, res)],
      ['/_local/demo/organization-review', (req, res) => demoOrganizationReviewRoute(req, res)],
      ['/_local/demo/admin', (req, res) => demoAdminRoute(req, res)],
      [
        '/config.json',
        behindCloudFront((_req, res) => sendJson(res, 200, webConfig, { 'cache-control': 'no-store' })),
      ],
      // Private media by presigned GET, through the site as the distribution serves it (nosniff).
      [
        `/${mediaConfig.prefixes.private.replace(/\/$/, '')}`,
        behindCloudFront(privateMediaRoute(s3Endpoint, bucket)),
      ],
      // Public media (avatars, backgrounds…), as the distribution's /media/* behaviour serves it.
      [
        `/${mediaConfig.prefixes.public.replace(/\/$/, '')}`,
        behindCloudFront(publicMediaRoute(s3Endpoint, bucket)),
      ],
      ['/_local', (_req, res) => localIndex(res)],
    ];
    if (siteDir)
      routes.push([
        '/',
        behindCloudFront(
          createSiteServer({ distDir: siteDir, appHost: `localhost:${port}`, runtimeConfig: webConfig }),
        ),
      ]);

    dispatch = (req: IncomingMessage, res: ServerResponse) => {
      const requestUrl = new URL(req.url ?? '/', url);
      const entry = routes.find(
        ([prefix]) =>
          prefix === '/' || requestUrl.pathname === prefix || requestUrl.pathname.startsWith(`${prefix}/`),
      );
      const handle: Route = entry
        ? entry[1]
        : (_req, response) => sendJson(response, 404, { message: 'Not Found' });
      // A handler that throws synchronously answers 500 like one that rejects (never a crash).
      Promise.resolve()
        .then(() => handle(req, res, requestUrl))
        .catch((err: unknown) => {
          log.error(`${req.method} ${requestUrl.pathname} failed`, err);
          if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
          else res.destroy();
        });
    };
    for (const [req, res] of early.splice(0)) dispatch(req, res);
    queues.start();

    log.info(`local cloud (${stage}) on ${url}; DynamoDB Local ${dynamo.endpoint}; S3 ${s3Endpoint}`);
    const cloud: LocalCloud = {
      url,
      apiUrl: `${url}/${API_STAGE}`,
      wsUrl: `ws://localhost:${port}/ws`,
      dynamoEndpoint: dynamo.endpoint,
      s3Endpoint,
      tableName,
      stage,
      env,
      outbox,
      scheduler,
      square,
      push,
      streams,
      queues,
      sqs,
      tableCreated,
      stop: stopAll,
    };
    if (opts.seed) await seedIfEmpty(cloud, dynamo.client, log);
    // Jobs whose snapshot a screen reads (home's recommended creators) run once now, after the
    // seed, instead of leaving the screen empty until their first scheduled run.
    for (const job of opts.runStartJobs ? (opts.jobs ?? manifestJobs) : []) {
      if (!job.runAtStart) continue;
      await runtime
        .invoke(job.handler, {})
        .catch((err) => log.error(`start run of ${job.handler} failed`, err));
    }
    return cloud;
  } catch (err) {
    await stopAll();
    throw err;
  }
}

async function clockRoute(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (process.env.STAGE !== 'local' && process.env.STAGE !== 'test') {
    sendJson(res, 403, { message: 'The clock can only be moved in the local and test stages' });
    return;
  }
  if (req.method === 'POST') {
    const body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { offsetMs?: unknown };
    if (typeof body.offsetMs !== 'number' || !Number.isFinite(body.offsetMs)) {
      sendJson(res, 400, { message: 'offsetMs (number of milliseconds) is required' });
      return;
    }
    setClockOffset(body.offsetMs);
  } else if (req.method !== 'GET') {
    sendJson(res, 405, { message: 'Method Not Allowed' });
    return;
  }
  sendJson(res, 200, { offsetMs: clockOffset(), now: systemClock.now().toISOString() });
}

/**
 * POST /_local/demo/home: writes home's demo news and banner (scripts/seed-home.ts) now, for
 * browser tests that run without the seed; each call adds three more news items.
 */
async function demoHomeRoute(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') {
    sendJson(res, 404, { message: 'Not Found' });
    return;
  }
  const { seedHome } = await import('../seed-home.ts');
  await seedHome();
  sendJson(res, 200, { ok: true });
}

/**
 * A `POST /_local/demo/…` route for demos and browser tests: local and test stages only (403
 * elsewhere, like the clock), POST only, a JSON body (400 otherwise) handed to `run`.
 */
function demoRoute(
  what: string,
  run: (body: Record<string, unknown>, res: ServerResponse) => Promise<void>,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    if (process.env.STAGE !== 'local' && process.env.STAGE !== 'test') {
      sendJson(res, 403, { message: `${what} only in the local and test stages` });
      return;
    }
    if (req.method !== 'POST') {
      sendJson(res, 405, { message: 'Method Not Allowed' });
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      sendJson(res, 400, { message: 'The body must be JSON' });
      return;
    }
    await run(body, res);
  };
}

/**
 * POST /_local/demo/withdrawal `{ id, action, ... }`: the operators' side of a withdrawal request
 * (services/business/withdrawals.ts; the console issue gives them screens) for demos and browser
 * tests. `action`: 'review', 'approve' (`notes`), 'partial' (`finalized_amount`, `notes`), 'reject'
 * (`reason`, `fields`), 'transfer' (`transfer_date`). Local and test stages only, like the clock.
 */
const demoWithdrawalRoute = demoRoute('Withdrawals can be driven here', async (body, res) => {
  const w = await import('../../functions/src/services/business/withdrawals.ts');
  const { getDb } = await import('../../functions/src/db/service.ts');
  const { AppError } = await import('../../functions/src/lib/errors.ts');
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const id = text(body.id);
  const deps = { db: getDb(), clock: systemClock };
  const by = 'local-operator';
  const actions: Record<string, () => Promise<unknown>> = {
    review: () => w.startReview(deps, id, by),
    approve: () => w.approveWithdrawal(deps, id, by, body.notes ? { notes: text(body.notes) } : {}),
    partial: () =>
      w.partiallyApproveWithdrawal(deps, id, by, {
        finalizedAmount: Number(body.finalized_amount),
        notes: text(body.notes),
      }),
    reject: () =>
      w.rejectWithdrawal(deps, id, by, {
        reason: text(body.reason),
        fields: (Array.isArray(body.fields) ? body.fields : []).filter(
          (f): f is WithdrawalFaultField =>
            typeof f === 'string' && withdrawalFaultFields.includes(f as never),
        ),
      }),
    transfer: () =>
      w.markWithdrawalTransferred(
        deps,
        id,
        by,
        body.transfer_date ? { transferDate: text(body.transfer_date) } : {},
      ),
  };
  const run = actions[text(body.action)];
  if (!run) {
    sendJson(res, 400, { message: `action is one of ${Object.keys(actions).join(', ')}` });
    return;
  }
  try {
    sendJson(res, 200, { withdrawal: await run() });
  } catch (err) {
    if (err instanceof AppError) sendJson(res, err.status, err.toBody());
    else throw err;
  }
});

/**
 * POST /_local/demo/item `{ username, name, item_type?, price?, stock?, sensitive?, pinned?, … }`
 * (scripts/seed-items.ts `DemoItemInput`, snake_case): a published item with real files for the
 * creator `username`, for demos and browser tests. Answers `{ id }`. Local and test stages only.
 */
const demoItemRoute = demoRoute('Demo items can be made', async (body, res) => {
  const { createDemoItem } = await import('../seed-items.ts');
  const { getDb } = await import('../../functions/src/db/service.ts');
  const { s3MediaStore } = await import('../../functions/src/lib/media-store.ts');
  const camel = Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), v]),
  );
  try {
    const item = await createDemoItem(
      { db: getDb(), clock: systemClock, media: s3MediaStore() },
      camel as unknown as Parameters<typeof createDemoItem>[1],
    );
    sendJson(res, 200, item);
  } catch (err) {
    sendJson(res, 400, { message: (err as Error).message });
  }
});

/**
 * POST /_local/demo/fanclub `{ username, name?, description?, benefits?, price?, is_open?, posts?:
 * [{ text?, visibility?, images?, published_at? }] }` (scripts/seed-fanclub.ts, snake_case): the
 * creator's fan club created or updated (never its member count) and published posts with real
 * image files (a past `published_at` makes a back-number month). Answers `{ creator_id, post_ids }`.
 * Local and test stages only.
 */
const demoFanclubRoute = demoRoute('Demo fan clubs can be made', async (body, res) => {
  const { seedDemoFanclub } = await import('../seed-fanclub.ts');
  const { getDb } = await import('../../functions/src/db/service.ts');
  const { s3MediaStore } = await import('../../functions/src/lib/media-store.ts');
  const camel = (o: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(o).map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), v]),
    );
  const input = camel(body);
  if (Array.isArray(input.posts))
    input.posts = input.posts.map((p) => camel((p ?? {}) as Record<string, unknown>));
  try {
    const done = await seedDemoFanclub(
      { db: getDb(), clock: systemClock, media: s3MediaStore() },
      input as unknown as Parameters<typeof seedDemoFanclub>[1],
    );
    sendJson(res, 200, done);
  } catch (err) {
    sendJson(res, 400, { message: (err as Error).message });
  }
});

/**
 * POST /_local/demo/purchase `{ profile_id, item_id, quantity? }`: the buyer buys the item with
 * their points through the shop's own `purchase()` (services/shop/purchase.ts: stock, order,
 * lines, ledger), as the item page's purchase does; for browser tests and demos of what follows a
 * purchase (library, sales status). Answers the purchase. Local and test stages only.
 */
const demoPurchaseRoute = demoRoute('Demo purchases can be made', async (body, res) => {
  const { getDb } = await import('../../functions/src/db/service.ts');
  const { shopDeps } = await import('../../functions/src/lib/shop-deps.ts');
  const { purchase } = await import('../../functions/src/services/shop/purchase.ts');
  const { pointsOfPrice } = await import('@app/shared/schemas/shop');
  const db = getDb();
  const quantity = typeof body.quantity === 'number' ? body.quantity : 1;
  const [buyer, item] = await Promise.all([
    db.entities.profile.get({ profileId: String(body.profile_id) }).go(),
    db.entities.item.get({ itemId: String(body.item_id) }).go(),
  ]);
  if (!buyer.data || !item.data?.price) {
    sendJson(res, 404, { message: 'No such buyer or item' });
    return;
  }
  try {
    const done = await purchase(shopDeps(systemClock), buyer.data, {
      lines: [{ itemId: item.data.itemId, quantity }],
      useOriginal: false,
      key: randomUUID(),
      expectedPoints: pointsOfPrice(item.data.price) * quantity,
      source: 'item',
    });
    sendJson(res, 200, done);
  } catch (err) {
    sendJson(res, 400, { message: (err as Error).message, code: (err as { code?: string }).code });
  }
});

/**
 * POST /_local/demo/trigger `{ username, condition, chats: [text], hours?, exclude_duplicated?,
 * interval_hours?, window_start?, window_end? }` (scripts/seed-triggers.ts, snake_case): a trigger
 * broadcast of the creator `username`, for demos and browser tests of the trigger engine. Answers
 * `{ trigger_id }`. Local and test stages only.
 */
const demoTriggerRoute = demoRoute('Demo triggers can be made', async (body, res) => {
  const { seedDemoTrigger } = await import('../seed-triggers.ts');
  const { getDb } = await import('../../functions/src/db/service.ts');
  const camel = Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), v]),
  );
  try {
    const done = await seedDemoTrigger(
      { db: getDb(), clock: systemClock },
      camel as unknown as Parameters<typeof seedDemoTrigger>[1],
    );
    sendJson(res, 200, done);
  } catch (err) {
    sendJson(res, 400, { message: (err as Error).message });
  }
});

/**
 * POST /_local/demo/admin `{ email?, nickname? }`: a new operator account (role 3) with the demo
 * password, as `npm run admin:create` makes one (services/admin/auth.ts), for browser tests and
 * demos; its first login at /admin/login enrols the authenticator. Answers `{ email, password,
 * profile_id }`. Local and test stages only.
 */
const demoAdminRoute = demoRoute('Operators can be created', async (body, res) => {
  const { createAdmin } = await import('../../functions/src/services/admin/auth.ts');
  const { getDb } = await import('../../functions/src/db/service.ts');
  const { DEMO_PASSWORD } = await import('../seed.ts');
  const email = String(body.email ?? `operator-${Date.now().toString(36)}@example.com`).toLowerCase();
  try {
    const { profileId } = await createAdmin(
      { db: getDb(), clock: systemClock },
      { email, nickname: String(body.nickname ?? 'オペレーター'), password: DEMO_PASSWORD, by: 'local demo' },
    );
    sendJson(res, 200, { email, password: DEMO_PASSWORD, profile_id: profileId });
  } catch (error) {
    sendJson(res, 409, { message: (error as Error).message });
  }
});

/**
 * POST /_local/demo/organization-review `{ email, approve, reason? }`: the operators' review of the
 * organization of the owner with that login e-mail, through the review service (its mail included),
 * until the console (issue 17) has the screen. Answers `{ organization }`. Local and test stages only.
 */
const demoOrganizationReviewRoute = demoRoute('Organizations can be reviewed', async (body, res) => {
  const { reviewOrganization } = await import('../../functions/src/services/organizations/review.ts');
  const { profileByClaim } = await import('../../functions/src/services/accounts.ts');
  const { sesMailer } = await import('../../functions/src/lib/mailer.ts');
  const { getDb } = await import('../../functions/src/db/service.ts');
  const db = getDb();
  try {
    const owner = await profileByClaim(db, 'email', String(body.email ?? '').toLowerCase());
    if (!owner) throw new Error('no account has that e-mail');
    const decision =
      body.approve === true
        ? { approve: true as const }
        : { approve: false as const, reason: String(body.reason ?? '') };
    sendJson(
      res,
      200,
      await reviewOrganization(
        { db, clock: systemClock, mailer: sesMailer },
        owner.profileId,
        decision,
        'local-demo',
      ),
    );
  } catch (err) {
    sendJson(res, 400, { message: (err as Error).message, code: (err as { code?: string }).code });
  }
});

/** GET /_local/streams: checkpoints and dead letters; POST /_local/streams/drain waits for the consumers. */
async function streamsRoute(
  streams: StreamPoller,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  if (path === '/_local/streams/drain' && req.method === 'POST') {
    try {
      await streams.drain();
    } catch (error) {
      sendJson(res, 503, { message: (error as Error).message });
      return;
    }
  } else if (path !== '/_local/streams' || req.method !== 'GET') {
    sendJson(res, 404, { message: 'Not Found' });
    return;
  }
  sendJson(res, 200, streams.state());
}

function localIndex(res: ServerResponse): void {
  sendHtml(
    res,
    200,
    `<!doctype html><html lang="ja"><meta charset="utf-8"><link rel="icon" href="data:,"><title>Local cloud</title>
<h1>ローカル環境 / Local cloud</h1>
<ul>
<li><a href="/">サイト / Site</a></li>
<li><a href="/_local/outbox">送信メール / Outbox</a></li>
<li><a href="/_local/push">プッシュ通知の記録 / Push log</a></li>
<li><a href="/_local/square">Square (顧客・カード・決済 / customers, cards, payments)</a></li>
<li><a href="/_local/scheduler/schedules">スケジュール / Schedules (JSON)</a></li>
<li><a href="/_local/scheduler/dead-letters">スケジュールのデッドレター / Schedule dead letters (JSON)</a></li>
<li><a href="/_local/clock">時計 / Clock (JSON)</a></li>
<li><a href="/_local/streams">ストリーム / Stream consumers (JSON)</a></li>
<li><a href="/_local/queues">キュー / Queues and dead letters (JSON)</a></li>
</ul></html>`,
  );
}

async function seedIfEmpty(cloud: LocalCloud, client: DynamoDBClient, log: Log): Promise<void> {
  const seedFile = join(REPO_ROOT, 'scripts/seed.ts');
  if (!existsSync(seedFile)) return;
  const { Count } = await client.send(new ScanCommand({ TableName: cloud.tableName, Limit: 1 }));
  if ((Count ?? 0) > 0) return;
  log.info('seeding demo data (scripts/seed.ts)');
  try {
    const { default: seed } = (await import(pathToFileURL(seedFile).href)) as {
      default?: (cloud: LocalCloud) => Promise<unknown>;
    };
    if (typeof seed !== 'function')
      throw new Error('scripts/seed.ts must export a default function seed(cloud)');
    await seed(cloud);
  } catch (err) {
    log.error('seeding failed (the local cloud keeps running)', err);
  }
}
