import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateScheduleCommand, GetScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, expect, it } from 'vitest';
import { startLocalCloud } from '../local/cloud.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'kinoko-persist-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const options = {
  port: 0,
  dataDir,
  site: false,
  quiet: true,
  stage: 'test' as const,
  httpRoutes: [],
  wsRoutes: [],
};
const docs = () => DynamoDBDocumentClient.from(new DynamoDBClient({}));

it('keeps table items, mail, schedules and LINE test users across a restart', async () => {
  const first = await startLocalCloud(options);
  try {
    expect(first.tableCreated).toBe(true);
    await docs().send(new PutCommand({ TableName: first.tableName, Item: { pk: 'P#1', sk: 'S', v: 42 } }));
    await new SESv2Client({}).send(
      new SendEmailCommand({
        FromEmailAddress: 'a@example.jp',
        Destination: { ToAddresses: ['keep@example.jp'] },
        Content: { Simple: { Subject: { Data: '残る' }, Body: { Text: { Data: 'x' } } } },
      }),
    );
    await new SchedulerClient({}).send(
      new CreateScheduleCommand({
        Name: 'kept',
        ScheduleExpression: 'cron(0 9 * * ? *)',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { Arn: 'arn:aws:lambda:local:000000000000:function:JobsX', RoleArn: 'arn:aws:iam::0:role/r' },
      }),
    );
    const made = await fetch(`${first.url}/_local/line/authorize/new`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        response_type: 'code',
        client_id: first.env.LINE_CHANNEL_ID as string,
        redirect_uri: 'http://localhost/cb',
        state: 's',
        scope: 'profile',
        displayName: '続く人',
      }),
    });
    expect(made.status).toBe(302);
  } finally {
    await first.stop();
  }

  const second = await startLocalCloud(options);
  try {
    expect(second.tableCreated).toBe(false);
    const item = await docs().send(
      new GetCommand({ TableName: second.tableName, Key: { pk: 'P#1', sk: 'S' } }),
    );
    expect(item.Item?.v).toBe(42);
    expect(second.outbox.latest('keep@example.jp')?.subject).toBe('残る');
    const schedule = await new SchedulerClient({}).send(new GetScheduleCommand({ Name: 'kept' }));
    expect(schedule.ScheduleExpression).toBe('cron(0 9 * * ? *)');
    const users = (await (await fetch(`${second.url}/_local/line/users`)).json()) as {
      displayName: string;
    }[];
    expect(users.map((u) => u.displayName)).toContain('続く人');
  } finally {
    await second.stop();
  }
});
