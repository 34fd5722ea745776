/**
 * Backfill of issue 17: withdrawal requests written before the console's list by transfer date
 * (`byTransferDate`, gsi1 `withdrawals-on#<transferDate>` / `<creatorId>#<ym>`) lack its keys, so
 * the console and its transfer file miss them. (A later transition that moves `transferDate`
 * writes gsi1pk alone, never gsi1sk: such a request is still outside the index.) Each request
 * whose keys are not those of its `transferDate` is put again with every index key, on the
 * condition that its version is the one read: a request changed meanwhile is read again, never
 * overwritten with a stale status. Idempotent: requests in step are skipped, so a second run
 * writes nothing. Run it once after deploying issue 17.
 *
 *   tsx scripts/migrations/withdrawals-transfer-date-index.ts <table name>
 *   (AWS credentials and region from the environment)
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import type { Withdrawal } from '../../functions/src/db/entities/withdrawal.ts';
import { isConditionFailure } from '../../functions/src/db/errors.ts';
import { createDb, type Db } from '../../functions/src/db/service.ts';

type Request = EntityItem<typeof Withdrawal>;
type Stored = Request & { gsi1pk?: string; gsi1sk?: string };

const ATTEMPTS = 5;

/** The stored request's attributes, without the table's key fields. */
function attributesOf(stored: Record<string, unknown>): Request {
  const { pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, __edb_e__, __edb_v__, ...attributes } = stored;
  return attributes as Request;
}

/** Whether the stored gsi1 keys are the ones the entity writes for the request's transfer date. */
function inStep(db: Db, stored: Stored): boolean {
  const { Item: expected } = db.entities.withdrawal.put(attributesOf(stored)).params() as {
    Item: { gsi1pk: string; gsi1sk: string };
  };
  return stored.gsi1pk === expected.gsi1pk && stored.gsi1sk === expected.gsi1sk;
}

const readStored = async (db: Db, r: Pick<Request, 'creatorId' | 'ym'>) =>
  (
    await db.entities.withdrawal
      .get({ creatorId: r.creatorId, ym: r.ym })
      .go({ consistent: true, data: 'includeKeys' })
  ).data as Stored | null;

/** Puts one request (as scanned) into the index; false when it was in step (or is gone). */
export async function indexRequest(db: Db, found: Stored): Promise<boolean> {
  let stored: Stored | null = found;
  for (let attempt = 1; stored && attempt <= ATTEMPTS; attempt++) {
    if (inStep(db, stored)) return false;
    const read: Stored = stored;
    try {
      await db.entities.withdrawal
        .put(attributesOf(read))
        .where((a, op) => op.eq(a.version, read.version))
        .go();
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // Changed (or gone) meanwhile: read it again.
      stored = await readStored(db, read);
    }
  }
  if (stored && !inStep(db, stored))
    throw new Error(`withdrawal ${stored.creatorId}/${stored.ym} kept changing`);
  return false;
}

/** Gives every withdrawal request its transfer-date index keys; counts the requests written and those skipped (in step, or gone meanwhile). */
export async function backfillWithdrawalTransferDates(db: Db): Promise<{ indexed: number; skipped: number }> {
  const counts = { indexed: 0, skipped: 0 };
  let cursor: string | null = null;
  do {
    const page: { data: unknown[]; cursor: string | null } = await db.entities.withdrawal.scan.go({
      cursor,
      data: 'includeKeys',
    });
    for (const stored of page.data as Stored[]) {
      if (await indexRequest(db, stored)) counts.indexed += 1;
      else counts.skipped += 1;
    }
    cursor = page.cursor;
  } while (cursor);
  return counts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const table = process.argv[2];
  if (!table) {
    console.error('usage: tsx scripts/migrations/withdrawals-transfer-date-index.ts <table name>');
    process.exit(2);
  }
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const counts = await backfillWithdrawalTransferDates(createDb(doc, table));
  console.log(
    `withdrawals by transfer date: ${counts.indexed} requests indexed, ${counts.skipped} already in step`,
  );
}
