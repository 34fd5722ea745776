import { getDb } from '../db/service.ts';
import { connections } from '../lib/aws/connections.ts';
import { streamHandler } from '../lib/stream.ts';
import { purchaseLogRecord } from '../services/shop/purchase-log.ts';

/** Order lines created (manifest filter) → the creator's purchase log entry, pushed to the profile's watchers. */
export const handler = streamHandler('shop-purchase-log', (record) =>
  purchaseLogRecord({ db: getDb(), sender: connections() }, record),
);
