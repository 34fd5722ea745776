/**
 * Migration of issue 9 (cheaper chat writes): the chat room rows leave gsi1 (projection ALL) for
 * gsi4 (keys only). Every RoomMember row gets `gsi4pk = rooms#<ownerId>`, `gsi4sk =
 * <lastMessageAt>#<chatroomId>` from its own attributes, conditional on the `lastMessageAt` it read
 * (a row moved meanwhile is read again). With `dropOldIndex` the rows also lose `gsi1pk/gsi1sk`.
 * Idempotent: rows already in step are skipped, so a second run moves nothing. In a deployed stage
 * it runs twice, around the code's deployment, so the lists never miss a room
 * (docs/architecture.md); the local cloud runs it once, dropping gsi1, when it adds gsi4 to a kept
 * table (local/dynamo.ts).
 *
 *   tsx scripts/migrations/rooms-index.ts <table name> [--drop-gsi1]
 *   (AWS credentials and region from the environment)
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

type Row = Record<string, unknown> & { pk: string; sk: string };

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

const keyOf = (row: Record<string, unknown>) => `${row.lastMessageAt}#${row.chatroomId}`;

function inStep(row: Record<string, unknown>, dropOldIndex: boolean): boolean {
  return (
    row.gsi4pk === `rooms#${row.ownerId}` &&
    row.gsi4sk === keyOf(row) &&
    (!dropOldIndex || (row.gsi1pk === undefined && row.gsi1sk === undefined))
  );
}

async function moveRow(
  doc: DynamoDBDocumentClient,
  tableName: string,
  row: Row,
  dropOldIndex: boolean,
): Promise<boolean> {
  const key = { pk: row.pk, sk: row.sk };
  let current: Record<string, unknown> | undefined = row;
  for (let attempt = 1; current && attempt <= 5; attempt++) {
    if (inStep(current, dropOldIndex)) return false;
    try {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: `SET gsi4pk = :pk, gsi4sk = :sk${dropOldIndex ? ' REMOVE gsi1pk, gsi1sk' : ''}`,
          ConditionExpression: 'attribute_exists(pk) AND lastMessageAt = :at',
          ExpressionAttributeValues: {
            ':pk': `rooms#${current.ownerId}`,
            ':sk': keyOf(current),
            ':at': current.lastMessageAt,
          },
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      current = (await doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true })))
        .Item;
    }
  }
  if (current && !inStep(current, dropOldIndex)) throw new Error(`room row ${row.pk}/${row.sk} kept moving`);
  return false;
}

/** Puts every room row into gsi4 in step with its last message; returns how many rows it wrote. */
export async function backfillRoomsIndex(
  client: DynamoDBClient,
  tableName: string,
  opts: { dropOldIndex: boolean },
): Promise<number> {
  const doc = DynamoDBDocumentClient.from(client);
  let moved = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#e = :e',
        ExpressionAttributeNames: { '#e': '__edb_e__' },
        ExpressionAttributeValues: { ':e': 'roomMember' },
        ExclusiveStartKey: start,
      }),
    );
    for (const row of (page.Items ?? []) as Row[])
      if (await moveRow(doc, tableName, row, opts.dropOldIndex)) moved++;
    start = page.LastEvaluatedKey;
  } while (start);
  return moved;
}

/** Backfills of indexes added to a table after its creation, by index name. */
export const indexBackfills: Readonly<
  Record<string, (client: DynamoDBClient, tableName: string) => Promise<number>>
> = {
  // Locally in one go: the code that reads gsi4 is already the running code.
  gsi4: (client, tableName) => backfillRoomsIndex(client, tableName, { dropOldIndex: true }),
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const tableName = process.argv[2];
  if (!tableName) throw new Error('usage: tsx scripts/migrations/rooms-index.ts <table name> [--drop-gsi1]');
  const dropOldIndex = process.argv.includes('--drop-gsi1');
  const moved = await backfillRoomsIndex(new DynamoDBClient({}), tableName, { dropOldIndex });
  console.log(`${moved} room rows written into gsi4${dropOldIndex ? ' (gsi1 keys removed)' : ''}`);
}
