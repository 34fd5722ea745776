/**
 * Backfill of the reverse block index (issue 12 session): every block edge written before
 * `byBlocked` existed gets its gsi2 keys (`blocked-by#<blocked>` / `<blocker>`), so search and
 * discovery see who blocked the caller. Each edge is updated only while it still exists (an
 * unblock meanwhile stays an unblock); a second run writes the same keys again.
 *
 *   tsx scripts/migrations/block-reverse-index.ts <table name>
 *   (AWS credentials and region from the environment)
 */

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '../../functions/src/db/errors.ts';
import { createDb, type Db } from '../../functions/src/db/service.ts';

export async function backfillBlockIndex(db: Db): Promise<{ indexed: number; gone: number }> {
  const counts = { indexed: 0, gone: 0 };
  const { data: edges } = await db.entities.block.scan.go({ pages: 'all' });
  for (const edge of edges) {
    try {
      // A put writes every index key of the entity; the condition keeps an unblock meanwhile.
      await db.entities.block
        .put(edge)
        .where((a, op) => op.exists(a.createdAt))
        .go();
      counts.indexed += 1;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      counts.gone += 1;
    }
  }
  return counts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const table = process.argv[2];
  if (!table) {
    console.error('usage: tsx scripts/migrations/block-reverse-index.ts <table name>');
    process.exit(2);
  }
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const counts = await backfillBlockIndex(createDb(doc, table));
  console.log(`block index: ${counts.indexed} edges indexed, ${counts.gone} gone meanwhile`);
}
