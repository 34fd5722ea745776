/** Wrapper for WebSocket route handlers: the error policy of the HTTP wrapper, API Gateway WebSocket results. */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { AppError } from './errors.ts';
import { logger } from './logger.ts';
import { metricsFlush } from './metrics-flush.ts';

/** $connect carries the query string and headers, which the V2 websocket type leaves out. */
export type WsEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined>;
  headers?: Record<string, string | undefined>;
};

/** The event type API Gateway raises each predefined route with; custom routes get messages. */
const EVENT_TYPES: Record<string, string> = { $connect: 'CONNECT', $disconnect: 'DISCONNECT' };

/**
 * `name` is the route key. $connect and $disconnect are raised only by the gateway itself (API
 * Gateway never routes a client's message to them, whatever its `action`): an event of another
 * type is refused without running the handler, so a client frame can never (un)register a socket.
 */
export function wsHandler(name: string, fn: (event: WsEvent) => Promise<void>) {
  const eventType = EVENT_TYPES[name] ?? 'MESSAGE';
  const run = async (event: WsEvent, _context: Context): Promise<APIGatewayProxyResultV2> => {
    if (event.requestContext?.eventType !== eventType) {
      logger.warn('websocket event of the wrong type refused', {
        route: name,
        eventType: event.requestContext?.eventType,
      });
      return { statusCode: 403 };
    }
    try {
      await fn(event);
      return { statusCode: 200 };
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        logger.info('websocket request refused', { route: name, code: error.code });
        return { statusCode: error.status, body: JSON.stringify(error.toBody()) };
      }
      logger.error('websocket request failed', { route: name, error: error as Error });
      return { statusCode: 500 };
    }
  };
  return middy(run)
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(metricsFlush());
}
