import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { MediaStore } from '../../lib/media-store.ts';
import { handleRecords } from '../../lib/stream.ts';
import { filterPattern, matchesPattern } from '../../lib/stream-filter.ts';
import { streamConsumers } from '../../manifest.ts';
import { chatFileFolder, deleteMessageFiles, deleteRoomFiles } from './cleanup.ts';

const room = 'c0000000000000000000000001_f0000000000000000000000001';
const file = `private/chat-photo/${room}/f0000000000000000000000001-0b6c/full.webp`;

function recordOf(image: Record<string, unknown>, seq: string, eventName: 'MODIFY' | 'INSERT' = 'MODIFY') {
  return {
    eventName,
    eventSource: 'aws:dynamodb',
    dynamodb: { NewImage: marshall(image) as never, SequenceNumber: seq, StreamViewType: 'NEW_IMAGE' },
  } satisfies DynamoDBRecord;
}

function fakeStore() {
  const deleted: string[] = [];
  const media = {
    deletePrefix: async (p: string) => {
      deleted.push(p);
      return 0;
    },
    delete: async (key: string) => {
      deleted.push(`key:${key}`);
    },
  } as unknown as MediaStore;
  return { media, deleted };
}

const consumer = (name: string) => {
  const def = streamConsumers.find((c) => c.handler === name);
  if (!def) throw new Error(name);
  return filterPattern(def.filter);
};

describe('media clean-up from the stream', () => {
  it("deletes a deleted message's file folder, the same twice when delivered twice", async () => {
    const { media, deleted } = fakeStore();
    const record = recordOf({ __edb_e__: 'message', chatroomId: room, deleted: 'sender', file }, '1');
    const out = await handleRecords('chat-message-files', { Records: [record, record] }, (r) =>
      deleteMessageFiles({ media }, r),
    );
    expect(out.batchItemFailures).toEqual([]);
    expect(deleted).toEqual([chatFileFolder(file), chatFileFolder(file)]);
    expect(chatFileFolder(file)).toBe(`private/chat-photo/${room}/f0000000000000000000000001-0b6c/`);
    // A file stored before the pipeline goes by its own key.
    const legacy = `chat/${room}/f0000000000000000000000001-0b6c.png`;
    await deleteMessageFiles(
      { media },
      { eventName: 'MODIFY', image: { deleted: 'sender', file: legacy }, sequenceNumber: '4' },
    );
    expect(deleted.at(-1)).toBe(`key:${legacy}`);
    // Only what the pipeline wrote: an upload key or anything else is left alone.
    expect(chatFileFolder(`uploads/chat-photo/${room}/x.png`)).toBeNull();
    expect(chatFileFolder(`private/chat-photo/${room}/../../x`)).toBeNull();
  });

  it("deletes a closed room's processed files and uploads", async () => {
    const { media, deleted } = fakeStore();
    const closed = recordOf({ __edb_e__: 'roomMember', chatroomId: room, status: 'closed' }, '2');
    await handleRecords('chat-room-files', { Records: [closed] }, (r) => deleteRoomFiles({ media }, r));
    expect(deleted.sort()).toEqual(
      [
        `private/chat-photo/${room}/`,
        `private/chat-video/${room}/`,
        `uploads/chat-photo/${room}/`,
        `uploads/chat-video/${room}/`,
        `chat/${room}/`,
      ].sort(),
    );
    const open = recordOf({ __edb_e__: 'roomMember', chatroomId: room, status: 'open' }, '3');
    await handleRecords('chat-room-files', { Records: [open] }, (r) => deleteRoomFiles({ media }, r));
    expect(deleted).toHaveLength(5);
  });

  it('receives only the records it acts on (manifest filters)', () => {
    const message = consumer('streams/chat-message-files');
    expect(matchesPattern(message, recordOf({ __edb_e__: 'message', deleted: 'sender', file }, '1'))).toBe(
      true,
    );
    expect(matchesPattern(message, recordOf({ __edb_e__: 'message', deleted: 'sender' }, '1'))).toBe(false);
    expect(matchesPattern(message, recordOf({ __edb_e__: 'message', file }, '1'))).toBe(false);
    expect(
      matchesPattern(message, recordOf({ __edb_e__: 'message', deleted: 's', file }, '1', 'INSERT')),
    ).toBe(false);
    const rooms = consumer('streams/chat-room-files');
    expect(matchesPattern(rooms, recordOf({ __edb_e__: 'roomMember', status: 'closed' }, '1'))).toBe(true);
    expect(matchesPattern(rooms, recordOf({ __edb_e__: 'roomMember', status: 'open' }, '1'))).toBe(false);
  });
});
