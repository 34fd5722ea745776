/**
 * Migration of issue 17 (the operators' console): items written before it get the index keys the
 * console reads.
 * - Reports: gsi2 `reports-about#<targetId>` / `<createdAt>#<reportId>` (the count of reports about
 *   a person, AR2/AR7), and gsi1 `reports#<status>` when it is missing (reports were indexed while
 *   open only).
 * - Operators' profiles (role 3): the sparse gsi1 `role#3` / `<createdAt>` (the assignment's
 *   picker, AR9).
 * The keys are computed by the entities (ElectroDB), from the item's own attributes. A report's
 * update is conditional on the status it read (its gsi1 key follows the status; a report moved
 * meanwhile is read again), a profile's on still being an operator's. Idempotent: items already in
 * step are skipped, so a second run writes nothing. One paged Scan of the table (filtered to the
 * items lacking keys), plus one UpdateItem per item written.
 *
 *   tsx scripts/migrations/console-indexes.ts <table name>
 *   (AWS credentials and region from the environment)
 */
import { ROLE } from '@app/shared/roles';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '../../functions/src/db/errors.ts';
import { createDb, type Db } from '../../functions/src/db/service.ts';

type Row = Record<string, unknown> & { pk: string; sk: string };
type Kind = 'report' | 'profile';

/** The index keys the entity writes for this item today. */
function wantedKeys(db: Db, kind: Kind, row: Row): Record<string, string> {
  const item = (
    kind === 'report'
      ? db.entities.report.put(db.entities.report.parse({ Item: row }).data as never).params()
      : db.entities.profile.put(db.entities.profile.parse({ Item: row }).data as never).params()
  ).Item as Record<string, unknown>;
  const names = kind === 'report' ? ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'] : ['gsi1pk', 'gsi1sk'];
  return Object.fromEntries(names.flatMap((n) => (typeof item[n] === 'string' ? [[n, item[n]]] : [])));
}

async function indexRow(
  doc: DynamoDBDocumentClient,
  db: Db,
  tableName: string,
  kind: Kind,
  row: Row,
): Promise<boolean> {
  const key = { pk: row.pk, sk: row.sk };
  let current: Row | undefined = row;
  for (let attempt = 1; current && attempt <= 5; attempt++) {
    const missing = Object.entries(wantedKeys(db, kind, current)).filter(([n, v]) => current?.[n] !== v);
    if (missing.length === 0) return false;
    const guard: { expression: string; name: Record<string, string>; value: unknown } =
      kind === 'report'
        ? { expression: '#status = :guard', name: { '#status': 'status' }, value: current.status }
        : { expression: '#role = :guard', name: { '#role': 'roleId' }, value: ROLE.ADMIN };
    try {
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key,
          UpdateExpression: `SET ${missing.map(([n]) => `#${n} = :${n}`).join(', ')}`,
          ConditionExpression: `attribute_exists(pk) AND ${guard.expression}`,
          ExpressionAttributeNames: {
            ...Object.fromEntries(missing.map(([n]) => [`#${n}`, n])),
            ...guard.name,
          },
          ExpressionAttributeValues: {
            ...Object.fromEntries(missing.map(([n, v]) => [`:${n}`, v])),
            ':guard': guard.value,
          },
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // Moved or gone meanwhile: read it again (a profile that is no operator's any more is left).
      current = (await doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true })))
        .Item as Row | undefined;
      if (kind === 'profile' && current?.roleId !== ROLE.ADMIN) return false;
    }
  }
  if (current) throw new Error(`${kind} ${row.pk} kept changing`);
  return false;
}

/** Puts the reports and the operators written before issue 17 into its indexes; answers how many it wrote. */
export async function backfillConsoleIndexes(
  doc: DynamoDBDocumentClient,
  tableName: string,
): Promise<{ reports: number; operators: number }> {
  const db = createDb(doc, tableName);
  const counts = { reports: 0, operators: 0 };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression:
          '(#e = :report AND (attribute_not_exists(gsi2pk) OR attribute_not_exists(gsi1pk))) OR ' +
          '(#e = :profile AND #role = :admin AND attribute_not_exists(gsi1pk))',
        ExpressionAttributeNames: { '#e': '__edb_e__', '#role': 'roleId' },
        ExpressionAttributeValues: { ':report': 'report', ':profile': 'profile', ':admin': ROLE.ADMIN },
        ExclusiveStartKey: start,
      }),
    );
    for (const row of (page.Items ?? []) as Row[]) {
      const kind: Kind = row.__edb_e__ === 'report' ? 'report' : 'profile';
      if (await indexRow(doc, db, tableName, kind, row))
        counts[kind === 'report' ? 'reports' : 'operators']++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return counts;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tableName = process.argv[2];
  if (!tableName) {
    console.error('usage: tsx scripts/migrations/console-indexes.ts <table name>');
    process.exit(2);
  }
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const counts = await backfillConsoleIndexes(doc, tableName);
  console.log(`console indexes: ${counts.reports} reports and ${counts.operators} operators indexed`);
}
