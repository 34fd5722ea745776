/**
 * Migration of issue 9 (cheaper chat writes): the chat room rows leave gsi1 (projection ALL) for
 * gsi4 (keys only). Once gsi4 exists on the table, every RoomMember row without `gsi4pk` gets
 * `gsi4pk = rooms#<ownerId>`, `gsi4sk = <lastMessageAt>#<chatroomId>` and loses `gsi1pk/gsi1sk`,
 * conditional on `lastMessageAt` as read (the stream consumer may move a row meanwhile: the row is
 * read again). Idempotent: a second run finds nothing to do. The order in a deployed stage is in
 * docs/architecture.md; the local cloud runs it when it adds gsi4 to a kept table (local/dynamo.ts).
 *
 *   tsx scripts/migrations/rooms-index.ts <table name>   (AWS credentials and region from the environment)
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

type Row = Record<string, unknown> & { pk: string; sk: string; ownerId: string; chatroomId: string };

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

async function moveRow(doc: DynamoDBDocumentClient, tableName: string, row: Row): Promise<boolean> {
  const key = { pk: row.pk, sk: row.sk };
  let current: Record<string, unknown> | undefined = row;
  for (let attempt = 1; current && attempt <= 5; attempt++) {
    if (current.gsi4pk !== undefined) return false;
    try {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: 'SET gsi4pk = :pk, gsi4sk = :sk REMOVE gsi1pk, gsi1sk',
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(gsi4pk) AND lastMessageAt = :at',
          ExpressionAttributeValues: {
            ':pk': `rooms#${current.ownerId}`,
            ':sk': `${current.lastMessageAt}#${current.chatroomId}`,
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
  if (current && current.gsi4pk === undefined) throw new Error(`room row ${row.pk}/${row.sk} kept moving`);
  return false;
}

/** Puts every room row without a gsi4 key into gsi4; returns how many rows it moved. */
export async function backfillRoomsIndex(client: DynamoDBClient, tableName: string): Promise<number> {
  const doc = DynamoDBDocumentClient.from(client);
  let moved = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#e = :e AND attribute_not_exists(gsi4pk)',
        ExpressionAttributeNames: { '#e': '__edb_e__' },
        ExpressionAttributeValues: { ':e': 'roomMember' },
        ExclusiveStartKey: start,
      }),
    );
    for (const row of (page.Items ?? []) as Row[]) if (await moveRow(doc, tableName, row)) moved++;
    start = page.LastEvaluatedKey;
  } while (start);
  return moved;
}

/** Backfills of indexes added to a table after its creation, by index name. */
export const indexBackfills: Readonly<
  Record<string, (client: DynamoDBClient, tableName: string) => Promise<number>>
> = {
  gsi4: backfillRoomsIndex,
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const tableName = process.argv[2];
  if (!tableName) throw new Error('usage: tsx scripts/migrations/rooms-index.ts <table name>');
  const moved = await backfillRoomsIndex(new DynamoDBClient({}), tableName);
  console.log(`${moved} room rows moved into gsi4`);
}
