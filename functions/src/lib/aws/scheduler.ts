/** The EventBridge Scheduler client (endpoint from AWS_ENDPOINT_URL_SCHEDULER locally). */
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { once } from './once.ts';

export const scheduler = once(() => new SchedulerClient({}));
