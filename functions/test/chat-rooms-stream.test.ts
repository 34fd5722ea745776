/**
 * The room rows' last message and list order come from the stream consumer `streams/chat-rooms`
 * (issue 9, cheaper writes): the message's transaction writes only the recipient's unread. The
 * consumer must be idempotent (a redelivered record), ordered (a late, older record changes
 * nothing) and must finish a half-done delivery (mutual chat after a crash).
 */
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../scripts/local/dynamo.ts';
import { backfillRoomsIndex } from '../../scripts/migrations/rooms-index.ts';
import { createDb } from '../src/db/service.ts';
import { createTableInput } from '../src/db/table.ts';
import { handleRecords } from '../src/lib/stream.ts';
import { streamConsumers } from '../src/manifest.ts';
import { applyMessageRecord } from '../src/services/chat/room-activity.ts';
import { creator, fan, give, type Member, room, send } from './helpers/chat.ts';
import { api, db as documentClient, drainStreams, tableName, testDb } from './helpers/cloud.ts';

const db = testDb();
let seq = 0;

/** The stream record of a stored message (its new image), as Lambda delivers it. */
async function recordOf(
  chatroomId: string,
  messageId: string,
  eventName: 'INSERT' | 'MODIFY' = 'INSERT',
): Promise<DynamoDBRecord> {
  const key = { pk: `chatroom#${chatroomId}`, sk: `msg#${messageId}` };
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  if (!Item) throw new Error('no such message');
  seq += 1;
  return {
    eventName,
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: marshall(key) as never,
      NewImage: marshall(Item) as never,
      SequenceNumber: String(seq).padStart(21, '0'),
      StreamViewType: 'NEW_IMAGE',
    },
  };
}

const deliver = async (...records: DynamoDBRecord[]) =>
  handleRecords('chat-rooms', { Records: records }, (record) => applyMessageRecord(db, record));

const rowOf = async (m: Member, chatroomId: string) =>
  (await db.entities.roomMember.get({ ownerId: m.profileId, chatroomId }).go({ consistent: true })).data;

/** The raw item (with its rooms-index key). */
async function rawRow(m: Member, chatroomId: string) {
  const { Item } = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: { pk: `rooms#${m.profileId}`, sk: `room#${chatroomId}` },
      ConsistentRead: true,
    }),
  );
  return Item as Record<string, unknown>;
}

async function sent(m: Member, chatroomId: string, text: string): Promise<string> {
  const res = await send(m, chatroomId, { text });
  expect(res.status).toBe(200);
  return res.body.message.id as string;
}

describe('streams/chat-rooms', () => {
  it('is declared in the manifest for created and changed messages', () => {
    expect(streamConsumers).toContainEqual({
      handler: 'streams/chat-rooms',
      area: 'chat',
      filter: { entity: 'message', events: ['INSERT', 'MODIFY'] },
    });
  });

  it('moves both rows after the commit: last message, list order, each side’s time, mutual chat', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const first = await room(f, c);
    const c2 = await creator();
    const second = await room(f, c2);
    const paid = await sent(f, first, 'from the fan');
    await drainStreams();
    const [fanRow, creatorRow] = await Promise.all([rowOf(f, first), rowOf(c, first)]);
    expect(fanRow).toMatchObject({ lastMessageId: paid, preview: 'from the fan', lastSenderId: f.profileId });
    expect(fanRow?.ownerLastMessageAt).toBeDefined();
    expect(creatorRow).toMatchObject({ lastMessageId: paid, unread: 1 });
    expect(creatorRow?.peerLastMessageAt).toBe(fanRow?.ownerLastMessageAt);
    expect(creatorRow?.mutualAt).toBeUndefined();
    expect((await rawRow(f, first)).gsi4sk).toBe(`${fanRow?.lastMessageAt}#${first}`);

    // The first room is on top of the fan's list; a message in the second moves that one up.
    const listed = async () =>
      ((await api('/chatroom/list', { token: f.token })).body.chatrooms as { id: string }[]).map((r) => r.id);
    expect(await listed()).toEqual([first, second]);
    await sent(f, second, 'the other room');
    await drainStreams();
    expect(await listed()).toEqual([second, first]);

    // The creator answers: the room becomes mutual on both rows, at the answer's time.
    const reply = await sent(c, first, 'from the creator');
    await drainStreams();
    const [fanAfter, creatorAfter] = await Promise.all([rowOf(f, first), rowOf(c, first)]);
    const replyAt = creatorAfter?.lastMessageAt;
    expect(creatorAfter).toMatchObject({
      lastMessageId: reply,
      mutualAt: replyAt,
      ownerLastMessageAt: replyAt,
    });
    expect(fanAfter).toMatchObject({ lastMessageId: reply, mutualAt: replyAt, peerLastMessageAt: replyAt });
    expect(await listed()).toEqual([first, second]);
  });

  it('is idempotent and ordered: a redelivered or late older record changes nothing', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    const older = await sent(f, chatroomId, 'older');
    const newer = await sent(f, chatroomId, 'newer');
    await drainStreams();
    const before = await Promise.all([rawRow(f, chatroomId), rawRow(c, chatroomId)]);
    expect(before[0]).toMatchObject({ lastMessageId: newer, preview: 'newer' });

    // The older record late, the newer one twice, in one batch.
    const records = [
      await recordOf(chatroomId, older),
      await recordOf(chatroomId, newer),
      await recordOf(chatroomId, newer),
    ];
    expect(await deliver(...records)).toEqual({ batchItemFailures: [] });
    expect(await Promise.all([rawRow(f, chatroomId), rawRow(c, chatroomId)])).toEqual(before);
    // The older one alone again: the rows keep the newer message and their place in the list.
    await deliver(await recordOf(chatroomId, older));
    expect(await Promise.all([rawRow(f, chatroomId), rawRow(c, chatroomId)])).toEqual(before);
  });

  it('finishes a delivery cut between its writes (mutual chat set on the redelivery)', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    await sent(f, chatroomId, 'hello');
    const reply = await sent(c, chatroomId, 'hi');
    await drainStreams();
    // As if the process died after moving the rows, before marking the room mutual.
    for (const m of [f, c])
      await db.entities.roomMember.patch({ ownerId: m.profileId, chatroomId }).remove(['mutualAt']).go();
    await deliver(await recordOf(chatroomId, reply));
    const [fanRow, creatorRow] = await Promise.all([rowOf(f, chatroomId), rowOf(c, chatroomId)]);
    expect(fanRow?.mutualAt).toBe(fanRow?.lastMessageAt);
    expect(creatorRow?.mutualAt).toBe(creatorRow?.lastMessageAt);
  });

  it('drops the preview of a deleted last message, even when the deletion came before the message', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    const earlier = await sent(f, chatroomId, 'earlier');
    const last = await sent(f, chatroomId, 'secret');
    await drainStreams();
    // Deleting a message that is not the last one leaves the rows alone.
    expect(
      (await api('/chat/delete', { token: f.token, body: { id: `${chatroomId}.${earlier}` } })).status,
    ).toBe(200);
    await drainStreams();
    expect(await rowOf(c, chatroomId)).toMatchObject({ lastMessageId: last, preview: 'secret' });

    // As if the consumer took the message only after the sender's direct update of the rows (the
    // row shows the deleted text again): the deletion's record, later in the stream, takes it away.
    expect(
      (await api('/chat/delete', { token: f.token, body: { id: `${chatroomId}.${last}` } })).status,
    ).toBe(200);
    const deletion = await recordOf(chatroomId, last, 'MODIFY');
    await db.entities.roomMember
      .patch({ ownerId: c.profileId, chatroomId })
      .set({ preview: 'secret', lastMessageDeleted: false })
      .go();
    await deliver(deletion);
    const row = await rowOf(c, chatroomId);
    expect(row).toMatchObject({ lastMessageId: last, lastMessageDeleted: true });
    expect(row?.preview).toBeUndefined();
  });
});

describe('the rooms index migration (gsi1 → keys-only gsi4)', () => {
  const client = () =>
    new DynamoDBClient({
      endpoint: inject('dynamoEndpoint'),
      region: 'ap-northeast-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });

  /** A room row as the code before issue 9 wrote it: in gsi1, not in gsi4. */
  async function oldRow(table: string, ownerId: string, chatroomId: string, lastMessageAt: string) {
    const item: Record<string, unknown> = {
      ...(
        db.entities.roomMember
          .create({
            ownerId,
            chatroomId,
            side: 'creator',
            peerId: 'peer',
            peerRoleId: 4,
            lastMessageAt,
            createdAt: lastMessageAt,
          })
          .params() as { Item: Record<string, unknown> }
      ).Item,
      gsi1pk: `rooms#${ownerId}`,
      gsi1sk: `${lastMessageAt}#${chatroomId}`,
    };
    delete item.gsi4pk;
    delete item.gsi4sk;
    await documentClient().send(new PutCommand({ TableName: table, Item: item }));
  }

  it('in a deployed stage, two runs around the deployment: gsi1 kept, then re-synced and dropped', async () => {
    const table = `kinoko-rooms-deploy-${Date.now()}`;
    await client().send(new CreateTableCommand(createTableInput(table)));
    await oldRow(table, 'owner-b', 'c2_f1', '2026-01-01T00:00:00.000Z');
    const key = { pk: 'rooms#owner-b', sk: 'room#c2_f1' };
    const read = async () =>
      (await documentClient().send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true })))
        .Item;

    // Before the new code: both indexes hold the row (the old code still lists through gsi1).
    expect(await backfillRoomsIndex(client(), table, { dropOldIndex: false })).toBe(1);
    expect(await read()).toMatchObject({
      gsi1sk: '2026-01-01T00:00:00.000Z#c2_f1',
      gsi4sk: '2026-01-01T00:00:00.000Z#c2_f1',
    });
    // The old code moves the row (a message) before the new code is deployed.
    await documentClient().send(
      new UpdateCommand({
        TableName: table,
        Key: key,
        UpdateExpression: 'SET lastMessageAt = :t, gsi1sk = :k',
        ExpressionAttributeValues: {
          ':t': '2026-01-03T00:00:00.000Z',
          ':k': '2026-01-03T00:00:00.000Z#c2_f1',
        },
      }),
    );
    // After the deployment: gsi4 catches up with the move and gsi1 is dropped; then nothing is left.
    expect(await backfillRoomsIndex(client(), table, { dropOldIndex: true })).toBe(1);
    const after = await read();
    expect(after).toMatchObject({ gsi4pk: 'rooms#owner-b', gsi4sk: '2026-01-03T00:00:00.000Z#c2_f1' });
    expect(after?.gsi1pk).toBeUndefined();
    expect(await backfillRoomsIndex(client(), table, { dropOldIndex: true })).toBe(0);
  });

  it('a kept local table gets gsi4 (keys only) and its room rows move into it, once', async () => {
    const table = `kinoko-rooms-migration-${Date.now()}`;
    const input = createTableInput(table);
    const before = {
      ...input,
      GlobalSecondaryIndexes: input.GlobalSecondaryIndexes?.filter((g) => g.IndexName !== 'gsi4'),
      AttributeDefinitions: input.AttributeDefinitions?.filter((a) => !a.AttributeName?.startsWith('gsi4')),
    };
    await client().send(new CreateTableCommand(before));
    await oldRow(table, 'owner-a', 'c1_f1', '2026-01-01T00:00:00.000Z');
    await oldRow(table, 'owner-a', 'c1_f2', '2026-01-02T00:00:00.000Z');

    expect(await ensureTable(client(), table)).toBe(false);
    const { Table } = await client().send(new DescribeTableCommand({ TableName: table }));
    expect(Table?.GlobalSecondaryIndexes?.find((g) => g.IndexName === 'gsi4')?.Projection).toEqual({
      ProjectionType: 'KEYS_ONLY',
    });
    const moved = (
      await documentClient().send(
        new GetCommand({ TableName: table, Key: { pk: 'rooms#owner-a', sk: 'room#c1_f2' } }),
      )
    ).Item;
    expect(moved).toMatchObject({ gsi4pk: 'rooms#owner-a', gsi4sk: '2026-01-02T00:00:00.000Z#c1_f2' });
    expect(moved?.gsi1pk).toBeUndefined();
    // The list reads them in last-message order through the new index.
    const page = await createDb(client(), table)
      .entities.roomMember.query.byActivity({ ownerId: 'owner-a' })
      .go({ order: 'desc', hydrate: true });
    expect(page.data.map((r) => r.chatroomId)).toEqual(['c1_f2', 'c1_f1']);
    // A second run has nothing left to move.
    expect(await backfillRoomsIndex(client(), table, { dropOldIndex: true })).toBe(0);
  });
});
