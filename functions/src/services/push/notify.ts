/**
 * The Web Push consumers (issue 15): a new message pushes to its recipient's devices (never the
 * sender's), unless the recipient muted or closed the room or turned messages off; a new notice
 * pushes to its owner's devices unless notices are off. Texts are in each device's language, with
 * the sender's nickname and never the message (lock screens are public).
 *
 * Cost: one Query of the recipient's devices per record (`profile#<id>` begins_with `push#sub#`);
 * a recipient without devices (most fans) costs that alone, so a broadcast to 50,000 fans adds
 * 50,000 small Queries and nothing else.
 *
 * Idempotency (at least once, never twice after a success): each push that the service accepted
 * leaves a mark `counted#push#<event>.<device>` (TTL 2 days); a redelivered record reads the marks
 * of its devices (one BatchGet) and pushes only to those without one. A device whose service
 * answers 404 or 410 is deleted; 429, 5xx or no answer fail the record after the other devices
 * were tried, and the stream's retry pushes only to the devices still unmarked. Other 4xx (a bad
 * request, a refused VAPID signature, a payload too large) are logged and not retried. A crash
 * between the service's acceptance and the mark's write may push once more.
 */

import { membersOf } from '@app/shared/chat';
import { businessConfig, type Language } from '@app/shared/config';
import en from '@app/shared/i18n/en/push';
import ja from '@app/shared/i18n/ja/push';
import type { PushPayload } from '@app/shared/schemas/push';
import { ttlAt } from '../../db/keys.ts';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import { logger } from '../../lib/logger.ts';
import type { StreamRecord } from '../../lib/stream.ts';
import { readRoom } from '../chat/rooms.ts';
import type { PushOptions, PushSender } from './sender.ts';
import { devicesOf, removeDevice } from './subscriptions.ts';

const P = businessConfig.push;
const MARK_CONSUMER = 'push';
const MARK_SECONDS = 2 * 86_400;
const ICON = '/icons/icon-192.png';
const texts = { ja: ja.notification, en: en.notification } as const;

/** Notices that tell of a chat message: its own push covers them. */
const MESSAGE_NOTICES = new Set(['chat_earning', 'chat_spend', 'stamp_earning', 'stamp_spend']);

export interface NotifyDeps {
  db: Db;
  clock: Clock;
  /** Null where the stage has no VAPID keys: nothing is sent. */
  send: PushSender | null;
}

type Device = Awaited<ReturnType<typeof devicesOf>>[number];

const langOf = (device: Device): Language => (device.lang === 'en' ? 'en' : 'ja');
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');

/** Pushes `payloadFor(device)` once to each device (see the module's comment). */
export async function pushToDevices(
  deps: NotifyDeps,
  profileId: string,
  event: string,
  devices: Device[],
  payloadFor: (lang: Language) => PushPayload,
  options: PushOptions,
): Promise<void> {
  const { send } = deps;
  if (!send || devices.length === 0) return;
  const markOf = (d: Device) => ({ consumer: MARK_CONSUMER, eventId: `${event}.${d.deviceId}` });
  const { data: marks } = await deps.db.entities.streamMark.get(devices.map(markOf)).go();
  const done = new Set(marks.map((m) => m.eventId));
  let retry = false;
  await Promise.all(
    devices
      .filter((d) => !done.has(markOf(d).eventId))
      .map(async (device) => {
        const status = await send(device, payloadFor(langOf(device)), options);
        if (status >= 200 && status < 300) {
          await deps.db.entities.streamMark
            .put({ ...markOf(device), ttl: ttlAt(deps.clock.now()) + MARK_SECONDS })
            .go();
        } else if (status === 404 || status === 410) {
          await removeDevice(deps.db, profileId, device.deviceId);
        } else if (status === 0 || status === 429 || status >= 500) {
          retry = true;
        } else {
          logger.warn('push refused', { status, profileId, device: device.deviceId });
        }
      }),
  );
  if (retry) throw new Error(`push of ${event} failed for a device: retried by the stream`);
}

/** A new message (`message` INSERT) → its recipient's devices with messages on. */
export async function pushMessageRecord(deps: NotifyDeps, record: StreamRecord): Promise<void> {
  const { data: message } = deps.db.entities.message.parse({ Item: record.image });
  if (!message || !deps.send) return;
  const members = membersOf(message.chatroomId);
  if (!members) return;
  const recipientId = message.senderId === members.creatorId ? members.otherId : members.creatorId;
  const devices = (await devicesOf(deps.db, recipientId)).filter((d) => d.messages);
  if (devices.length === 0) return;
  const row = await readRoom(deps.db, recipientId, message.chatroomId, true);
  if (!row || row.muted || row.blocked || row.status === 'closed') return;
  const nickname = row.peerNickname ?? row.peerUsername;
  await pushToDevices(
    deps,
    recipientId,
    `msg.${message.chatroomId}.${message.messageId}`,
    devices,
    (lang) => ({
      title: texts[lang].messageTitle,
      body: fill(texts[lang].messageBody, { nickname: nickname ?? texts[lang].someone }),
      url: row.peerUsername ? `/${lang}/chatroom/${row.peerUsername}` : `/${lang}/chatroom`,
      tag: `room-${message.chatroomId}`,
      icon: ICON,
    }),
    { ttl: P.ttlSeconds, urgency: 'high' },
  );
}

/** A new notice (`notice` INSERT) → its owner's devices with notices on. */
export async function pushNoticeRecord(deps: NotifyDeps, record: StreamRecord): Promise<void> {
  const { data: notice } = deps.db.entities.notice.parse({ Item: record.image });
  if (!notice || !deps.send || MESSAGE_NOTICES.has(notice.kind)) return;
  const devices = (await devicesOf(deps.db, notice.profileId)).filter((d) => d.notices);
  await pushToDevices(
    deps,
    notice.profileId,
    `notice.${notice.profileId}.${notice.noticeId}`,
    devices,
    (lang) => ({
      title: texts[lang].noticeTitle,
      body: texts[lang].noticeBody,
      url: `/${lang}/notice`,
      tag: 'notices',
      icon: ICON,
    }),
    { ttl: P.ttlSeconds, urgency: 'normal' },
  );
}
