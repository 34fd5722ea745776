import { DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { tableDefinition } from '../../functions/src/db/table.ts';
import { db, latestMail, mailsTo, tableName } from '../../functions/test/helpers/cloud.ts';

beforeAll(() => {
  // The SDK clients below find the local endpoints only through these variables, as handlers do.
  Object.assign(process.env, inject('localEnv'));
});

describe('DynamoDB Local', () => {
  it('has the table from table.ts with its GSIs and TTL on `ttl`', async () => {
    const client = new DynamoDBClient({});
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName() }));
    expect(Table?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    const indexes = Table?.GlobalSecondaryIndexes?.map((g) => [g.IndexName, g.Projection?.ProjectionType]);
    expect(indexes?.sort()).toEqual(
      tableDefinition.globalSecondaryIndexes.map((i) => [i.indexName, i.projection]).sort(),
    );
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName() }));
    expect(ttl.TimeToLiveDescription).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: 'ttl' });
  });

  it('stores and reads an item through the helper DocumentClient', async () => {
    const item = { pk: 'TEST#1', sk: 'A', gsi1pk: 'X', gsi1sk: 'Y', name: 'きのこ' };
    await db().send(new PutCommand({ TableName: tableName(), Item: item }));
    const got = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: 'TEST#1', sk: 'A' } }));
    expect(got.Item).toEqual(item);
  });
});

describe('SES v2 stand-in', () => {
  it('keeps Simple.Headers (RFC 8058 List-Unsubscribe) and refuses what SES refuses of them', async () => {
    const ses = new SESv2Client({});
    const to = `headers-${Date.now()}@example.jp`;
    const send = (Headers: { Name: string; Value: string }[]) =>
      ses.send(
        new SendEmailCommand({
          FromEmailAddress: process.env.MAIL_FROM,
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: 'h' }, Body: { Text: { Data: 't' } }, Headers } },
        }),
      );
    await send([
      { Name: 'List-Unsubscribe', Value: '<https://app.example.jp/api/u?token=a.b>' },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
    expect((await latestMail(to)) as unknown).toMatchObject({
      headers: [
        { name: 'List-Unsubscribe', value: '<https://app.example.jp/api/u?token=a.b>' },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ],
    });
    const refusals = [
      [{ Name: 'Bad:Name', Value: 'x' }],
      [{ Name: 'X-Long', Value: 'x'.repeat(871) }],
      [{ Name: 'X-Jp', Value: '日本語' }],
      [{ Name: 'x'.repeat(127), Value: 'x' }],
      Array.from({ length: 16 }, (_, i) => ({ Name: `X-H${i}`, Value: 'x' })),
    ];
    for (const headers of refusals) {
      await expect(send(headers)).rejects.toMatchObject({ name: 'BadRequestException' });
    }
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it('puts a Simple SendEmail into the outbox', async () => {
    const ses = new SESv2Client({});
    const to = `simple-${Date.now()}@example.jp`;
    const sent = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: process.env.MAIL_FROM,
        Destination: { ToAddresses: [`山田 <${to}>`] },
        Content: {
          Simple: {
            Subject: { Data: '認証コード', Charset: 'UTF-8' },
            Body: { Text: { Data: 'コードは 123456 です' }, Html: { Data: '<p>コードは <b>123456</b></p>' } },
          },
        },
      }),
    );
    expect(sent.MessageId).toMatch(/^[0-9a-f-]{36}$/);
    const mail = await latestMail(to.toUpperCase());
    expect(mail).toMatchObject({
      id: sent.MessageId,
      to: [`山田 <${to}>`],
      from: 'Kinoko <no-reply@kinoko.localhost>',
      subject: '認証コード',
      text: 'コードは 123456 です',
      html: '<p>コードは <b>123456</b></p>',
    });
    expect(await mailsTo('nobody@example.jp')).toEqual([]);
  });

  it('reads a Raw MIME mail (encoded subject, base64 UTF-8 body)', async () => {
    const to = `raw-${Date.now()}@example.jp`;
    const raw = [
      'From: no-reply@kinoko.localhost',
      `To: ${to}`,
      `Subject: =?UTF-8?B?${Buffer.from('ようこそ').toString('base64')}?=`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=UTF-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('本文です').toString('base64'),
      '--b1--',
      '',
    ].join('\r\n');
    await new SESv2Client({}).send(new SendEmailCommand({ Content: { Raw: { Data: Buffer.from(raw) } } }));
    const mail = await latestMail(to);
    expect(mail).toMatchObject({ to: [to], subject: 'ようこそ', text: '本文です', html: null });
  });

  it('shows the outbox as a UTF-8 HTML page, newest first', async () => {
    const res = await fetch(`${inject('url')}/_local/outbox`);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html.indexOf('ようこそ')).toBeGreaterThan(-1);
    expect(html.indexOf('ようこそ')).toBeLessThan(html.indexOf('認証コード'));
  });
});
