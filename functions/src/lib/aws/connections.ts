/** The WebSocket API's @connections management client (WS_CALLBACK_URL). */
import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { env } from '../env.ts';
import { once } from './once.ts';

export const connections = once(() => new ApiGatewayManagementApiClient({ endpoint: env().WS_CALLBACK_URL }));
