import { getDb } from '../db/service.ts';
import { systemClock } from '../lib/clock.ts';
import { sesMailer } from '../lib/mailer.ts';
import { streamHandler } from '../lib/stream.ts';
import { receiptRecord } from '../services/points/receipts.ts';

/** Completed card purchases (manifest filter: `payment` items completed without a receipt) → the receipt mail. */
export const handler = streamHandler('purchase-receipts', (record) =>
  receiptRecord({ db: getDb(), clock: systemClock, mailer: sesMailer }, record),
);
