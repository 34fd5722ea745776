/**
 * The worker of a scheduled broadcast's chunks (manifest `queues`: broadcast-deliveries): one
 * message per chunk, delivered once per fan whatever the queue redelivers (services/broadcasts/fanout.ts).
 */
import { chatDeps } from '../lib/chat-deps.ts';
import { systemClock } from '../lib/clock.ts';
import { logger } from '../lib/logger.ts';
import { queueHandler } from '../lib/queue.ts';
import { chunkMessage, deliverChunk } from '../services/broadcasts/fanout.ts';

export const handler = queueHandler('broadcast-deliveries', async (message) => {
  const body = chunkMessage.safeParse(message.body);
  if (!body.success) throw new Error('broadcast-deliveries: not a chunk message');
  const summary = await deliverChunk(chatDeps(systemClock), body.data, message);
  logger.info('broadcast chunk', { ...summary, chunk: body.data.chunk });
});
