/**
 * Stream consumers (issue 8, item 12): the chat notices are written from the table's stream, once
 * per message whatever the number of deliveries, and not to a side that muted the room.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handleRecords } from '../src/lib/stream.ts';
import { streamConsumers } from '../src/manifest.ts';
import { noticeMessageRecord } from '../src/services/chat/message-notices.ts';
import type { Mail } from '../src/services/mail.ts';
import { receiptRecord } from '../src/services/points/receipts.ts';
import { creator, fan, give, type Member, room, send } from './helpers/chat.ts';
import {
  api,
  db as documentClient,
  drainStreams,
  mailsTo,
  manualClock,
  tableName,
  testDb,
} from './helpers/cloud.ts';
import { addCard, buy, buyer } from './helpers/points.ts';

const db = testDb();

async function noticesOf(m: Member) {
  return (await db.entities.notice.query.byProfile({ profileId: m.profileId }).go()).data;
}

/** The record of a stored item, as the stream delivers it (new image). */
async function recordOf(
  key: { pk: string; sk: string },
  seq: string,
  eventName: 'INSERT' | 'MODIFY' = 'INSERT',
): Promise<DynamoDBRecord> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  if (!Item) throw new Error('no such item');
  return {
    eventName,
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: marshall({ pk: Item.pk, sk: Item.sk }) as never,
      NewImage: marshall(Item) as never,
      SequenceNumber: seq,
      StreamViewType: 'NEW_IMAGE',
    },
  };
}

const consume = (event: DynamoDBStreamEvent) =>
  handleRecords('chat-notices', event, (record) => noticeMessageRecord(db, record));

describe('streams/chat-notices', () => {
  it('is declared in the manifest for new paid messages only', () => {
    expect(streamConsumers).toContainEqual({
      handler: 'streams/chat-notices',
      area: 'chat',
      filter: { entity: 'message', events: ['INSERT'], present: ['txId'] },
    });
  });

  it('writes each side’s notice once, however often the same record is delivered', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    const sent = await send(f, chatroomId, { text: 'paid once' });
    expect(sent.status).toBe(200);
    const messageId = sent.body.message.id as string;
    await drainStreams();
    const [earned] = await noticesOf(c);
    const [spent] = await noticesOf(f);
    expect(earned).toMatchObject({ noticeId: `${messageId}-e`, kind: 'chat_earning' });
    expect(spent).toMatchObject({ noticeId: `${messageId}-s`, kind: 'chat_spend' });
    expect(earned?.createdAt).toBe(sent.body.message.created_at);

    // Delivered again (a retry after a crash), twice in one batch, then once more after a read.
    const record = await recordOf({ pk: `chatroom#${chatroomId}`, sk: `msg#${messageId}` }, '100');
    expect(
      await consume({
        Records: [record, { ...record, dynamodb: { ...record.dynamodb, SequenceNumber: '101' } }],
      }),
    ).toEqual({
      batchItemFailures: [],
    });
    await api('/notice/read', { token: c.token, body: { id: `${messageId}-e` } });
    expect(await consume({ Records: [record] })).toEqual({ batchItemFailures: [] });
    const after = await noticesOf(c);
    expect(after).toHaveLength(1);
    expect(after[0]).toEqual({ ...earned, readAt: after[0]?.readAt });
    expect(after[0]?.readAt).toBeDefined();
    expect(await noticesOf(f)).toEqual([spent]);
  });

  it('writes no notice to a side that muted the room, and the other side’s still', async () => {
    const [c, f] = await Promise.all([creator(), fan()]);
    await give(f.profileId, 10);
    const chatroomId = await room(f, c);
    await api('/mute', { token: c.token, body: { chatroom_id: chatroomId, muted: true } });
    const sent = await send(f, chatroomId, { text: 'while muted' });
    const messageId = sent.body.message.id as string;
    await drainStreams();
    expect(await noticesOf(c)).toEqual([]);
    expect((await noticesOf(f)).map((n) => n.noticeId)).toEqual([`${messageId}-s`]);
    // A free reply of the creator raises none.
    await send(c, chatroomId, { text: 'free' });
    await drainStreams();
    expect(await noticesOf(f)).toHaveLength(1);
  });
});

describe('streams/purchase-receipts', () => {
  it('mails the receipt of a completed purchase once, however often the record comes again', async () => {
    const b = await buyer();
    const cardId = await addCard(b);
    const res = await buy(b, cardId, 100);
    expect(res.status).toBe(200);
    await drainStreams();
    const mails = await mailsTo(b.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('ご購入')]);
    const { data: payment } = await db.entities.payment.get({ uuid: res.body.payment_id }).go();
    expect(payment?.receiptSentAt).toBeDefined();

    // The completing change delivered again, as a retry would: the mark stops a second mail.
    const record = await recordOf({ pk: `payment#${res.body.payment_id}`, sk: 'payment' }, '200', 'MODIFY');
    const image = record.dynamodb?.NewImage as Record<string, unknown>;
    delete image.receiptSentAt;
    const sent: Mail[] = [];
    const deps = { db, clock: manualClock(), mailer: { send: async (m: Mail) => void sent.push(m) } };
    expect(
      await handleRecords('purchase-receipts', { Records: [record, record] }, (r) => receiptRecord(deps, r)),
    ).toEqual({ batchItemFailures: [] });
    expect(sent).toEqual([]);
    expect(await mailsTo(b.email)).toHaveLength(1);
  });
});
