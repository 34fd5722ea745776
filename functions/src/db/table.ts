/**
 * The single DynamoDB table, described once. CDK (infra) and the local cloud (scripts/local)
 * both create the table from this description; ElectroDB entities use these attribute names.
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'ALL' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'ALL' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: 'ALL' },
    /**
     * Keys only: the chat room lists (RoomMember `byActivity`), read with a BatchGet of the rows.
     * A change of a row's other attributes (unread, read receipts) writes nothing here.
     */
    { indexName: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk', projection: 'KEYS_ONLY' },
  ],
  timeToLiveAttribute: 'ttl',
  /** The stream that feeds the consumers of manifest.ts `streamConsumers` (new images only). */
  stream: { viewType: 'NEW_IMAGE' },
} as const;

export function createTableInput(tableName: string): CreateTableCommandInput {
  const { partitionKey, sortKey, globalSecondaryIndexes, stream } = tableDefinition;
  const keys = [partitionKey, sortKey, ...globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keys.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' },
        { AttributeName: g.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: g.projection },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: stream.viewType },
  };
}
