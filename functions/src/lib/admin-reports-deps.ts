/**
 * Dependencies of the console's reports and users handlers (issue 17): the media bucket (a reported
 * file's presigned GET, an operator's picture removal) and the @connections API (a deleted
 * message's push, a suspension's sockets), each only where a handler needs it.
 */
import { getDb } from '../db/service.ts';
import type { AdminReportDeps } from '../services/admin/reports.ts';
import type { AdminUserDeps } from '../services/admin/users.ts';
import { connections } from './aws/connections.ts';
import type { Clock } from './clock.ts';
import { env } from './env.ts';
import { s3MediaStore } from './media-store.ts';

/** Reading a report: its file by presigned GET. */
export function reportReadDeps() {
  return { db: getDb(), media: s3MediaStore(), scan: env().MEDIA_SCAN };
}

/** Acting on a report: the message's push, the suspension's sockets. */
export function reportActionDeps(clock: Clock): AdminReportDeps {
  const sockets = connections();
  return { db: getDb(), clock, sender: sockets, sockets, media: s3MediaStore(), scan: env().MEDIA_SCAN };
}

/** A person's page and its actions. */
export function userDeps(clock: Clock): AdminUserDeps {
  return {
    db: getDb(),
    clock,
    sockets: connections(),
    media: s3MediaStore(),
    scan: env().MEDIA_SCAN,
    siteUrl: env().SITE_URL,
  };
}

/** Reading a person's page: the pictures' public URLs. */
export function userReadDeps() {
  return { db: getDb(), siteUrl: env().SITE_URL };
}
