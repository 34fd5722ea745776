/**
 * The local API Gateway WebSocket API at /ws: $connect / $default (or a custom route chosen by
 * `$request.body.action`) / $disconnect handlers, and the @connections management API
 * (POST send, GET info, DELETE close; 410 GoneException) at /_local/connections.
 * As in AWS, a client's message never reaches $connect or $disconnect (only the gateway raises
 * them), and DELETE really ends the connection: nothing the client sends afterwards is routed.
 * Idle timeout and maximum connection duration as in AWS (10 minutes, 2 hours), configurable.
 */
import { isUtf8 } from 'node:buffer';
import { randomBytes, randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { WsRoute } from '../../functions/src/manifest.ts';
import { normalizeResult } from './http-gateway.ts';
import { joinedHeaders, readBody, sendJson } from './http-util.ts';
import type { LambdaRuntime } from './lambda.ts';
import type { Log } from './log.ts';

export const WS_STAGE = 'ws';
const API_ID = 'localws';
const MAX_POST_BYTES = 128 * 1024;

export interface WsTimeouts {
  /** Close after this long without a message from the client. Default 10 minutes. */
  idleTimeoutMs?: number;
  /** Close this long after connecting. Default 2 hours. */
  maxConnectionMs?: number;
}

interface Connection {
  id: string;
  socket: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
  headers: Record<string, string>;
  idleTimer?: NodeJS.Timeout;
  maxTimer?: NodeJS.Timeout;
  /** Set when the gateway ends the connection (DeleteConnection, timeouts): no more messages. */
  closing?: boolean;
}

/** Route keys only the gateway raises: a message whose `action` names one goes to $default. */
const GATEWAY_ROUTES = new Set(['$connect', '$disconnect']);
/** After DeleteConnection, a client that does not answer the close frame is cut off after this. */
const CLOSE_GRACE_MS = 1000;

const connectionIdOf = () => `${randomBytes(12).toString('base64').replace(/[+/]/g, 'A').slice(0, 15)}=`;

export class WsGateway {
  private readonly connections = new Map<string, Connection>();
  private readonly wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (_protocols, req) => this.chosenProtocols.get(req) ?? false,
  });
  private readonly chosenProtocols = new WeakMap<IncomingMessage, string>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly idleTimeoutMs: number;
  private readonly maxConnectionMs: number;

  constructor(
    private readonly opts: { routes: readonly WsRoute[]; runtime: LambdaRuntime; log: Log } & WsTimeouts,
  ) {
    this.idleTimeoutMs = opts.idleTimeoutMs ?? 10 * 60 * 1000;
    this.maxConnectionMs = opts.maxConnectionMs ?? 2 * 60 * 60 * 1000;
  }

  private handlerFor(routeKey: string): string | undefined {
    return this.opts.routes.find((r) => r.routeKey === routeKey)?.handler;
  }

  private context(
    conn: Pick<Connection, 'id' | 'connectedAt' | 'sourceIp' | 'userAgent'>,
    domainName: string,
    routeKey: string,
    eventType: string,
  ) {
    const now = Date.now();
    return {
      routeKey,
      eventType,
      extendedRequestId: randomUUID(),
      requestTime: new Date(now).toUTCString(),
      messageDirection: 'IN',
      stage: WS_STAGE,
      connectedAt: conn.connectedAt,
      requestTimeEpoch: now,
      identity: { sourceIp: conn.sourceIp, userAgent: conn.userAgent },
      requestId: randomUUID(),
      domainName,
      connectionId: conn.id,
      apiId: API_ID,
    };
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    promise.finally(() => this.pending.delete(promise)).catch(() => {});
    return promise;
  }

  /** Call from the HTTP server's 'upgrade' event for /ws. */
  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const headers = joinedHeaders(req);
    const ip = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
    const conn = {
      id: connectionIdOf(),
      connectedAt: Date.now(),
      sourceIp: ip === '::1' ? '127.0.0.1' : ip,
      userAgent: headers['user-agent'] ?? '',
    };
    const domainName = headers.host ?? 'localhost';
    const query = Object.fromEntries(url.searchParams);
    const multiQuery: Record<string, string[]> = {};
    for (const [k, v] of url.searchParams) {
      multiQuery[k] = [...(multiQuery[k] ?? []), v];
    }
    const handler = this.handlerFor('$connect');
    let status = 200;
    if (handler) {
      const event = {
        headers,
        multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
        ...(url.searchParams.size > 0
          ? { queryStringParameters: query, multiValueQueryStringParameters: multiQuery }
          : {}),
        requestContext: this.context(conn, domainName, '$connect', 'CONNECT'),
        isBase64Encoded: false,
      };
      try {
        const raw = await this.track(this.opts.runtime.invoke(handler, event));
        const result = raw === undefined || raw === null ? { statusCode: 200 } : normalizeResult(raw);
        status = result.statusCode;
        const protocol = Object.entries(result.headers ?? {}).find(
          ([k]) => k.toLowerCase() === 'sec-websocket-protocol',
        );
        if (protocol) this.chosenProtocols.set(req, String(protocol[1]));
      } catch (err) {
        this.opts.log.error(`$connect handler ${handler} failed`, err);
        status = 500;
      }
    }
    if (status < 200 || status > 299) {
      this.opts.log.info(`$connect refused with ${status}`);
      if (socket.writable) {
        socket.end(
          `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
        );
      }
      socket.destroy();
      return;
    }
    if (socket.destroyed) {
      // The client left while $connect ran: API Gateway still reports the disconnect.
      void this.disconnected(
        { ...conn, headers, lastActiveAt: conn.connectedAt } as Connection,
        domainName,
        1006,
        '',
      );
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.opened(ws, { ...conn, headers }, domainName));
  }

  private opened(
    socket: WebSocket,
    base: Omit<Connection, 'socket' | 'lastActiveAt'>,
    domainName: string,
  ): void {
    const conn: Connection = { ...base, socket, lastActiveAt: Date.now() };
    this.connections.set(conn.id, conn);
    const goAway = () => this.end(conn, 1001, 'Going away');
    conn.idleTimer = setTimeout(goAway, this.idleTimeoutMs);
    conn.maxTimer = setTimeout(goAway, this.maxConnectionMs);
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (conn.closing) return;
      conn.lastActiveAt = Date.now();
      conn.idleTimer?.refresh();
      void this.message(conn, domainName, data, isBinary);
    });
    socket.on('close', (code: number, reason: Buffer) => {
      clearTimeout(conn.idleTimer);
      clearTimeout(conn.maxTimer);
      this.connections.delete(conn.id);
      void this.disconnected(conn, domainName, code, reason.toString('utf8'));
    });
    socket.on('error', (err) => this.opts.log.warn(`websocket ${conn.id} error`, err));
  }

  /** Ends a connection from the gateway's side: a close frame, then the TCP connection is cut. */
  private end(conn: Connection, code: number, reason?: string): void {
    if (conn.closing) return;
    conn.closing = true;
    this.connections.delete(conn.id);
    conn.socket.close(code, reason);
    setTimeout(() => conn.socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  private async message(
    conn: Connection,
    domainName: string,
    data: Buffer,
    isBinary: boolean,
  ): Promise<void> {
    const body = isBinary ? data.toString('base64') : data.toString('utf8');
    let routeKey = '$default';
    if (!isBinary) {
      try {
        const action = (JSON.parse(body) as { action?: unknown }).action;
        if (typeof action === 'string' && !GATEWAY_ROUTES.has(action) && this.handlerFor(action)) {
          routeKey = action;
        }
      } catch {
        // not JSON: $default
      }
    }
    const handler = this.handlerFor(routeKey);
    const requestContext = {
      ...this.context(conn, domainName, routeKey, 'MESSAGE'),
      messageId: randomUUID(),
    };
    if (!handler) {
      conn.socket.send(
        JSON.stringify({ message: 'Forbidden', connectionId: conn.id, requestId: requestContext.requestId }),
      );
      return;
    }
    try {
      await this.track(
        this.opts.runtime.invoke(handler, { requestContext, body, isBase64Encoded: isBinary }),
      );
    } catch (err) {
      this.opts.log.error(`${routeKey} handler ${handler} failed`, err);
      if (conn.socket.readyState === conn.socket.OPEN) {
        conn.socket.send(
          JSON.stringify({
            message: 'Internal server error',
            connectionId: conn.id,
            requestId: requestContext.requestId,
          }),
        );
      }
    }
  }

  private async disconnected(
    conn: Connection,
    domainName: string,
    code: number,
    reason: string,
  ): Promise<void> {
    const handler = this.handlerFor('$disconnect');
    if (!handler) return;
    const event = {
      headers: { host: domainName, 'x-forwarded-for': conn.sourceIp },
      requestContext: {
        ...this.context(conn, domainName, '$disconnect', 'DISCONNECT'),
        disconnectStatusCode: code,
        disconnectReason: reason,
      },
      isBase64Encoded: false,
    };
    try {
      await this.track(this.opts.runtime.invoke(handler, event));
    } catch (err) {
      this.opts.log.error(`$disconnect handler ${handler} failed`, err);
    }
  }

  /** The @connections management API; `path` is below /_local/connections. */
  async handleManagement(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const match = /^\/@connections\/([^/]+)$/.exec(path);
    if (!match) {
      req.resume();
      return sendJson(res, 404, { message: 'Not Found' });
    }
    const id = decodeURIComponent(match[1] as string);
    const conn = this.connections.get(id);
    const body = await readBody(req, MAX_POST_BYTES + 1);
    if (!conn || conn.socket.readyState !== conn.socket.OPEN) {
      return sendJson(res, 410, { message: null }, { 'x-amzn-errortype': 'GoneException' });
    }
    switch (req.method) {
      case 'POST':
        if (body.length > MAX_POST_BYTES) {
          return sendJson(
            res,
            413,
            { message: 'Payload too large' },
            { 'x-amzn-errortype': 'PayloadTooLargeException' },
          );
        }
        conn.socket.send(body, { binary: !isUtf8(body) });
        res.writeHead(200, { 'content-length': 0 });
        res.end();
        return;
      case 'GET':
        return sendJson(res, 200, {
          connectedAt: new Date(conn.connectedAt).toISOString(),
          identity: { sourceIp: conn.sourceIp, userAgent: conn.userAgent },
          lastActiveAt: new Date(conn.lastActiveAt).toISOString(),
        });
      case 'DELETE':
        this.end(conn, 1000);
        res.writeHead(204);
        res.end();
        return;
      default:
        return sendJson(res, 405, { message: 'Method Not Allowed' });
    }
  }

  /** Closes every socket and waits (briefly) for the handlers still running. */
  async stop(): Promise<void> {
    const open = [...this.connections.values()];
    for (const conn of open) this.end(conn, 1001, 'Going away');
    await new Promise((r) => setTimeout(r, 50));
    await Promise.race([Promise.allSettled([...this.pending]), new Promise((r) => setTimeout(r, 2000))]);
    for (const conn of open) conn.socket.terminate();
    this.wss.close();
  }
}
