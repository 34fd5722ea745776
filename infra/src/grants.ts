/**
 * What each handler may touch, by area (handler path prefix). Explicit on purpose: a new area fails
 * the synth until someone decides its permissions here. The longest matching prefix wins.
 * `queueSend` is not listed by prefix: it comes from the manifest's queues (their `producers`).
 */
import { queues as manifestQueues, type QueueDef } from '@app/functions/manifest';

export type Grant =
  /** GetItem/Query/PutItem/UpdateItem/DeleteItem/TransactWrite on the table and its indexes. */
  | 'table'
  /** Read-only table access. */
  | 'tableRead'
  /** PutItem only: conditional creates of items derived from stream records (notices). */
  | 'tableCreate'
  /** UpdateItem only: marks set by stream consumers (a receipt sent). */
  | 'tableUpdate'
  /** GetSecretValue on the app secret (AUTH_SECRET signs and verifies tokens, LINE_CHANNEL_SECRET). */
  | 'appSecret'
  /** ses:SendEmail from the sender identity. */
  | 'sendMail'
  /**
   * The media bucket (UPLOAD_BUCKET) for the media pipeline: read uploads and their scan tags,
   * write processed files, delete; presigned POSTs and GETs are signed with the function's role.
   */
  | 'uploads'
  /** List and delete objects of the media bucket (stream consumers deleting what was removed). */
  | 'mediaDelete'
  /** POST/GET/DELETE @connections on the WebSocket API. */
  | 'wsManage'
  /** Create/delete one-time schedules in the stage's group, passing the scheduler role. */
  | 'schedules'
  /**
   * sqs:SendMessage on each manifest queue that lists the handler among its `producers`, with the
   * queue's URL as QUEUE_URL_<NAME> (lib/queue.ts `sqsQueueSender`); given by `grantsFor`.
   */
  | 'queueSend';

export const grantsByHandlerPrefix: Readonly<Record<string, readonly Grant[]>> = {
  // E-mail accounts, LINE Login and tokens: sign tokens, send codes by mail; ending sessions
  // (logout, password reset, a reused refresh token, leaving) closes their sockets.
  'http/auth/': ['table', 'appSecret', 'sendMail', 'wsManage'],
  // Leaving also deletes the profile pictures (public media).
  'http/auth/leave': ['table', 'appSecret', 'sendMail', 'wsManage', 'mediaDelete'],
  // A cast's own password at its first login (issue 16): no mail, no socket to close.
  'http/auth/cast-password': ['table', 'appSecret'],
  // Console: stamps and campaigns (issue 17): the public pages' live registration campaign (reads only).
  'http/auth/register-campaign': ['tableRead', 'appSecret'],
  // Profile, user info, bank account; profile images go to the uploads bucket.
  'http/mypage/': ['table', 'appSecret', 'uploads'],
  // Codes by mail: the notification e-mail's confirmation (fans), the bank details' change code.
  'http/mypage/notification-email-code': ['table', 'appSecret', 'sendMail'],
  'http/mypage/bank-code': ['table', 'appSecret', 'sendMail'],
  // Store view (balance, caps); the caller's token is verified.
  'http/store/': ['tableRead', 'appSecret'],
  // Cards and payments: the Square access token is in the app secret (receipts are mailed by the
  // purchase-receipts stream consumer, not here).
  'http/square/': ['table', 'appSecret'],
  // Chat: rooms, paid messages through the ledger, pushes to the members' WebSocket connections,
  // files in the uploads bucket (presigned URLs, the uploaded object checked before sending).
  'http/chat/': ['table', 'appSecret', 'wsManage', 'uploads'],
  // Notices: the caller's list and read state.
  'http/notice/': ['table', 'appSecret'],
  // E-mail notifications (issue 15, mail helper): the caller's choices; the unsubscribe link
  // verifies its token with the app secret.
  'http/notification/': ['table', 'appSecret'],
  // Social (issue 11): profiles, likes, favorites, lists, discovery; the caller's token is verified
  // (optional on the public profile). Home and news only read.
  'http/social/': ['table', 'appSecret'],
  'http/home/': ['tableRead', 'appSecret'],
  // Creator search (issue 11, search branch): reads the directory, the claims, blocks and stats.
  'http/social/search': ['tableRead', 'appSecret'],
  // Bank and branch codes are bundled data; the caller's token is verified.
  'http/bank/': ['tableRead', 'appSecret'],
  // The creator's business (issue 12): income, summary and statements only read; withdrawal
  // requests write their own items.
  'http/business/': ['tableRead', 'appSecret'],
  'http/business/request-withdraw': ['table', 'appSecret'],
  'http/business/re-request-withdraw': ['table', 'appSecret'],
  // The shop (issue 13): the creator's items and sales status (files through the uploads bucket),
  // the fan's item page, purchase and cart (points move through the ledger), the buyer's library
  // (presigned GETs of what was bought).
  'http/item/': ['table', 'appSecret', 'uploads'],
  'http/shop/': ['table', 'appSecret'],
  'http/library/': ['tableRead', 'appSecret', 'uploads'],
  // The fan club (issue 14): settings, posts (files through the uploads bucket), joining and passes
  // (points move through the ledger), the fan's memberships.
  'http/fanclub/': ['table', 'appSecret', 'uploads'],
  // Posts: the form and delete create and delete a scheduled post's one-time schedule.
  'http/fanclub/post-save': ['table', 'appSecret', 'uploads', 'schedules'],
  'http/fanclub/post-delete': ['table', 'appSecret', 'uploads', 'schedules'],
  // A scheduled post's schedule publishes it (the post and its month's count in one transaction).
  'jobs/fanclub-post-publish': ['table'],
  // The files a deleted post or an edit dropped (no table access: the marker expires by TTL).
  'streams/fanclub-post-files': ['mediaDelete'],
  // $connect verifies the access token and stores the connection.
  'ws/connect': ['table', 'appSecret'],
  'ws/disconnect': ['table'],
  // The heartbeat checks the socket's session and closes a socket whose session ended.
  'ws/default': ['table', 'wsManage'],
  // Scheduled work: expiry, renewals, broadcasts; may push to sockets and chain schedules. A job
  // that mails gets its own entry with `sendMail` (security.test.ts: exactly the bundles holding SES).
  'jobs/': ['table', 'wsManage', 'schedules'],
  // Settles pending payments at Square (token in the app secret); receipts follow from the stream.
  'jobs/payment-reconcile': ['table', 'appSecret'],
  // Home's recommended creators: reads the directory and counters, rewrites one snapshot item.
  'jobs/recommended': ['table'],
  // E-mail digests (issue 15, mail helper): reads what waits, claims and records each send
  // (conditional writes), signs the unsubscribe links (app secret), mails.
  'jobs/mail-digests': ['table', 'appSecret', 'sendMail'],
  // Stream consumers (their stream read and dead-letter queue come with the event source mapping).
  // E-mail digests: one conditional UpdateItem marks a person's digest due.
  'streams/mail-message-marks': ['tableUpdate'],
  'streams/mail-notice-marks': ['tableUpdate'],
  // Chat notices: reads the room rows and the payer's profile, creates the two notices.
  'streams/chat-notices': ['tableRead', 'tableCreate'],
  // Chat rooms: the members' room rows take each new message (conditional UpdateItem only), and a
  // room's mutual-chat moment is created once (conditional PutItem: trigger broadcast 6's event).
  'streams/chat-rooms': ['tableCreate', 'tableUpdate'],
  // Purchase receipts: reads the payment and the buyer's addresses, mails, marks the payment.
  'streams/purchase-receipts': ['tableRead', 'tableUpdate', 'sendMail'],
  // Social counters: a transaction of UpdateItems (the like's mark, both Stats) or of a marker's
  // PutItem and an UpdateItem (favorites), reads to tell a replay; the 'liked' notice's create.
  'streams/likes': ['tableRead', 'tableCreate', 'tableUpdate'],
  'streams/favorite-counters': ['tableRead', 'tableCreate', 'tableUpdate'],
  // Supporter totals: reads a row, rewrites it on a condition on its total (PutItem).
  'streams/supporters': ['tableRead', 'tableCreate'],
  // Invitations: the invitation item's INSERT → the creator's notice (conditional create only).
  'streams/invitation-notices': ['tableCreate'],
  // Shop (issue 13, shelf): the purchase log entry (conditional create) pushed to the profile's
  // watching sockets (a gone socket's registry item is deleted); the item sales counter (a
  // transaction of the mark's PutItem and an UpdateItem); the two 'purchase' notices (reads the
  // buyer). The rankings job reads the counters, items and creators, rewrites one snapshot item.
  'streams/shop-purchase-log': ['table', 'wsManage'],
  'streams/shop-rankings': ['tableRead', 'tableCreate', 'tableUpdate'],
  'streams/shop-purchase-notices': ['tableRead', 'tableCreate'],
  'jobs/item-rankings': ['table'],
  // Media clean-up: a deleted message's file, a closed room's files (no table access).
  'streams/chat-message-files': ['mediaDelete'],
  'streams/chat-room-files': ['mediaDelete'],
  // Shop (issue 13, library): a line's return gift → the buyer's notice (conditional create only);
  // a creator's grant → the fan's notice (reads the creator's profile for the nickname).
  'streams/return-gift-notices': ['tableCreate'],
  'streams/original-point-notices': ['tableRead', 'tableCreate'],
  // Fan club (issue 14): a membership event → the fan's and the creator's notices (reads both
  // profiles); the daily renewals charge through the ledger and write memberships (no sockets).
  'streams/fanclub-notices': ['tableRead', 'tableCreate'],
  // Broadcasts (issue 15), trigger events: read the creator's triggers and the fan's run, create
  // or replace the run (conditional PutItem). The scan job reads indexes and creates runs; the
  // step job delivers (messages, rooms, counts in transactions) and pushes to the fan's sockets.
  'streams/broadcast-trigger-': ['tableRead', 'tableCreate'],
  'jobs/broadcast-trigger-scan': ['table'],
  // File chats are pushed to the fan with presigned GETs of the broadcast's file (uploads bucket).
  'jobs/broadcast-trigger-steps': ['table', 'wsManage', 'uploads'],
  'jobs/fanclub-renewals': ['table'],
  // Broadcasts (issue 15, authoring): the creator's scheduled and trigger broadcasts, their files
  // through the uploads bucket (presigned POSTs, the check, presigned GETs of the previews).
  'http/broadcasting/': ['table', 'appSecret', 'uploads'],
  // A scheduled broadcast's form and delete create and delete its one-time schedule, and delete
  // the files a delete or an edit dropped (by prefix: list and delete).
  'http/broadcasting/reserve-save': ['table', 'appSecret', 'uploads', 'mediaDelete', 'schedules'],
  'http/broadcasting/reserve-delete': ['table', 'appSecret', 'uploads', 'mediaDelete', 'schedules'],
  // Notifications: web push (issue 15). The routes read the VAPID public key from the app secret
  // and write the caller's devices; the consumers read the recipient's devices, room row and marks,
  // put marks, delete gone devices (a transaction with the count), and sign with the private key.
  'http/push/': ['table', 'appSecret'],
  // Organizations (issue 16): the application and review state, casts, sales. The form's logo goes
  // through the media pipeline; cast actions end the cast's sessions (sockets); a removal deletes
  // the cast's pictures as leaving does.
  'http/organizations/': ['table', 'appSecret'],
  'http/organizations/save': ['table', 'appSecret', 'uploads'],
  'http/organizations/logo-url': ['table', 'appSecret', 'uploads'],
  'http/organizations/cast-': ['table', 'appSecret', 'wsManage'],
  'http/organizations/cast-remove': ['table', 'appSecret', 'wsManage', 'mediaDelete'],
  // The operators' console (issue 17): sign-in (tokens, the TOTP secret sealed with the app
  // secret) and every section's reads and writes. A section whose handlers mail, close sockets or
  // delete media gives those handlers their own entry.
  'http/admin/': ['table', 'appSecret'],
  // Console: reports and users (helper reports): a reported file by presigned GET; an action's
  // push to the room and a suspension's sockets; an operator's removal of a picture.
  'http/admin/reports-get': ['table', 'appSecret', 'uploads'],
  'http/admin/reports-action': ['table', 'appSecret', 'wsManage'],
  'http/admin/users-status': ['table', 'appSecret', 'wsManage'],
  'http/admin/users-image-delete': ['table', 'appSecret', 'mediaDelete'],
  //
  // Console: withdrawals and the transfer file (helper withdrawals)
  //
  // Console: news, the banner and points (helper content). The banner's picture goes through the
  // media pipeline (presigned POST, the check, the re-encoded copy); a replaced or removed picture
  // is deleted.
  'http/admin/banner-upload-url': ['table', 'appSecret', 'uploads'],
  'http/admin/banner-save': ['table', 'appSecret', 'uploads', 'mediaDelete'],
  'http/admin/banner-remove': ['table', 'appSecret', 'mediaDelete'],
  //
  // Console: organization reviews and item moderation (helper review)
  // The review mails the owner; the item screens sign GETs of private files (presigned with the
  // function's role); the two removals delete the file's processed folder.
  'http/admin/organizations-approve': ['table', 'appSecret', 'sendMail'],
  'http/admin/organizations-reject': ['table', 'appSecret', 'sendMail'],
  'http/admin/items-': ['table', 'appSecret', 'uploads'],
  'http/admin/items-list': ['table', 'appSecret'],
  'http/admin/items-thumbnail-delete': ['table', 'appSecret', 'uploads', 'mediaDelete'],
  'http/admin/items-sample-delete': ['table', 'appSecret', 'uploads', 'mediaDelete'],
  //
  // Console: stamps and campaigns (helper catalog): a stamp's picture goes through the media
  // pipeline (the upload form, its check and re-encoding, the replaced picture's deletion).
  'http/admin/catalog-stamp-picture-url': ['table', 'appSecret', 'uploads'],
  'http/admin/catalog-stamp-create': ['table', 'appSecret', 'uploads'],
  'http/admin/catalog-stamp-update': ['table', 'appSecret', 'uploads'],
  //
  // Console: the dashboard (helper dashboard). The route only reads (the figures, counts of the
  // queues); the platform-stats consumers write a mark and ADD to a day's shard in one
  // transaction (PutItem and UpdateItem), and read the mark to tell a repeat.
  'http/admin/dashboard': ['tableRead', 'appSecret'],
  'streams/platform-stats-': ['tableRead', 'tableCreate', 'tableUpdate'],
  // Console: access and the audit log (helper access)
  //
  'streams/push-': ['table', 'appSecret'],
  // Queue consumers (manifest `queues`; their receive and delete come with the event source
  // mapping). Broadcast deliveries: recipients' outcomes, messages and rooms, live pushes.
  'queues/': ['table', 'wsManage'],
  // A scheduled broadcast's chunks: messages into fans' rooms, pushed live with presigned URLs of its files.
  'queues/broadcast-deliveries': ['table', 'wsManage', 'uploads'],
};

/** The manifest queues `handler` sends to (it is one of their `producers`). */
export function queuesSentBy(handler: string, list: readonly QueueDef[] = manifestQueues): QueueDef[] {
  return list.filter((q) => q.producers.includes(handler));
}

/** The handler's grants by its longest prefix, plus `queueSend` when it produces for a queue. */
export function grantsFor(handler: string, list: readonly QueueDef[] = manifestQueues): readonly Grant[] {
  const prefix = Object.keys(grantsByHandlerPrefix)
    .filter((p) => handler === p || handler.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];
  if (prefix === undefined) {
    throw new Error(`No grants for handler '${handler}': add its area to infra/src/grants.ts`);
  }
  const byPrefix = grantsByHandlerPrefix[prefix] as readonly Grant[];
  return queuesSentBy(handler, list).length > 0 ? [...byPrefix, 'queueSend'] : byPrefix;
}
